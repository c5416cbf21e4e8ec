import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { PaymentEvent, PaymentIntent, PaymentProvider } from "../src/payments/payment-provider.ts";

// An in-memory payment provider for the orders' tests, behaving as ADR 014 says the sandbox does: a payment
// method id names the card's outcome, the same idempotency key returns the same intent, a 3-D Secure card
// waits for its challenge, and events are signed the way Stripe signs them with a known secret.

export const TEST_WEBHOOK_SECRET = "whsec_orders_test";

/** Payment method ids and what their card does. */
export const TEST_CARDS = {
  ok: "pm_card_ok",
  threeDSecure: "pm_card_3ds",
  declined: "pm_card_declined",
  insufficientFunds: "pm_card_insufficient_funds",
  expired: "pm_card_expired",
} as const;

const DECLINES: Record<string, string> = {
  [TEST_CARDS.declined]: "card_declined",
  [TEST_CARDS.insufficientFunds]: "insufficient_funds",
  [TEST_CARDS.expired]: "expired_card",
};

export class MemoryPayments implements PaymentProvider {
  readonly name = "sandbox" as const;
  readonly csp = {};
  readonly intents = new Map<string, PaymentIntent>();
  private readonly byKey = new Map<string, string>();
  /** How often createAndConfirm was called, and with which keys. */
  readonly createCalls: string[] = [];

  async createAndConfirm(input: {
    amountCents: number;
    paymentMethodId: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<PaymentIntent> {
    this.createCalls.push(input.idempotencyKey);
    const known = this.byKey.get(input.idempotencyKey);
    if (known) return this.copy(known);
    const id = `pi_test_${randomBytes(8).toString("hex")}`;
    const decline = DECLINES[input.paymentMethodId];
    const intent: PaymentIntent = {
      id,
      clientSecret: `${id}_secret_${randomBytes(6).toString("hex")}`,
      amountCents: input.amountCents,
      status:
        input.paymentMethodId === TEST_CARDS.threeDSecure
          ? "requires_action"
          : decline
            ? "requires_payment_method"
            : "succeeded",
      errorCode: decline ?? null,
      metadata: { ...input.metadata },
    };
    this.intents.set(id, intent);
    this.byKey.set(input.idempotencyKey, id);
    return { ...intent };
  }

  /** The user's answer to the 3-D Secure challenge: approved, the intent succeeds (as Stripe's automatic confirmation). */
  completeChallenge(intentId: string, approve: boolean): PaymentIntent {
    const intent = this.get(intentId);
    if (intent.status === "requires_action") {
      Object.assign(
        intent,
        approve
          ? { status: "succeeded", errorCode: null }
          : { status: "requires_payment_method", errorCode: "payment_intent_authentication_failure" },
      );
    }
    return { ...intent };
  }

  async confirm(intentId: string): Promise<PaymentIntent> {
    const intent = this.get(intentId);
    if (intent.status === "requires_confirmation") intent.status = "succeeded";
    return { ...intent };
  }

  async retrieve(intentId: string): Promise<PaymentIntent> {
    return this.copy(intentId);
  }

  async cancel(intentId: string): Promise<PaymentIntent> {
    const intent = this.get(intentId);
    if (intent.status !== "succeeded") intent.status = "canceled";
    return { ...intent };
  }

  /** A Stripe-style event for the intent as it is now, and its signature header. */
  signedEvent(intentId: string, eventId = `evt_${randomBytes(8).toString("hex")}`) {
    const intent = this.get(intentId);
    const type = intent.status === "succeeded" ? "payment_intent.succeeded" : "payment_intent.payment_failed";
    const body = Buffer.from(JSON.stringify({ id: eventId, type, data: { object: intent } }));
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac("sha256", TEST_WEBHOOK_SECRET).update(`${t}.${body.toString()}`).digest("hex");
    return { eventId, body, header: `t=${t},v1=${v1}` };
  }

  parseEvent(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent | null {
    const parts = new Map(
      (signatureHeader ?? "").split(",").map((part) => part.split("=", 2) as [string, string]),
    );
    const t = parts.get("t");
    const v1 = parts.get("v1");
    if (!t || !v1) return null;
    const expected = createHmac("sha256", TEST_WEBHOOK_SECRET).update(`${t}.${rawBody.toString()}`).digest();
    const given = Buffer.from(v1, "hex");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const event = JSON.parse(rawBody.toString()) as {
      id: string;
      type: string;
      data: { object: PaymentIntent };
    };
    return { id: event.id, type: event.type, intent: event.data.object };
  }

  private get(id: string): PaymentIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no such intent ${id}`);
    return intent;
  }

  private copy(id: string): PaymentIntent {
    return { ...this.get(id) };
  }
}
