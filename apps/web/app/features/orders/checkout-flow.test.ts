import type { OrderCreateBody, OrderResponse } from "@argine/core/orders/orders-api";
import { CARD_ERROR_MESSAGES, MESSAGES } from "@argine/core/shared/messages";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serviceUnavailable } from "../../shared/http/http-error.ts";
import type { CardPayment } from "./card-payment.ts";
import { dispatchCart, keptAttempt } from "./cart-store.ts";
import { PaymentRefused, payOrder } from "./checkout-flow.ts";
import { INVOICE, PRACTICE_ID, paidOrder } from "./orders-test-helpers.tsx";

afterEach(() => {
  dispatchCart({ type: "reset" });
  sessionStorage.clear();
});

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

// Issue 39: a submit whose answer was lost is sent again as the same attempt; a definite answer ends it.
describe("the attempt's key", () => {
  const SANDBOX_CARD = { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" };
  const paid: OrderResponse = {
    order: paidOrder(),
    requires_action: false,
    payment_intent_client_secret: null,
  };
  const apiError = (code: string, message: string) => ({ code, message, requestId: "r" });

  /** createOrder answering `answers` in turn (a rejection unless an OrderResponse, then paid), recording bodies. */
  function orders(...answers: unknown[]) {
    const bodies: OrderCreateBody[] = [];
    const createOrder = vi.fn(async (body: OrderCreateBody) => {
      bodies.push(body);
      const answer = answers[bodies.length - 1] ?? paid;
      if (typeof answer === "object" && answer && "requires_action" in answer) return answer as OrderResponse;
      throw answer;
    });
    let made = 0;
    const card: CardPayment = {
      createPaymentMethod: vi.fn(async () => ({ id: `pm_${++made}` })),
      handleCardAction: async () => ({ paymentIntentId: "pi_1" }),
    };
    let keys = 0;
    return { bodies, deps: { createOrder, card, newKey: () => `key-${++keys}` } };
  }

  const attempt = async (
    deps: ReturnType<typeof orders>["deps"],
    req: typeof request = request,
    withCard: typeof SANDBOX_CARD | null = SANDBOX_CARD,
  ) => payOrder(req, withCard, deps).catch((reason: unknown) => reason);

  it("is the same, with the same body and payment method, after a proxy's 502 or a network failure", async () => {
    // What the http client rejects with for nginx's page and for a failed fetch alike (ADR 041).
    const { bodies, deps } = orders(serviceUnavailable(), serviceUnavailable(), paid);
    expect(await attempt(deps)).toEqual(serviceUnavailable());
    expect(await attempt(deps)).toEqual(serviceUnavailable());
    expect(await attempt(deps)).toEqual(paidOrder());
    expect(bodies.map((b) => b.idempotencyKey)).toEqual(["key-1", "key-1", "key-1"]);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(deps.card.createPaymentMethod).toHaveBeenCalledTimes(1);
  });

  it("is the same after the API's 500, an error without an answer, or the API's 'payment in progress'", async () => {
    const { bodies, deps } = orders(
      apiError("UNKNOWN", MESSAGES.serverError),
      new TypeError("Failed to fetch"),
      apiError("CONFLICT", MESSAGES.orderInProgress),
      paid,
    );
    for (let i = 0; i < 4; i++) await attempt(deps);
    expect(new Set(bodies.map((b) => b.idempotencyKey))).toEqual(new Set(["key-1"]));
  });

  it("is the same after the second call's answer was lost: the attempt starts again from its first call", async () => {
    const challenge = { order: null, requires_action: true, payment_intent_client_secret: "pi_1_secret_x" };
    const { bodies, deps } = orders(challenge, serviceUnavailable(), challenge, paid);
    expect(await attempt(deps)).toEqual(serviceUnavailable());
    expect(await attempt(deps)).toEqual(paidOrder());
    expect(bodies.map((b) => [b.idempotencyKey, b.payment?.code])).toEqual([
      ["key-1", '{"payment_method_id":"pm_1"}'],
      ["key-1", '{"payment_intent_id":"pi_1"}'],
      ["key-1", '{"payment_method_id":"pm_1"}'],
      ["key-1", '{"payment_intent_id":"pi_1"}'],
    ]);
  });

  it("is new when the cart, the billing data or the payment choice changed after a lost answer", async () => {
    const { bodies, deps } = orders(serviceUnavailable(), serviceUnavailable(), serviceUnavailable(), paid);
    await attempt(deps);
    await attempt(deps, { ...request, items: ["TAKEDOWN", "INJUCTION"] });
    await attempt(deps, { ...request, items: ["TAKEDOWN", "INJUCTION"], voucherCode: "DEMO10" });
    await attempt(deps, { ...request, items: ["TAKEDOWN", "INJUCTION"], voucherCode: "DEMO10" }, null);
    expect(bodies.map((b) => b.idempotencyKey)).toEqual(["key-1", "key-2", "key-3", "key-4"]);
    // The billing data too, and the earlier request again is a new attempt once another was sent.
    const more = orders(serviceUnavailable(), serviceUnavailable(), serviceUnavailable(), paid);
    await attempt(more.deps);
    await attempt(more.deps, { ...request, invoice: { ...request.invoice, city: "Torino" } });
    await attempt(more.deps);
    expect(more.bodies.map((b) => b.idempotencyKey)).toEqual(["key-1", "key-2", "key-3"]);
  });

  it("keeps the key but makes a new payment method when the card typed in changed", async () => {
    const { bodies, deps } = orders(serviceUnavailable(), paid);
    await attempt(deps);
    await payOrder(request, { ...SANDBOX_CARD, number: "5555555555554444" }, deps);
    expect(bodies.map((b) => [b.idempotencyKey, b.payment?.code])).toEqual([
      ["key-1", '{"payment_method_id":"pm_1"}'],
      ["key-1", '{"payment_method_id":"pm_2"}'],
    ]);
  });

  it("is forgotten after a definite answer: paid, a refused card, an order the API refused", async () => {
    const { bodies, deps } = orders(
      paid,
      apiError("PAYMENT_FAILED", CARD_ERROR_MESSAGES.card_declined),
      apiError("CONFLICT", MESSAGES.orderNotPayable),
      apiError("BAD_REQUEST", MESSAGES.badRequest),
      paid,
    );
    expect(await attempt(deps)).toEqual(paidOrder());
    expect(keptAttempt()).toBeNull();
    expect(await attempt(deps)).toBeInstanceOf(PaymentRefused);
    await attempt(deps);
    await attempt(deps);
    await attempt(deps);
    expect(bodies.map((b) => b.idempotencyKey)).toEqual(["key-1", "key-2", "key-3", "key-4", "key-5"]);
    expect(deps.card.createPaymentMethod).toHaveBeenCalledTimes(5);
  });

  it("a lost answer of the card endpoint is not the card's refusal: the form stays to send again", async () => {
    const { bodies, deps } = orders();
    deps.card.createPaymentMethod = vi.fn(async () => Promise.reject(serviceUnavailable()));
    expect(await attempt(deps)).toEqual(serviceUnavailable());
    expect(bodies).toEqual([]);
  });
});
