import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeOidcClient, renderWithApp, stubApi } from "../../test-render.tsx";
import { LoginForm, LoginPage, loginContextFrom } from "./login-page.tsx";

const INTERACTION = { uid: "uid-1", prompt: "login", csrfToken: "csrf-1" };

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Accedi" }));
}

describe("login form (embedded sign-in step)", () => {
  it("posts the credentials with the CSRF header and follows redirectTo", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const { calls } = stubApi({
      "POST /v1/auth/interactions/uid-1/login": { status: 200, body: { redirectTo: "/oidc/auth/uid-1" } },
    });
    renderWithApp(<LoginForm interaction={INTERACTION} />);
    fillAndSubmit("giulia@example.it", "Segreta123");
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(String(assign.mock.calls[0]?.[0])).toMatch(/\/oidc\/auth\/uid-1$/);
    expect(calls[0]?.body).toEqual({ email: "giulia@example.it", password: "Segreta123" });
    expect(calls[0]?.headers.get("x-csrf-token")).toBe("csrf-1");
    expect(calls[0]?.headers.has("Authorization")).toBe(false);
  });

  it("asks for the app's code after the password when the account has a second factor, then follows redirectTo", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const wrongCode = "Il codice non è corretto o è già stato usato: controlla l'app e riprova.";
    let codes = 0;
    const { calls } = stubApi({
      "POST /v1/auth/interactions/uid-1/login": { status: 200, body: { secondFactorToken: "step-1" } },
      "POST /v1/auth/interactions/uid-1/second-factor": () =>
        ++codes === 1
          ? { status: 401, body: { code: "INVALID_CREDENTIALS", message: wrongCode, requestId: "r" } }
          : { status: 200, body: { redirectTo: "/oidc/auth/uid-1" } },
    });
    renderWithApp(<LoginForm interaction={INTERACTION} />);
    fillAndSubmit("avvocata@example.it", "Segreta123");
    const code = await screen.findByLabelText(/^Codice/);
    expect(assign).not.toHaveBeenCalled();
    fireEvent.change(code, { target: { value: "000000" } });
    fireEvent.click(screen.getByRole("button", { name: "Verifica" }));
    expect((await screen.findByRole("alert")).textContent).toBe(wrongCode);
    fireEvent.change(code, { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verifica" }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(String(assign.mock.calls[0]?.[0])).toMatch(/\/oidc\/auth\/uid-1$/);
    expect(calls[2]?.body).toEqual({ secondFactorToken: "step-1", code: "123456" });
    expect(calls[2]?.headers.get("x-csrf-token")).toBe("csrf-1");
  });

  it("shows the API's message on 401", async () => {
    stubApi({
      "POST /v1/auth/interactions/uid-1/login": {
        status: 401,
        body: { code: "UNAUTHORIZED", message: "Email o password non corretti.", requestId: "r" },
      },
    });
    renderWithApp(<LoginForm interaction={INTERACTION} />);
    fillAndSubmit("giulia@example.it", "Sbagliata1");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Email o password non corretti.");
    expect(screen.queryByRole("button", { name: "Invia di nuovo l'email di conferma" })).toBeNull();
  });

  it("offers to resend the confirmation mail on EMAIL_NOT_VERIFIED", async () => {
    const { calls } = stubApi({
      "POST /v1/auth/interactions/uid-1/login": {
        status: 403,
        body: { code: "EMAIL_NOT_VERIFIED", message: "Devi prima confermare la tua email.", requestId: "r" },
      },
      "POST /v1/users/verification/resend": {
        status: 202,
        body: { message: "Se l'indirizzo è registrato, ti abbiamo inviato una nuova email." },
      },
    });
    renderWithApp(<LoginForm interaction={INTERACTION} />);
    fillAndSubmit("giulia@example.it", "Segreta123");
    expect((await screen.findByRole("alert")).textContent).toBe("Devi prima confermare la tua email.");

    fireEvent.click(screen.getByRole("button", { name: "Invia di nuovo l'email di conferma" }));
    await screen.findByText("Se l'indirizzo è registrato, ti abbiamo inviato una nuova email.");
    expect(calls.at(-1)).toMatchObject({
      method: "POST",
      url: "/v1/users/verification/resend",
      body: { email: "giulia@example.it" },
    });
  });

  it("prefills the email from the provider's login hint and validates before sending", async () => {
    const { fetchMock } = stubApi({});
    renderWithApp(<LoginForm interaction={{ ...INTERACTION, loginHint: "giulia@example.it" }} />);
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe("giulia@example.it");
    fireEvent.click(screen.getByRole("button", { name: "Accedi" }));
    expect(await screen.findByText("Campo Obbligatorio")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("/account/login", () => {
  it("with ?error= shows the text and a retry button instead of redirecting", async () => {
    const authClient = fakeOidcClient();
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    renderWithApp(<LoginPage />, { url: "/account/login?error=Utente%20sospeso", authClient });
    expect(screen.getByRole("alert").textContent).toBe("Utente sospeso");
    expect(screen.getByRole("link", { name: "Hai dimenticato la password?" }).getAttribute("href")).toBe(
      "/account/reset",
    );
    expect(screen.getByRole("link", { name: "Non hai un account? Registrati" }).getAttribute("href")).toBe(
      "/account/register",
    );
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(authClient.beginLogin).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Riprova ad accedere" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://argine.test/oidc/auth?state=s"));
  });

  it("without uid starts the authorization request carrying practiceId, once the session check is done, leaving no step in the history", async () => {
    const authClient = fakeOidcClient();
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const replace = vi.spyOn(window.location, "replace").mockImplementation(() => {});
    renderWithApp(<LoginPage />, { url: "/account/login?practiceId=p-42", authClient });
    await waitFor(() => expect(replace).toHaveBeenCalledOnce());
    expect(assign).not.toHaveBeenCalled();
    expect(authClient.beginLogin).toHaveBeenCalledWith({ practiceId: "p-42" });
  });

  it.each([
    [true, 0],
    [false, 1],
  ])("when the page's inline start is leaving (%s), starts %i login of its own", async (leaving, starts) => {
    // Waits for the page to have read the outcome and for that promise's continuations, not for a time that
    // a busy machine can outlast.
    const outcome = Promise.resolve(leaving);
    let read = false;
    Object.defineProperty(window, "__argineEarlyLogin", {
      configurable: true,
      get: () => {
        read = true;
        return outcome;
      },
    });
    try {
      const authClient = fakeOidcClient();
      vi.spyOn(window.location, "replace").mockImplementation(() => {});
      renderWithApp(<LoginPage />, { url: "/account/login", authClient });
      expect(await screen.findByText("Ti stiamo portando alla pagina di accesso sicura…")).toBeTruthy();
      await waitFor(() => expect(read).toBe(true));
      // A task later, every continuation of the settled outcome has run.
      await new Promise((resolve) => setTimeout(resolve, 0));
      await waitFor(() => expect(authClient.beginLogin).toHaveBeenCalledTimes(starts));
    } finally {
      delete window.__argineEarlyLogin;
    }
  });

  it("with uid shows the form, or the expired message with a way to start again", async () => {
    stubApi({
      "GET /v1/auth/interactions/old": {
        status: 404,
        body: { code: "NOT_FOUND", message: "Il tentativo di accesso è scaduto.", requestId: "r" },
      },
    });
    renderWithApp(<LoginPage />, { url: "/account/login?uid=old" });
    expect((await screen.findByRole("alert")).textContent).toBe("Il tentativo di accesso è scaduto.");
    expect(screen.getByRole("button", { name: "Riprova ad accedere" })).toBeTruthy();
  });

  it("reads practiceId from the query or the state and keeps only local return targets", () => {
    expect(
      loginContextFrom(new URLSearchParams("practiceId=p-1"), { returnTo: "/dashboard/orders" }),
    ).toEqual({
      practiceId: "p-1",
      returnTo: "/dashboard/orders",
    });
    expect(loginContextFrom(new URLSearchParams("returnTo=//evil.example"), { practiceId: "p-2" })).toEqual({
      practiceId: "p-2",
    });
  });
});
