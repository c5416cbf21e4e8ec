import { AppError } from "@argine/core/errors/app-error";
import { PAYMENT_INTENT_STATUSES } from "@argine/core/payments/sandbox-api";
import { CARD_ERROR_MESSAGES, cardRefusalCode, MESSAGES } from "@argine/core/shared/messages";
import Stripe from "stripe";
import { type Clock, now } from "../clock.ts";
import type { StripeConfig } from "../config.ts";
import type { IntentRequest, PaymentIntent, PaymentProvider, PaymentRefund } from "./payment-provider.ts";
import { SIGNATURE_TOLERANCE_SECONDS } from "./stripe-events.ts";

// Stripe behind the payment adapter (ADR 015), with the official SDK. The intent is created on the server
// (no redirect-based method, the order's id as idempotency key, nothing else but the amount and the order's
// id, so the creation can be asked again by any process and gives the same intent), then confirmed with the
// card's payment method;
// Stripe's automatic confirmation after the card action means an approved 3-D Secure challenge pays the
// intent by itself, so `payment_intent.succeeded` alone completes an order whose browser went away (as the
// sandbox, ADR 014). Stripe's errors never reach the person: a refused card is the intent with its code,
// anything else an Italian message; the log gets Stripe's error type, code and request id, never the key
// or the card.

/** Our PaymentIntent from the SDK's. A status we never ask for (requires_capture) reads as processing. */
function toIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  const status = PAYMENT_INTENT_STATUSES.find((s) => s === intent.status) ?? "processing";
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? "",
    amountCents: intent.amount,
    status,
    errorCode: cardRefusalCode(intent.last_payment_error),
    metadata: { ...intent.metadata },
  };
}

/** Stripe's refund status in ours: not yet confirmed by the bank is pending, cancelled is failed. */
function toRefund(refund: Stripe.Refund, intentId: string): PaymentRefund {
  const status =
    refund.status === "succeeded"
      ? "succeeded"
      : refund.status === "failed" || refund.status === "canceled"
        ? "failed"
        : "pending";
  return { id: refund.id, intentId, amountCents: refund.amount, status };
}

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** What the log may hold of a Stripe error: its kind and Stripe's request id (no message, key or card). */
function unavailable(error: Stripe.errors.StripeError): AppError {
  const appError = new AppError("SERVICE_UNAVAILABLE", MESSAGES.cardPaymentUnavailable);
  appError.cause = {
    stripe: error.type,
    code: error.code,
    statusCode: error.statusCode,
    requestId: error.requestId,
  };
  return appError;
}

/**
 * A Stripe error as the app's: an unknown object is 404; a request Stripe refuses is the generic card
 * message (400, or 402 for a card refusal without its intent); the network, Stripe's side, the key or a
 * rate limit are 503. Anything else is rethrown as it is.
 */
function failure(error: unknown): never {
  if (!isStripeError(error)) throw error;
  // Another request on the object or the key still running (lock_timeout, an idempotent request in
  // progress): the outcome is unknown, not refused.
  if (error.statusCode === 409 || error.statusCode === 429) throw unavailable(error);
  if (error.type === "StripeCardError") throw new AppError("PAYMENT_FAILED", CARD_ERROR_MESSAGES.generic);
  if (error.type === "StripeInvalidRequestError" && error.statusCode === 404) throw new AppError("NOT_FOUND");
  if (error.type === "StripeInvalidRequestError")
    throw new AppError("BAD_REQUEST", CARD_ERROR_MESSAGES.generic);
  throw unavailable(error);
}

/** A card refusal carries its intent (Stripe's 402): that intent, whose code fails the order. */
function refusedIntent(error: unknown): PaymentIntent {
  if (isStripeError(error) && error.type === "StripeCardError" && error.payment_intent)
    return toIntent(error.payment_intent);
  return failure(error);
}

/** The state a call answered with "payment_intent_unexpected_state": the intent is answered as it is. */
const UNEXPECTED_STATE = "payment_intent_unexpected_state";
/** The SDK's type for a key used before with other parameters (400), or still in use (409). */
const IDEMPOTENCY_ERROR = "StripeIdempotencyError";

/**
 * How long Stripe may stay silent on one request, and how often a request is sent again (the SDK retries
 * a network failure, a timeout, a 409 and a 5xx with the same key; a connection closed under it once more).
 * A Stripe that stopped answering answers the checkout 503 within about (retries + 1) × the timeout per
 * call instead of hanging it (the SDK's 80 s, or the 3 × 20 s of before: issue 39's fault drill,
 * scripts/cluster/fault-drill.ts): the order waits meanwhile, and the same attempt, its webhook or its
 * settle job finds the one intent by the order's key, so a timed-out confirmation is never charged twice.
 * 4 s, not 5: on a busy machine (the drills side by side, 2 cores) a request also waits seconds for the
 * process, and 2 × 5 s left the checkout and the webhook unanswered after 15 s. Every call still asks Stripe:
 * answering 503 at once for a few seconds after a silence was tried, and it went on answering 503 after
 * Stripe was back, which the fault drill rightly refuses.
 */
export const STRIPE_TIMEOUT_MS = 4_000;
export const STRIPE_RETRIES = 1;

