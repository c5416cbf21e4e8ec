import { AppError } from "@argine/core/errors/app-error";
import type { PaymentIntentStatus } from "@argine/core/payments/sandbox-api";
import type { CspSources } from "../http/csp.ts";

// The card payment provider (ADR 014), Stripe's PaymentIntents with manual confirmation as the model:
//   1. the browser turns the card into a payment method (Stripe.js, or the sandbox's card endpoint) → pm_…;
//   2. the orders service creates and confirms an intent for the order's card amount with it;
//   3. `requires_action`: the browser does the card action (3-D Secure) with the client secret, then sends
//      the intent id back and the service confirms the intent again (confirm() answers an intent the card
//      action already completed as it is: the sandbox's approved challenge pays at once, as Stripe's
//      automatic confirmation does, so that its `payment_intent.succeeded` event alone completes the order);
//   4. `succeeded` pays the order; a refusal leaves the intent without a payment method and an error code
//      (core CARD_ERROR_MESSAGES), and the order fails.
// The provider also signs the events it sends to POST /v1/webhooks/{provider}, so an order whose browser
// went away after step 3 is still completed. Two engines: the embedded sandbox (the default, Stripe's test
// cards, its intents in the database) and Stripe (stripe-provider.ts, ADR 015, with its keys); in production
// without Stripe's keys, "none", which refuses every card payment (payments.ts).
// Call it outside the use case's transaction, as any call to another service: the sandbox works on its own
// connection (on PGlite, inside a transaction it would wait for ever for that transaction to end).

export type { PaymentIntentStatus };

export interface PaymentIntent {
  id: string;
  clientSecret: string;
  amountCents: number;
  status: PaymentIntentStatus;
  /** Why the card was refused (a key of core CARD_ERROR_MESSAGES, or a provider code), once it was. */
  errorCode: string | null;
  /** What the orders service attached: the order's id. */
  metadata: Record<string, string>;
}

/**
 * What an intent is made of, the same on every call for one order (the provider compares them, as Stripe
 * does an idempotent request's parameters): the amount, the key, the metadata naming the order.
 */
export interface IntentRequest {
  amountCents: number;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** Money given back on a succeeded intent (Stripe's Refund). */
export interface PaymentRefund {
  id: string;
  intentId: string;
  amountCents: number;
  /** "pending" is Stripe's for a refund the bank has not confirmed yet; it ends succeeded or failed. */
  status: "succeeded" | "pending" | "failed";
}

/** An event the provider sent to the webhook, its signature already checked. */
export interface PaymentEvent {
  id: string;
  /** e.g. "payment_intent.succeeded", "payment_intent.payment_failed". */
  type: string;
  /**
   * The intent of one of our orders (an order's id in its metadata); null for any other event the account
   * sends (charges, refunds, another application's intents), which is acknowledged and ignored.
   */
  intent: PaymentIntent | null;
}

export interface PaymentProvider {
  readonly name: "sandbox" | "stripe" | "none";
  /**
   * The key's one intent for `amountCents`, confirmed with the payment method: made and confirmed on the
   * first call; on a later call with the key (the first one's answer lost, its process gone) the same
   * intent, confirmed if nothing confirmed it yet, otherwise as it stands. However often it is called, one
   * intent per key, so at most one charge per order. A request the provider refused outright (an unknown
   * payment method, a card refused before any intent existed) throws an AppError with a 4xx status: nothing
   * was or can be charged for it. Any other error (the network, the provider's side) leaves the outcome
   * unknown.
   */
  createAndConfirm(input: IntentRequest & { paymentMethodId: string }): Promise<PaymentIntent>;
  /**
   * The key's intent as it now stands, made unconfirmed when no call made one (nothing can charge it but a
   * confirmation of ours), with the same request as createAndConfirm's: how an order whose provider call
   * never answered learns whether it was charged, and holds the key so that a late confirmation finds the
   * intent it cancels. Null when the provider cannot tell by the key (Stripe's idempotency error: the key
   * was spent on a request of another shape, an earlier version's one-call creation).
   */
  findOrCreateIntent(input: IntentRequest): Promise<PaymentIntent | null>;
  /** Confirms an intent again after the card action (step 3). */
  confirm(intentId: string): Promise<PaymentIntent>;
  retrieve(intentId: string): Promise<PaymentIntent>;
  cancel(intentId: string): Promise<PaymentIntent>;
  /**
   * Gives back `amountCents` (all or part) of a succeeded intent. The same idempotency key makes one refund
   * however often it is called; more than what is left to refund is refused (409).
   */
  refund(input: { intentId: string; amountCents: number; idempotencyKey: string }): Promise<PaymentRefund>;
  /**
   * The event in a webhook request, if its signature (Stripe's scheme: `t=…,v1=HMAC-SHA256(secret, "t.body")`)
   * is good and recent; otherwise null, which the route answers with 400.
   */
  parseEvent(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent | null;
  /** What the page's CSP must allow for the provider's browser side. */
  readonly csp: CspSources;
}

/**
 * Whether a failed `createAndConfirm` certainly charged nothing, now or later: the provider refused the
 * request itself (a 4xx AppError), or there is no provider that could charge ("none"). Then the order's
 * reservation (campaign budget, voucher use, gift card balance) is given back at once (ADR 014); an unknown
 * outcome waits for the webhook or the settle job.
 */
export function nothingCharged(provider: Pick<PaymentProvider, "name">, error: unknown): boolean {
  return provider.name === "none" || (error instanceof AppError && error.status < 500);
}
