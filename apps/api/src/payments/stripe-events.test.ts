import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { PaymentIntent } from "./payment-provider.ts";
import { parseStripeEvent, type StripeEvent, stripeSignature, toStripeIntent } from "./stripe-events.ts";

const SECRET = "whsec_prova-prova-prova-prova";
const NOW = new Date("2026-11-24T10:00:00Z");
const T = NOW.getTime() / 1000;

const intent = (over: Partial<PaymentIntent> = {}): PaymentIntent => ({
  id: "pi_Abc123",
  clientSecret: "pi_Abc123_secret_Xyz",
  amountCents: 14_900,
  status: "succeeded",
  errorCode: null,
  metadata: { orderId: "ordine-1" },
  ...over,
});

const eventOf = (i: PaymentIntent, type: StripeEvent["type"] = "payment_intent.succeeded"): StripeEvent => ({
  id: "evt_1",
  object: "event",
  type,
  created: T,
  livemode: false,
  data: { object: toStripeIntent(i, { paymentMethodId: "pm_1", createdAt: NOW }) },
});

describe("Stripe's signed events", () => {
  const body = JSON.stringify(eventOf(intent()));

  it("are signed as Stripe signs: t=<unix>,v1=HMAC-SHA256(secret, t.body) in hex", () => {
    const expected = createHmac("sha256", SECRET).update(`${T}.${body}`).digest("hex");
    expect(stripeSignature(SECRET, body, T)).toBe(`t=${T},v1=${expected}`);
  });

  it("parse back to the event and its intent when the signature is good and recent", () => {
    const header = stripeSignature(SECRET, body, T - 299);
    expect(parseStripeEvent(SECRET, Buffer.from(body), header, NOW)).toEqual({
      id: "evt_1",
      type: "payment_intent.succeeded",
      intent: intent(),
    });
    // Several v1 signatures (a secret being rolled over): one good one is enough.
    const two = `t=${T},v1=${"0".repeat(64)},${stripeSignature(SECRET, body, T).split(",")[1]}`;
    expect(parseStripeEvent(SECRET, Buffer.from(body), two, NOW)?.id).toBe("evt_1");
  });

  it("are refused for a tampered body, a wrong secret, an old or missing timestamp, a bad header", () => {
    const header = stripeSignature(SECRET, body, T);
    const parse = (raw: string, h: string | undefined, now = NOW) =>
      parseStripeEvent(SECRET, Buffer.from(raw), h, now);
    expect(parse(body.replace("14900", "1"), header)).toBeNull();
    expect(parse(body, stripeSignature("whsec_un-altro-segreto-ancora", body, T))).toBeNull();
    expect(parse(body, stripeSignature(SECRET, body, T - 301))).toBeNull();
    expect(parse(body, header, new Date(NOW.getTime() + 301_000))).toBeNull();
    expect(parse(body, stripeSignature(SECRET, body, T + 301))).toBeNull();
    expect(parse(body, undefined)).toBeNull();
    expect(parse(body, "")).toBeNull();
    expect(parse(body, `v1=${header.split("v1=")[1]}`)).toBeNull();
    expect(parse(body, `t=${T},v1=zz`)).toBeNull();
    // Signed, but not an event we can read.
    expect(parse("non json", stripeSignature(SECRET, "non json", T))).toBeNull();
    const notIntent = JSON.stringify({
      id: "evt_2",
      type: "charge.succeeded",
      data: { object: { id: "ch_1" } },
    });
    expect(parse(notIntent, stripeSignature(SECRET, notIntent, T))).toBeNull();
  });

  it("carry a refusal as Stripe does, and read it back as core's card error code", () => {
    const cases: [string, { code: string; decline_code?: string }][] = [
      ["card_declined", { code: "card_declined", decline_code: "generic_decline" }],
      ["insufficient_funds", { code: "card_declined", decline_code: "insufficient_funds" }],
      ["card_not_supported", { code: "card_declined", decline_code: "card_not_supported" }],
      ["incorrect_pin", { code: "card_declined", decline_code: "incorrect_pin" }],
      ["expired_card", { code: "expired_card" }],
      ["incorrect_cvc", { code: "incorrect_cvc" }],
      ["incomplete_zip", { code: "incomplete_zip" }],
      ["payment_intent_authentication_failure", { code: "payment_intent_authentication_failure" }],
    ];
    for (const [errorCode, stripeError] of cases) {
      const refused = intent({ status: "requires_payment_method", errorCode });
      const event = eventOf(refused, "payment_intent.payment_failed");
      expect(event.data.object.last_payment_error).toEqual({ type: "card_error", ...stripeError });
      const raw = JSON.stringify(event);
      expect(
        parseStripeEvent(SECRET, Buffer.from(raw), stripeSignature(SECRET, raw, T), NOW)?.intent,
      ).toEqual(refused);
    }
  });
});
