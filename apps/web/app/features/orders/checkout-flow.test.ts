import type { OrderCreateBody } from "@argine/core/orders/orders-api";
import { describe, expect, it, vi } from "vitest";
import type { CardPayment } from "./card-payment.ts";
import { PaymentRefused, payOrder } from "./checkout-flow.ts";
import { INVOICE, PRACTICE_ID, paidOrder } from "./orders-test-helpers.tsx";

// Step 3 of spec §4's flow: a failed card action gives the attempt up on the server (ADR 014, issue 38).

const KEY = "7a1c1a52-4a0e-4d7b-9a39-0b8f3c2d1e09";
const request = {
  practiceId: PRACTICE_ID,
  items: ["TAKEDOWN"],
  invoice: INVOICE,
  salesConditionsAccepted: true,
  withdrawalWaiverAccepted: true,
} as Omit<OrderCreateBody, "idempotencyKey" | "payment">;
const card: CardPayment = {
  createPaymentMethod: async () => ({ id: "pm_3ds" }),
  handleCardAction: async () => ({ error: "Autenticazione non riuscita" }),
};
const challenged = async () => ({
  order: null,
  requires_action: true,
  payment_intent_client_secret: "pi_9_secret_x",
});

describe("a card action that failed", () => {
  it("gives the attempt up by its key, then is a payment ko", async () => {
    const abandonOrder = vi.fn(async () => ({ status: "FAILED" as const, order: null }));
    await expect(
      payOrder(request, "element", { createOrder: challenged, abandonOrder, card, newKey: () => KEY }),
    ).rejects.toEqual(new PaymentRefused("Autenticazione non riuscita"));
    expect(abandonOrder).toHaveBeenCalledWith(KEY);
  });

  it("is still a payment ko when the server does not answer", async () => {
    const abandonOrder = vi.fn(async () => Promise.reject(new Error("Server Error !")));
    await expect(
      payOrder(request, "element", { createOrder: challenged, abandonOrder, card, newKey: () => KEY }),
    ).rejects.toBeInstanceOf(PaymentRefused);
  });

  it("is paid after all when the card went through before the attempt could be given up", async () => {
    const order = paidOrder();
    const abandonOrder = vi.fn(async () => ({ status: "PAID" as const, order }));
    expect(
      await payOrder(request, "element", { createOrder: challenged, abandonOrder, card, newKey: () => KEY }),
    ).toEqual(order);
  });
});
