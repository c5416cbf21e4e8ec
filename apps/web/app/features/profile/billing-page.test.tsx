import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { BillingPage } from "./billing-page.tsx";
import { ME } from "./profile-test-helpers.ts";

function control(label: RegExp): HTMLInputElement | HTMLSelectElement {
  return screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
}

describe("/dashboard/profile/invoice", () => {
  it("validates Italian billing data with the shared rules and sends the normalised values", async () => {
    const { calls } = stubApi({
      "GET /v1/users/me": { status: 200, body: ME },
      "PATCH /v1/users/me/invoice": ({ body }) => ({ status: 200, body: { ...ME, invoice: body } }),
    });
    renderWithApp(<BillingPage />);
    const country = (await screen.findByLabelText(/^Paese/)) as HTMLSelectElement;
    expect(country.value).toBe("IT");
    expect(within(country).getAllByRole("option")[0]?.textContent).toBe("Italia");
    const province = control(/^Provincia/) as HTMLSelectElement;
    expect(province.tagName).toBe("SELECT");
    expect(within(province).getByRole("option", { name: "Milano (MI)" })).toBeTruthy();

    fireEvent.change(control(/^Codice fiscale/), { target: { value: "rssmra85t10a562s" } });
    fireEvent.change(control(/^Indirizzo/), { target: { value: "Via Roma 1" } });
    fireEvent.change(control(/^CAP/), { target: { value: "2012" } });
    fireEvent.blur(control(/^CAP/));
    expect(await screen.findByText("CAP non valido: deve avere 5 cifre.")).toBeTruthy();

    fireEvent.change(control(/^CAP/), { target: { value: "20121" } });
    fireEvent.change(control(/^Città/), { target: { value: "Milano" } });
    fireEvent.change(province, { target: { value: "MI" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva i dati di fatturazione" }));

    await screen.findByText("I dati di fatturazione sono stati salvati.");
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({
      taxCode: "RSSMRA85T10A562S",
      address: "Via Roma 1",
      zip: "20121",
      city: "Milano",
      province: "MI",
      country: "IT",
    });
  });

  it("outside Italy the province is free text and the postal code optional", async () => {
    stubApi({ "GET /v1/users/me": { status: 200, body: ME } });
    renderWithApp(<BillingPage />);
    const country = (await screen.findByLabelText(/^Paese/)) as HTMLSelectElement;
    fireEvent.change(country, { target: { value: "DE" } });
    expect(control(/^Provincia, regione o stato/).tagName).toBe("INPUT");
    expect(control(/^Codice postale \(facoltativo\)/)).toBeTruthy();
  });
});
