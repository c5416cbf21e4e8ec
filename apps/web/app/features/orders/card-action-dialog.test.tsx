import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { CARD_ACTION_MODAL_ID, MODAL_REGISTRY, ModalRoot } from "../../shared/modal/modal-root.tsx";
import { AppProviders } from "../../shell/providers/app-providers.tsx";
import { fakeOidcClient, stubApi } from "../../test-render.tsx";
import { CARD_ACTION_TITLE, CardActionDialog } from "./card-action-dialog.tsx";
import { AUTHENTICATION_FAILED, type CardActionResult, intentIdOf, useCardPayment } from "./card-payment.ts";

function Harness({ secret }: { secret: string }) {
  const card = useCardPayment();
  const [result, setResult] = useState<CardActionResult | null>(null);
  return (
    <>
      <button type="button" onClick={() => void card.handleCardAction(secret).then(setResult)}>
        Paga
      </button>
      <output>{result ? JSON.stringify(result) : ""}</output>
    </>
  );
}

function renderAction(secret = "pi_42_secret_s") {
  render(
    <AppProviders authClient={fakeOidcClient()}>
      <Harness secret={secret} />
      <ModalRoot registry={{ ...MODAL_REGISTRY, [CARD_ACTION_MODAL_ID]: CardActionDialog }} />
    </AppProviders>,
  );
  const opener = screen.getByRole("button", { name: "Paga" });
  opener.focus();
  fireEvent.click(opener);
}

describe("the 3-D Secure challenge (handleCardAction)", () => {
  it("reads the intent of a client secret", () => {
    expect(intentIdOf("pi_3Nx9Ab_secret_kM2")).toBe("pi_3Nx9Ab");
    expect(intentIdOf("not a secret")).toBeNull();
  });

  it("shows the amount in an accessible dialog and resolves with the intent once approved", async () => {
    const { calls } = stubApi({
      "GET /v1/sandbox/3ds/pi_42": { status: 200, body: { amount: 1234.5, status: "requires_action" } },
      "POST /v1/sandbox/3ds/pi_42": { status: 200, body: { status: "requires_confirmation" } },
    });
    renderAction();
    const dialog = await screen.findByRole("dialog", { name: CARD_ACTION_TITLE });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(dialog);
    expect(await within(dialog).findByText("1.234,50 €")).toBeTruthy();
    expect(calls[0]?.url).toContain("/v1/sandbox/3ds/pi_42?client_secret=pi_42_secret_s");

    fireEvent.click(within(dialog).getByRole("button", { name: "Approva" }));
    await waitFor(() =>
      expect(document.querySelector("output")?.textContent).toBe('{"paymentIntentId":"pi_42"}'),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.at(-1)?.body).toEqual({ client_secret: "pi_42_secret_s", approve: true });
  });

  it("resolves with the Italian error when refused", async () => {
    const { calls } = stubApi({
      "GET /v1/sandbox/3ds/pi_42": { status: 200, body: { amount: 10, status: "requires_action" } },
      "POST /v1/sandbox/3ds/pi_42": { status: 200, body: { status: "requires_payment_method" } },
    });
    renderAction();
    const dialog = await screen.findByRole("dialog", { name: CARD_ACTION_TITLE });
    fireEvent.click(within(dialog).getByRole("button", { name: "Rifiuta" }));
    await waitFor(() =>
      expect(document.querySelector("output")?.textContent).toBe(
        JSON.stringify({ error: AUTHENTICATION_FAILED }),
      ),
    );
    expect(calls.at(-1)?.body).toEqual({ client_secret: "pi_42_secret_s", approve: false });
  });

  it("closing the dialog with Escape refuses, as leaving the bank's page does", async () => {
    const { calls } = stubApi({
      "GET /v1/sandbox/3ds/pi_42": { status: 200, body: { amount: 10, status: "requires_action" } },
      "POST /v1/sandbox/3ds/pi_42": { status: 200, body: { status: "requires_payment_method" } },
    });
    renderAction();
    const dialog = await screen.findByRole("dialog", { name: CARD_ACTION_TITLE });
    await act(async () => {
      fireEvent.keyDown(dialog, { key: "Escape" });
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.querySelector("output")?.textContent).toBe(
      JSON.stringify({ error: AUTHENTICATION_FAILED }),
    );
    expect(
      calls.some((c) => c.method === "POST" && (c.body as { approve?: boolean }).approve === false),
    ).toBe(true);
  });

  it("says when the challenge cannot be loaded, and offers no approval", async () => {
    stubApi({
      "GET /v1/sandbox/3ds/pi_42": {
        status: 404,
        body: { code: "NOT_FOUND", message: "La risorsa richiesta non esiste.", requestId: "r" },
      },
    });
    renderAction();
    const dialog = await screen.findByRole("dialog", { name: CARD_ACTION_TITLE });
    expect(await within(dialog).findByText("La risorsa richiesta non esiste.")).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: "Approva" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("a client secret without an intent fails at once with the generic card message", async () => {
    stubApi({});
    renderAction("garbage");
    await waitFor(() =>
      expect(document.querySelector("output")?.textContent).toContain("verifica i dati inseriti"),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
