import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { PartnershipForm } from "./partnership-form.tsx";

const control = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

function fillValidForm() {
  fireEvent.change(control(/^Nome e cognome/), { target: { value: "Maria D'Amico" } });
  fireEvent.change(control(/^Email/), { target: { value: "maria@studio.it" } });
  fireEvent.change(control(/^Chi sei/), { target: { value: "LAW_FIRM" } });
  fireEvent.change(control(/^Messaggio/), {
    target: { value: "Vorremmo offrire consulenze alle vittime di diffamazione." },
  });
  fireEvent.click(control(/informativa sulla privacy/));
}

describe("PartnershipForm", () => {
  it("offers the six kinds in Italian", () => {
    renderWithApp(<PartnershipForm />);
    const options = [...(control(/^Chi sei/) as unknown as HTMLSelectElement).options].map((o) => o.text);
    expect(options).toEqual([
      "Scegli un'opzione",
      "Avvocato",
      "Studio legale",
      "Associazione",
      "Scuola o università",
      "Esperto informatico forense",
      "Altro",
    ]);
  });

  it("shows a field's error only once touched, then the length rule of the message", async () => {
    renderWithApp(<PartnershipForm />);
    const name = control(/^Nome e cognome/);
    fireEvent.change(name, { target: { value: "Maria <b>" } });
    expect(screen.queryByText("Non sono ammessi caratteri speciali.")).toBeNull();
    fireEvent.blur(name);
    expect(await screen.findByText("Non sono ammessi caratteri speciali.")).toBeTruthy();
    expect(name.getAttribute("aria-invalid")).toBe("true");

    const message = control(/^Messaggio/);
    fireEvent.change(message, { target: { value: "Troppo breve" } });
    expect(screen.getByText("12 / 2000 caratteri")).toBeTruthy();
    fireEvent.blur(message);
    expect(await screen.findByText("Scrivi almeno 20 caratteri.")).toBeTruthy();
    // Untouched required fields stay quiet.
    expect(screen.queryByText("Campo Obbligatorio")).toBeNull();
  });

  it("on an empty submit focuses the error summary and shows the Italian messages", async () => {
    const { calls } = stubApi({});
    renderWithApp(<PartnershipForm />);
    fireEvent.click(screen.getByRole("button", { name: "Invia la richiesta" }));

    const summary = await screen.findByRole("region", { name: "Ci sono 5 errori da correggere" });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(
      within(summary)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual([
      "Nome e cognome: Campo Obbligatorio",
      "Email: Campo Obbligatorio",
      "Chi sei: Campo Obbligatorio",
      "Messaggio: Campo Obbligatorio",
      "Informativa sulla privacy: Devi accettare l'informativa sulla privacy.",
    ]);
    // Each field shows its own message too; the optional organization does not.
    expect(screen.getAllByText("Campo Obbligatorio")).toHaveLength(4);
    expect(control(/^Organizzazione/).getAttribute("aria-invalid")).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("sends the request and shows the confirmation", async () => {
    const message =
      "Grazie! Abbiamo ricevuto la tua richiesta: ti risponderemo all'indirizzo email indicato.";
    const { calls } = stubApi({ "POST /v1/partnerships": { status: 201, body: { message } } });
    renderWithApp(<PartnershipForm />);
    fillValidForm();
    fireEvent.click(screen.getByRole("button", { name: "Invia la richiesta" }));

    expect((await screen.findByText(message)).closest("[role=status]")).toBeTruthy();
    expect(screen.getByText("Richiesta inviata")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Invia la richiesta" })).toBeNull();
    expect(calls.find((c) => c.url === "/v1/partnerships")?.body).toEqual({
      name: "Maria D'Amico",
      email: "maria@studio.it",
      kind: "LAW_FIRM",
      message: "Vorremmo offrire consulenze alle vittime di diffamazione.",
      privacyAccepted: true,
    });
  });

  it("puts the API's issues under their fields", async () => {
    stubApi({
      "POST /v1/partnerships": {
        status: 400,
        body: {
          code: "BAD_REQUEST",
          message: "Non è una email valida!",
          details: { issues: [{ path: ["email"], message: "Non è una email valida!" }] },
          requestId: "r",
        },
      },
    });
    renderWithApp(<PartnershipForm />);
    fillValidForm();
    fireEvent.click(screen.getByRole("button", { name: "Invia la richiesta" }));
    expect(await screen.findAllByText("Non è una email valida!")).not.toHaveLength(0);
    expect(control(/^Email/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("alert")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(control(/^Email/)));
  });
});
