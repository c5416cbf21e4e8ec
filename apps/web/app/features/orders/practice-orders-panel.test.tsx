import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { PRACTICE, PRACTICE_ID } from "../practices/practice-test-helpers.ts";
import { paidOrder } from "./orders-test-helpers.tsx";
import { PracticeOrdersPanel } from "./practice-orders-panel.tsx";

const TAKEDOWN = paidOrder().lines[0] as NonNullable<ReturnType<typeof paidOrder>["lines"][0]>;
const ORDER = paidOrder({
  lines: [TAKEDOWN, { ...TAKEDOWN, productCode: "INJUCTION", name: "Diffida", finalPrice: 80 }],
  amount: 200,
});

describe("staff's orders and refunds on the case page", () => {
  it("refunds one service after asking the reason, then shows it refunded", async () => {
    let refunded = false;
    const after = {
      ...ORDER,
      status: "PARTIALLY_REFUNDED",
      lines: [TAKEDOWN, { ...ORDER.lines[1], refunded: true }],
    };
    const { calls } = stubApi({
      [`GET /v1/practices/${PRACTICE_ID}/orders`]: () => ({ status: 200, body: [refunded ? after : ORDER] }),
      [`POST /v1/orders/${ORDER.id}/refunds`]: () => {
        refunded = true;
        return { status: 201, body: after };
      },
    });
    renderWithApp(<PracticeOrdersPanel practice={PRACTICE} />);
    const card = await screen.findByRole("article", { name: "Ordine del 24 novembre 2026" });
    expect(within(card).getByRole("button", { name: "Rimborsa l'intero ordine" })).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Rimborsa Diffida" }));

    const dialog = await screen.findByRole("dialog", { name: "Confermi il rimborso?" });
    expect(dialog.textContent).toContain("Rimborsiamo Diffida: 80,00 €");
    fireEvent.change(within(dialog).getByLabelText(/^Motivo/), { target: { value: "REVIEW_BLOCKED" } });
    fireEvent.change(within(dialog).getByLabelText(/^Nota interna/), { target: { value: "Revisione" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Conferma il rimborso" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const sent = calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ productCodes: ["INJUCTION"], reason: "REVIEW_BLOCKED", note: "Revisione" });
    expect(typeof sent.idempotencyKey).toBe("string");
    expect(await screen.findByText("Rimborso eseguito: Diffida.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Rimborsa Diffida" })).toBeNull());
    expect(screen.getByRole("article").textContent).toContain("rimborsato in parte");
  });

  it("keeps the dialog open with the API's message when the refund fails, and retries with the same key", async () => {
    let attempts = 0;
    const { calls } = stubApi({
      [`GET /v1/practices/${PRACTICE_ID}/orders`]: { status: 200, body: [ORDER] },
      [`POST /v1/orders/${ORDER.id}/refunds`]: () =>
        ++attempts === 1
          ? {
              status: 503,
              body: { code: "SERVICE_UNAVAILABLE", message: "Il circuito non ha risposto.", requestId: "r" },
            }
          : { status: 201, body: ORDER },
    });
    renderWithApp(<PracticeOrdersPanel practice={PRACTICE} />);
    fireEvent.click(await screen.findByRole("button", { name: "Rimborsa l'intero ordine" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Conferma il rimborso" }));
    expect(await within(dialog).findByText("Il circuito non ha risposto.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Conferma il rimborso" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const keys = calls
      .filter((c) => c.method === "POST")
      .map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it("offers to retry a refund the provider did not confirm, with that refund's own key", async () => {
    const pending = "5b0f3c1e-7a2d-4c55-9e61-3f7a8d2b1c41";
    const order = { ...ORDER, lines: [{ ...TAKEDOWN, pendingRefundId: pending }, ORDER.lines[1]] };
    const { calls } = stubApi({
      [`GET /v1/practices/${PRACTICE_ID}/orders`]: { status: 200, body: [order] },
      [`POST /v1/orders/${ORDER.id}/refunds`]: { status: 201, body: order },
    });
    renderWithApp(<PracticeOrdersPanel practice={PRACTICE} />);
    const card = await screen.findByRole("article");
    expect(card.textContent).toContain("Rimborso in corso");
    expect(within(card).queryByRole("button", { name: "Rimborsa Takedown" })).toBeNull();
    // Only one line is left to refund: no "whole order" button.
    expect(within(card).queryByRole("button", { name: "Rimborsa l'intero ordine" })).toBeNull();
    fireEvent.click(within(card).getByRole("button", { name: "Riprova il rimborso di Takedown" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Conferma il rimborso" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
        productCodes: ["TAKEDOWN"],
        idempotencyKey: pending,
      }),
    );
  });
});
