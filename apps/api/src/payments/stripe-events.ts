import { createHmac, timingSafeEqual } from "node:crypto";
import { PAYMENT_INTENT_STATUSES } from "@argine/core/payments/sandbox-api";
import { cardRefusalCode } from "@argine/core/shared/messages";
import { z } from "zod";
import type { PaymentEvent, PaymentIntent } from "./payment-provider.ts";

// Stripe's webhook events as they travel: the JSON of an event whose `data.object` is a PaymentIntent, and
// its `Stripe-Signature` header. The sandbox writes them and its parseEvent reads them; Stripe's own events,
// in the same shapes and scheme, are read by the SDK (stripe-provider.ts).

/** How old (or how far ahead) a signed event may be, as Stripe's libraries check: 5 minutes. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** A PaymentIntent as Stripe writes it (the fields we read, and a few it always has). */
export interface StripeIntentObject {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: "eur";
  status: PaymentIntent["status"];
  client_secret: string;
  metadata: Record<string, string>;
  payment_method: string | null;
  last_payment_error: { type: "card_error"; code: string; decline_code?: string } | null;
  created: number;
  livemode: false;
}

export type StripeEventType =
  | "payment_intent.succeeded"
  | "payment_intent.payment_failed"
  | "payment_intent.canceled";

export interface StripeEvent {
  id: string;
  object: "event";
  type: StripeEventType;
  created: number;
  livemode: false;
  data: { object: StripeIntentObject };
}

// Stripe reports these refusals as `card_declined` with the reason in `decline_code`; the rest as the code.
const DECLINE_CODES = new Set(["insufficient_funds", "card_not_supported", "incorrect_pin"]);

/** The intent as Stripe shapes it, with its refusal split into code and decline code as Stripe does. */
export function toStripeIntent(
  intent: PaymentIntent,
  extra: { paymentMethodId: string | null; createdAt: Date },
): StripeIntentObject {
  const code = intent.errorCode;
  return {
    id: intent.id,
    object: "payment_intent",
    amount: intent.amountCents,
    currency: "eur",
    status: intent.status,
    client_secret: intent.clientSecret,
    metadata: intent.metadata,
    payment_method: extra.paymentMethodId,
    last_payment_error:
      code === null
        ? null
        : code === "card_declined"
          ? { type: "card_error", code, decline_code: "generic_decline" }
          : DECLINE_CODES.has(code)
            ? { type: "card_error", code: "card_declined", decline_code: code }
            : { type: "card_error", code },
    created: Math.floor(extra.createdAt.getTime() / 1000),
    livemode: false,
  };
}

const IntentObjectSchema = z.object({
  id: z.string().min(1),
  object: z.literal("payment_intent"),
  amount: z.number().int().nonnegative(),
  status: z.enum(PAYMENT_INTENT_STATUSES),
  client_secret: z.string(),
  metadata: z.record(z.string(), z.string()).default({}),
  last_payment_error: z
    .object({ code: z.string().optional(), decline_code: z.string().optional() })
    .nullish(),
});

const EventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: IntentObjectSchema }),
});

/** Our PaymentIntent from Stripe's: the refusal's code is the decline code when core has a message for it. */
export function intentFromStripe(object: z.infer<typeof IntentObjectSchema>): PaymentIntent {
  return {
    id: object.id,
    clientSecret: object.client_secret,
    amountCents: object.amount,
    status: object.status,
    errorCode: cardRefusalCode(object.last_payment_error),
    metadata: object.metadata,
  };
}

/** The `Stripe-Signature` header of `body` sent at `timestamp` (unix seconds). */
export function stripeSignature(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, Buffer.from(body, "utf8"))}`;
}

/**
 * The event in a webhook request if one of the header's v1 signatures is the body's (compared in constant
 * time) and its timestamp is within the tolerance of `now`; otherwise null.
 */
export function parseStripeEvent(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  now: Date,
): PaymentEvent | null {
  if (!header) return null;
  const parts = header.split(",").map((part) => part.trim().split("="));
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  if (!Number.isSafeInteger(timestamp)) return null;
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return null;
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), "hex");
  const signed = parts
    .filter(([key, value]) => key === "v1" && value !== undefined && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value as string, "hex"), expected));
  if (!signed) return null;
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString("utf8"));
  } catch {
    return null;
  }
  const event = EventSchema.safeParse(json);
  if (!event.success) return null;
  return { id: event.data.id, type: event.data.type, intent: intentFromStripe(event.data.data.object) };
}

/** Stripe's signed payload: `${timestamp}.${body}`, the body's bytes as they came. */
function hmac(secret: string, timestamp: number, body: Buffer): string {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest("hex");
}
