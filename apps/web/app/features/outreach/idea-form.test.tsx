import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { IdeaForm } from "./idea-form.tsx";

const control = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe("IdeaForm", () => {
  it("shows a field's error only once touched and in error", async () => {
    renderWithApp(<IdeaForm />);
    const description = control(/^Descrizione/);
    fireEvent.change(description, { target: { value: "Breve." } });
    expect(screen.queryByText("Scrivi almeno 30 caratteri.")).toBeNull();
    fireEvent.blur(description);
    const error = await screen.findByText("Scrivi almeno 30 caratteri.");
    expect(description.getAttribute("aria-describedby")).toContain(error.closest("p")?.id);

    const title = control(/^Titolo dell'idea/);
    fireEvent.change(title, { target: { value: "t".repeat(121) } });
    fireEvent.blur(title);
    expect(await screen.findByText("Puoi scrivere al massimo 120 caratteri.")).toBeTruthy();
    expect(screen.queryByText("Campo Obbligatorio")).toBeNull();
  });

  it("on an empty submit focuses the error summary and shows the Italian messages", async () => {
    stubApi({});
    renderWithApp(<IdeaForm />);
    fireEvent.click(screen.getByRole("button", { name: "Invia la tua idea" }));
    const summary = await screen.findByRole("region", { name: "Ci sono 5 errori da correggere" });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(
      within(summary).getByRole("button", { name: "Titolo dell'idea: Campo Obbligatorio" }),
    ).toBeTruthy();
    expect(screen.getAllByText("Campo Obbligatorio")).toHaveLength(4);
    expect(screen.getByText("Devi accettare l'informativa sulla privacy.")).toBeTruthy();
    expect(control(/informativa sulla privacy/).getAttribute("aria-invalid")).toBe("true");
  });

  it("sends the idea and shows the confirmation", async () => {
    const message =
      "Grazie! Abbiamo ricevuto la tua idea: la leggeremo con attenzione e ti risponderemo via email.";
    const { calls } = stubApi({ "POST /v1/ideas": { status: 201, body: { message } } });
    renderWithApp(<IdeaForm />);
    fireEvent.change(control(/^Nome e cognome/), { target: { value: "Luca Bianchi" } });
    fireEvent.change(control(/^Email/), { target: { value: "luca@example.it" } });
    fireEvent.change(control(/^Titolo dell'idea/), { target: { value: "Un corso per le scuole" } });
    fireEvent.change(control(/^Descrizione/), {
      target: { value: "Tre incontri per spiegare ai ragazzi come difendersi dal cyberbullismo." },
    });
    fireEvent.click(control(/informativa sulla privacy/));
    fireEvent.click(screen.getByRole("button", { name: "Invia la tua idea" }));

    expect((await screen.findByText(message)).closest("[role=status]")).toBeTruthy();
    expect(calls.find((c) => c.url === "/v1/ideas")?.body).toEqual({
      name: "Luca Bianchi",
      email: "luca@example.it",
      title: "Un corso per le scuole",
      description: "Tre incontri per spiegare ai ragazzi come difendersi dal cyberbullismo.",
      privacyAccepted: true,
    });
  });
});
