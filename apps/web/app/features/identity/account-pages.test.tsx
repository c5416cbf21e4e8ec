import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeOidcClient, renderWithApp, stubApi } from "../../test-render.tsx";
import { RegisterPage } from "./register-page.tsx";
import { ResetPage } from "./reset-page.tsx";
import { VerifyPage } from "./verify-page.tsx";

const EXTERNAL = {
  issuer: "https://id.example.org/realms/argine",
  clientId: "argine-web",
  audience: "https://argine.test/v1",
  scope: "openid profile email offline_access",
  embedded: false,
  idleSignOutSeconds: 900,
};

describe("account pages", () => {
  it("with an external provider, registration and reset say the account is managed there", async () => {
    const authClient = fakeOidcClient({ getConfig: vi.fn(async () => EXTERNAL) });
    renderWithApp(<RegisterPage />, { url: "/account/register", authClient });
    expect((await screen.findByText(/servizio di accesso esterno/)).textContent).toContain("id.example.org");
    expect(screen.queryByRole("button", { name: "Crea l'account" })).toBeNull();
    expect(screen.getByRole("button", { name: "Vai alla pagina di accesso" })).toBeTruthy();
  });

  it("reset with an external provider shows the same notice", async () => {
    const authClient = fakeOidcClient({ getConfig: vi.fn(async () => EXTERNAL) });
    renderWithApp(<ResetPage />, { url: "/account/reset", authClient });
    expect(await screen.findByText(/il recupero della password/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Invia il link" })).toBeNull();
  });

  it("verify confirms the mailed token once, strips it from the address and offers to log in", async () => {
    const { calls } = stubApi({
      "POST /v1/users/verification": {
        status: 200,
        body: { message: "Indirizzo email confermato: ora puoi accedere." },
      },
    });
    const { router } = renderWithApp(<VerifyPage />, { url: "/account/verify?token=tok-123" });
    expect(await screen.findByText("Indirizzo email confermato: ora puoi accedere.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Accedi" }).getAttribute("href")).toBe("/account/login");
    expect(calls.filter((call) => call.url === "/v1/users/verification").map((call) => call.body)).toEqual([
      { token: "tok-123" },
    ]);
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("verify shows the refusal and a way to get a new link", async () => {
    stubApi({
      "POST /v1/users/verification": {
        status: 400,
        body: {
          code: "INVALID_TOKEN",
          message: "Il link non è valido, è scaduto o è già stato usato.",
          requestId: "r",
        },
      },
    });
    renderWithApp(<VerifyPage />, { url: "/account/verify?token=old" });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Il link non è valido, è scaduto o è già stato usato.",
    );
    expect(screen.getByRole("button", { name: "Invia un nuovo link" })).toBeTruthy();
  });
});
