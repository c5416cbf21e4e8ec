import type {
  Order,
  OrderAbandonResponse,
  OrderCreateBody,
  OrderResponse,
  PaymentCode,
} from "@argine/core/orders/orders-api";
import { cardErrorMessage } from "@argine/core/shared/messages";
import { errorCode, toHttpError } from "../../shared/http/http-error.ts";
import type { CardPayment, CardSource } from "./card-payment.ts";
import { type Attempt, answeredForGood, openAttempt } from "./checkout-attempt.ts";

// Spec §4 "Payment flow", one checkout attempt:
//   1. create the order (with the card's payment method when a card pays);
//   2. requires_action: the card action with the client secret;
//   3. the card action failed: the attempt is given up on the server, so the campaign's budget, the voucher
//      and the gift card it reserved go back at once (ADR 014), and the payment is refused (the caller
//      records it and goes to the error route);
//   4. it succeeded: create the order again with the payment intent id;
//   5. an order came back: paid.
// Both calls carry the attempt's one idempotency key, so a doubled submit makes one order and one charge.
// A submit whose answer was lost is sent again as the same attempt, same key and same body; a definite
// answer ends it, so "Riprova" after a refusal is a new attempt with a new key (ADR 014, checkout-attempt.ts).

/** The checkout as the form gives it, without the attempt's key and payment. */
export type CheckoutRequest = Omit<OrderCreateBody, "idempotencyKey" | "payment">;

/** A card or a 3-D Secure refusal: its Italian message goes to the payment error page. */
export class PaymentRefused extends Error {}

export interface PaymentDependencies {
  createOrder: (body: OrderCreateBody) => Promise<OrderResponse>;
  /** Gives up the attempt of this key (POST /v1/orders/abandon). */
  abandonOrder?: (idempotencyKey: string) => Promise<OrderAbandonResponse>;
  card: CardPayment;
  /** A new attempt's key (a random UUID unless a test fixes it). */
  newKey?: () => string;
}

const stripe = (code: PaymentCode): OrderCreateBody["payment"] => ({
  type: "STRIPE",
  code: JSON.stringify(code),
});

/**
 * Creates the order; a card the provider refused when the intent was confirmed comes back as the API's 402
 * PAYMENT_FAILED with the card's Italian message (apps/api orders-service), a payment ko like the others.
 */
async function createOrRefuse(deps: PaymentDependencies, body: OrderCreateBody): Promise<OrderResponse> {
  try {
    return await deps.createOrder(body);
  } catch (reason) {
    if (errorCode(reason) === "PAYMENT_FAILED") throw new PaymentRefused(toHttpError(reason).message);
    throw reason;
  }
}

/**
 * Runs the attempt of this request. Resolves with the paid order; rejects with PaymentRefused when the card
 * or its authentication was refused, or with the API's error when the order itself was refused or its answer
 * lost (the form shows it).
 */
export async function payOrder(
  request: CheckoutRequest,
  card: CardSource | null,
  deps: PaymentDependencies,
): Promise<Order> {
  const attempt = await openAttempt(request, card, deps.newKey);
  try {
    const order = await pay(request, card, deps, attempt);
    attempt.close();
    return order;
  } catch (reason) {
    if (reason instanceof PaymentRefused || answeredForGood(reason)) attempt.close();
    throw reason;
  }
}

async function pay(
  request: CheckoutRequest,
  card: CardSource | null,
  deps: PaymentDependencies,
  attempt: Attempt,
): Promise<Order> {
  const idempotencyKey = attempt.key;
  let payment: OrderCreateBody["payment"];
  if (card) {
    let paymentMethodId = attempt.paymentMethodId;
    if (!paymentMethodId) {
      try {
        paymentMethodId = (await deps.card.createPaymentMethod(card)).id;
      } catch (reason) {
        // Nobody answered for the card endpoint: not the card's refusal, the form stays to send again.
        if (errorCode(reason) === "SERVICE_UNAVAILABLE") throw reason;
        throw new PaymentRefused(toHttpError(reason).message);
      }
      attempt.cardMade(paymentMethodId);
    }
    payment = stripe({ payment_method_id: paymentMethodId });
  }
  let response = await createOrRefuse(deps, { ...request, idempotencyKey, ...(payment ? { payment } : {}) });
  if (response.requires_action) {
    const secret = response.payment_intent_client_secret;
    const action = secret ? await deps.card.handleCardAction(secret) : { error: cardErrorMessage(undefined) };
    if ("error" in action) {
      // Best effort: unanswered, the server still releases the attempt at its expiry.
      const given = await deps.abandonOrder?.(idempotencyKey).catch(() => null);
      // The card went through before the action's error reached the page: paid after all.
      if (given?.order) return given.order;
      throw new PaymentRefused(action.error);
    }
    response = await createOrRefuse(deps, {
      ...request,
      idempotencyKey,
      payment: stripe({ payment_intent_id: action.paymentIntentId }),
    });
  }
  const order = response.order;
  if (!order || order.status === "FAILED")
    throw new PaymentRefused(order?.error ?? cardErrorMessage(undefined));
  return order;
}