/** The SDK pointed at Stripe, or at the tests' loopback server (STRIPE_API_URL). */
function stripeClient(config: StripeConfig): Stripe {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    // The version the SDK's types describe: pinned, so an account upgrade changes nothing here.
    apiVersion: Stripe.API_VERSION,
    // Retries carry the same idempotency key (the SDK adds one to every POST that has none).
    maxNetworkRetries: STRIPE_RETRIES,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

export function createStripeProvider(config: StripeConfig, clock: Clock): PaymentProvider {
  const stripe = stripeClient(config);
  const intents = stripe.paymentIntents;

  async function retrieve(intentId: string): Promise<PaymentIntent> {
    try {
      return toIntent(await intents.retrieve(intentId));
    } catch (error) {
      return failure(error);
    }
  }

  /**
   * The key's intent, unconfirmed when this call made it. Stripe answers a key it has seen with its first
   * answer, so a second call (after a crash) gets the same intent, in the state it was made in; the
   * parameters are the order's alone, so every call sends the same ones, as Stripe requires of a key.
   */
  async function create({
    amountCents,
    idempotencyKey,
    metadata,
  }: IntentRequest): Promise<Stripe.PaymentIntent> {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
      throw new RangeError(`Not an amount to charge: ${amountCents}`);
    return intents.create(
      {
        amount: amountCents,
        currency: "eur",
        // No redirect-based method (the card's 3-D Secure is no redirect): no return_url to give here.
        automatic_payment_methods: { enabled: true, allow_redirects: "never" },
        metadata,
      },
      { idempotencyKey },
    );
  }

  /**
   * Confirms the intent (with a payment method on the checkout's call; without, after the card action): an
   * intent already paid or cancelled is answered as it is (Stripe refuses to confirm it again), a refused
   * card is the intent with its code.
   */
  async function confirmWith(intentId: string, paymentMethodId?: string): Promise<PaymentIntent> {
    try {
      return toIntent(
        await intents.confirm(intentId, paymentMethodId ? { payment_method: paymentMethodId } : {}),
      );
    } catch (error) {
      if (isStripeError(error) && error.code === UNEXPECTED_STATE) return retrieve(intentId);
      return refusedIntent(error);
    }
  }

  return {
    name: "stripe",
    // Stripe's documented origins for Stripe.js, Elements and the 3-D Secure frames.
    csp: {
      scriptSrc: ["https://js.stripe.com"],
      frameSrc: ["https://js.stripe.com", "https://hooks.stripe.com"],
      connectSrc: ["https://api.stripe.com"],
    },

    async createAndConfirm({ paymentMethodId, ...request }) {
      let created: Stripe.PaymentIntent;
      try {
        created = await create(request);
      } catch (error) {
        return failure(error);
      }
      // Confirmed once already (a call before this one got that far): Stripe answers it as it stands, a
      // paid intent by its unexpected state, a challenge by a new one.
      return confirmWith(created.id, paymentMethodId);
    },

    async findOrCreateIntent(request) {
      let created: Stripe.PaymentIntent;
      try {
        created = await create(request);
      } catch (error) {
        // Parameters other than these under the key: not a request of this version's, its intent unknown.
        if (isStripeError(error) && error.type === IDEMPOTENCY_ERROR && error.statusCode === 400) return null;
        return failure(error);
      }
      // Its first answer replayed: the state it has now.
      return retrieve(created.id);
    },

    // After the card action: an intent still waiting for a confirmation is confirmed; one the card action
    // already paid, or refused, is answered as it is (Stripe refuses to confirm it again).
    confirm: (intentId) => confirmWith(intentId),

    retrieve,

    // What Stripe may cancel; a paid or already cancelled intent is answered as it is.
    async cancel(intentId) {
      try {
        return toIntent(await intents.cancel(intentId));
      } catch (error) {
        if (isStripeError(error) && error.code === UNEXPECTED_STATE) return retrieve(intentId);
        return failure(error);
      }
    },

    // One refund per key (Stripe's idempotency); more than is left to refund is refused (409), as the
    // sandbox refuses it.
    async refund({ intentId, amountCents, idempotencyKey }) {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
        throw new RangeError(`Not an amount to refund: ${amountCents}`);
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: intentId, amount: amountCents },
          { idempotencyKey },
        );
        return toRefund(refund, intentId);
      } catch (error) {
        if (
          isStripeError(error) &&
          (error.code === "amount_too_large" || error.code === "charge_already_refunded")
        )
          throw new AppError("CONFLICT", MESSAGES.refundTooLarge);
        return failure(error);
      }
    },

    // The signature on the raw body, 5 minutes' tolerance against the app's clock. Only payment_intent.*
    // events of our intents (an order's id in their metadata) carry an intent; any other verified event is
    // acknowledged and ignored, or Stripe would retry it for days.
    parseEvent(rawBody, signatureHeader) {
      if (!signatureHeader) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          config.webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
          undefined,
          now(clock).getTime(),
        );
      } catch {
        return null;
      }
      const object = event.data.object as { object?: string };
      const intent =
        event.type.startsWith("payment_intent.") && object.object === "payment_intent"
          ? toIntent(object as Stripe.PaymentIntent)
          : null;
      return { id: event.id, type: event.type, intent: intent?.metadata.orderId ? intent : null };
    },
  };
}
