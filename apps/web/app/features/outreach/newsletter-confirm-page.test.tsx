import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { NewsletterConfirmPage } from "./newsletter-confirm-page.tsx";

const TOKEN = "abcDEF123_-abcDEF123_-abcDEF123_-abcDEF123_";

describe("/newsletter/confirm", () => {
  it("confirms with the link's token once, takes it out of the address and says so", async () => {
    const { calls } = stubApi({
      "POST /v1/newsletter/confirm": {
        status: 200,
        body: { message: "Iscrizione confermata: da ora riceverai la newsletter di Argine." },
      },
    });
    const { router } = renderWithApp(<NewsletterConfirmPage />, {
      url: `/newsletter/confirm?token=${TOKEN}`,
    });
    expect(
      await screen.findByText("Iscrizione confermata: da ora riceverai la newsletter di Argine."),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Torna alla home" }).getAttribute("href")).toBe("/");
    await waitFor(() => expect(router.state.location.search).toBe(""));
    const confirms = calls.filter((c) => c.url === "/v1/newsletter/confirm");
    expect(confirms).toHaveLength(1);
    expect(confirms[0]?.body).toEqual({ token: TOKEN });
    expect(screen.queryByRole("button", { name: "Iscriviti" })).toBeNull();
  });

  it("shows the API's error and offers to sign up again for a new link", async () => {
    stubApi({
      "POST /v1/newsletter/confirm": {
        status: 400,
        body: {
          code: "INVALID_TOKEN",
          message:
            "Il link di conferma non è valido, è scaduto o è già stato usato. Per ricevere un nuovo link iscriviti di nuovo.",
          requestId: "r",
        },
      },
    });
    renderWithApp(<NewsletterConfirmPage />, { url: `/newsletter/confirm?token=${TOKEN}` });
    expect(await screen.findByText(/Il link di conferma non è valido, è scaduto/)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Ricevi un nuovo link" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Iscriviti" })).toBeTruthy();
  });

  it("says the link is incomplete when it has no token, without calling the API", async () => {
    const { calls } = stubApi({});
    renderWithApp(<NewsletterConfirmPage />, { url: "/newsletter/confirm" });
    expect(await screen.findByText(/Il link di conferma non è completo/)).toBeTruthy();
    expect(calls.filter((c) => c.url.includes("/v1/newsletter"))).toHaveLength(0);
  });
});
