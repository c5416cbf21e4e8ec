import { MESSAGES } from "@argine/core/shared/messages";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { clearFeedbackClaim, writeFeedbackClaim } from "../../shared/store/browser-storage.ts";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { RegisterForm, RegisterPage } from "./register-page.tsx";

function field(label: RegExp): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

function fillValidForm() {
  fireEvent.change(field(/^Nome/), { target: { value: "Giulia" } });
  fireEvent.change(field(/^Cognome/), { target: { value: "Rossi" } });
  fireEvent.change(field(/^Email/), { target: { value: "giulia@example.it" } });
  fireEvent.change(field(/^Password/), { target: { value: "Tranquilla42" } });
  fireEvent.change(field(/^Conferma la password/), { target: { value: "Tranquilla42" } });
  fireEvent.change(field(/^Cellulare/), { target: { value: "+39 333 123 4567" } });
  fireEvent.click(field(/informativa sulla privacy/));
}

describe("registration", () => {
  it("shows a field's error only once it is touched (spec §5)", async () => {
    renderWithApp(<RegisterForm onRegistered={() => {}} />);
    const email = field(/^Email/);
    fireEvent.change(email, { target: { value: "non-una-email" } });
    expect(screen.queryByText("Non è una email valida!")).toBeNull();
    expect(email.getAttribute("aria-invalid")).toBeNull();

    fireEvent.blur(email);
    const error = await screen.findByText("Non è una email valida!");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("aria-describedby")).toContain(error.closest("p")?.id);
    // Untouched fields stay quiet, although they are empty and required.
    expect(screen.queryByText("Campo Obbligatorio")).toBeNull();
  });

  it("on submit shows every missing field, the privacy consent and the password rule hint", async () => {
    renderWithApp(<RegisterForm onRegistered={() => {}} />);
    expect(
      screen.getByText(
        "La password deve avere almeno 8 caratteri, con almeno 1 maiuscola, 1 minuscola e 1 numero.",
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Crea l'account" }));
    await waitFor(() => expect(screen.getAllByText("Campo Obbligatorio").length).toBe(5));
    expect(screen.getByText("Devi accettare l'informativa sulla privacy.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "informativa sulla privacy" }).getAttribute("href")).toBe(
      "/privacy",
    );
  });

  it("maps the API's details.issues onto the fields", async () => {
    stubApi({
      "POST /v1/users": {
        status: 400,
        body: {
          code: "BAD_REQUEST",
          message: "La richiesta non è valida: controlla i dati inseriti.",
          details: {
            issues: [
              { path: ["email"], message: "Questo indirizzo non può ricevere email." },
              { path: ["password"], message: "Questa password è tra le più usate e facili da indovinare." },
            ],
          },
          requestId: "r",
        },
      },
    });
    renderWithApp(<RegisterForm onRegistered={() => {}} />);
    fillValidForm();
    fireEvent.click(screen.getByRole("button", { name: "Crea l'account" }));

    await screen.findByText("Questo indirizzo non può ricevere email.");
    expect(field(/^Email/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Questa password è tra le più usate e facili da indovinare.")).toBeTruthy();
    expect(field(/^Password/).getAttribute("aria-invalid")).toBe("true");
    // Every issue found its field: no generic banner on top.
    expect(screen.queryByRole("alert")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field(/^Email/)));
  });

  it("keeps what was typed and says in Italian to retry when a process still starting answers 503", async () => {
    stubApi({ "POST /v1/users": { status: 503, body: { status: "starting" } } });
    renderWithApp(<RegisterForm onRegistered={() => {}} />);
    fillValidForm();
    fireEvent.click(screen.getByRole("button", { name: "Crea l'account" }));

    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.serviceUnavailable);
    expect(field(/^Nome/).value).toBe("Giulia");
    expect(field(/^Email/).value).toBe("giulia@example.it");
    expect(field(/^Password/).value).toBe("Tranquilla42");
    expect(field(/^Conferma la password/).value).toBe("Tranquilla42");
    expect(field(/informativa sulla privacy/).checked).toBe(true);
  });

  it("sends the registration body and shows the check-your-mail confirmation", async () => {
    const { calls } = stubApi({
      "POST /v1/users": {
        status: 202,
        body: { message: "Ti abbiamo inviato un'email: apri il link per confermare l'indirizzo." },
      },
    });
    renderWithApp(<RegisterPage />);
    await screen.findByRole("button", { name: "Crea l'account" });
    // Reached without a questionnaire's result: /feedback opens the questionnaire, and the link says so.
    expect(screen.getByRole("link", { name: "Vai al questionario gratuito" }).getAttribute("href")).toBe(
      "/feedback",
    );
    fillValidForm();
    fireEvent.click(screen.getByRole("button", { name: "Crea l'account" }));

    expect(await screen.findByRole("heading", { name: "Controlla la tua email" })).toBeTruthy();
    expect(
      screen.getByText("Ti abbiamo inviato un'email: apri il link per confermare l'indirizzo."),
    ).toBeTruthy();
    expect(calls.find((call) => call.url === "/v1/users")?.body).toEqual({
      name: "Giulia",
      lastname: "Rossi",
      email: "giulia@example.it",
      password: "Tranquilla42",
      cellPhone: "+393331234567",
      privacyConsent: true,
      marketingConsent: false,
    });
  });

  it("sends the practice this tab's questionnaire opened with the registration", async () => {
    writeFeedbackClaim({ practiceId: "5d9f3c1e-8a2b-4c6d-9e0f-1a2b3c4d5e6f", claimToken: "t".repeat(43) });
    const { calls } = stubApi({
      "POST /v1/users": { status: 202, body: { message: "Controlla la posta." } },
    });
    renderWithApp(<RegisterPage />);
    await screen.findByRole("button", { name: "Crea l'account" });
    fillValidForm();
    fireEvent.click(screen.getByRole("button", { name: "Crea l'account" }));

    await screen.findByRole("heading", { name: "Controlla la tua email" });
    expect(calls.find((call) => call.url === "/v1/users")?.body).toMatchObject({
      claim: { practiceId: "5d9f3c1e-8a2b-4c6d-9e0f-1a2b3c4d5e6f", claimToken: "t".repeat(43) },
    });
    expect(
      screen.getByText(/anche se apri il link da un'altra finestra o da un altro dispositivo/),
    ).toBeTruthy();
    clearFeedbackClaim();
  });

  it("passes on the practice the questionnaire sent, in the state of the login links", async () => {
    stubApi({
      "POST /v1/users": { status: 202, body: { message: "Ti abbiamo inviato un'email." } },
    });
    const { router } = renderWithApp(<RegisterPage />, { url: "/account/register" });
    // act: let React render the new location (and its state) before the link is clicked.
    await act(() => router.navigate("/account/register", { state: { practiceId: "p-77" } }));
    await screen.findByRole("button", { name: "Crea l'account" });
    // From the result, the way back names it as the product does (ADR 005 item 13), never "feedback".
    expect(
      screen.getByRole("link", { name: "Torna alla tua prima valutazione orientativa" }).getAttribute("href"),
    ).toBe("/feedback");
    expect(screen.queryByText(/feedback/i)).toBeNull();
    fireEvent.click(screen.getByRole("link", { name: "Hai già un account? Accedi" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/account/login"));
    expect(router.state.location.state).toEqual({ practiceId: "p-77" });
    expect(router.state.location.search).toBe("");

    await act(() => router.navigate("/account/register", { state: { practiceId: "p-77" } }));
    fillValidForm();
    fireEvent.click(screen.getByRole("button", { name: "Crea l'account" }));
    expect(
      await screen.findByText(/trovi nella tua area personale la pratica del questionario/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Vai all'accesso" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/account/login"));
    expect(router.state.location.state).toEqual({ practiceId: "p-77" });
  });
});
