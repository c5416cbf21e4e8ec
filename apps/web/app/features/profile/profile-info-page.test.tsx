import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { ProfileInfoPage } from "./profile-info-page.tsx";
import { ME } from "./profile-test-helpers.ts";

function input(label: RegExp): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

describe("/dashboard/profile/info", () => {
  it("sends only the profile fields, shows the email read-only and confirms", async () => {
    const { calls } = stubApi({
      "GET /v1/users/me": { status: 200, body: ME },
      "PATCH /v1/users/me": ({ body }) => ({ status: 200, body: { ...ME, ...(body as object) } }),
    });
    renderWithApp(<ProfileInfoPage />);
    await screen.findByDisplayValue("Giulia");
    expect(screen.getByText("giulia@example.it")).toBeTruthy();
    expect(screen.queryByDisplayValue("giulia@example.it")).toBeNull();

    fireEvent.change(input(/^Nome/), { target: { value: "Giulia Maria" } });
    fireEvent.change(input(/^Cellulare/), { target: { value: "333 123 4567" } });
    fireEvent.click(input(/testo completo dei messaggi/));
    fireEvent.click(screen.getByRole("button", { name: "Salva i dati" }));

    await screen.findByText("I tuoi dati sono stati aggiornati.");
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({
      name: "Giulia Maria",
      lastname: "Rossi",
      cellPhone: "3331234567",
      marketingConsent: false,
      mailFullText: true,
    });
  });

  it("sends only the password fields and shows WRONG_PASSWORD on the old password", async () => {
    const { calls } = stubApi({
      "GET /v1/users/me": { status: 200, body: ME },
      "PATCH /v1/users/me": {
        status: 400,
        body: { code: "WRONG_PASSWORD", message: "La password attuale non è corretta.", requestId: "r" },
      },
    });
    renderWithApp(<ProfileInfoPage />);
    await screen.findByDisplayValue("Giulia");
    fireEvent.change(input(/^Password attuale/), { target: { value: "Vecchia123" } });
    fireEvent.change(input(/^Nuova password/), { target: { value: "Tranquilla42" } });
    fireEvent.change(input(/^Conferma la nuova password/), { target: { value: "Tranquilla42" } });
    fireEvent.click(screen.getByRole("button", { name: "Cambia password" }));

    await screen.findByText("La password attuale non è corretta.");
    const oldPassword = input(/^Password attuale/);
    expect(oldPassword.getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(oldPassword));
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({
      oldPassword: "Vecchia123",
      password: "Tranquilla42",
    });
  });
});
