import { randomUUID } from "node:crypto";
import type { OrderResponse } from "@argine/core/orders/orders-api";
import { CARD_ERROR_MESSAGES, MESSAGES } from "@argine/core/shared/messages";
import { findUserByEmail } from "@argine/db/queries/users";
import { orders, payments, practices } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesOf, statuses, TEST_BILLING } from "../../test/checkout.ts";
import { apiCaller, demoTokens, type IdentityServer, startIdentityServer } from "../../test/identity.ts";
import { jobsSettled } from "../../test/jobs.ts";
import { freePort } from "../../test/ports.ts";
import { STRIPE_TEST_KEYS, type StripeFake, startStripeFake } from "../../test/stripe-fake.ts";
import { systemClock } from "../clock.ts";
import type { StripeConfig } from "../config.ts";
import { handlePaymentEvent } from "../orders/order-settlement.ts";
import { createStripeProvider } from "./stripe-provider.ts";

// The app with Stripe as its provider, pointed at the loopback stand-in of
// api.stripe.com (test/stripe-fake.ts), through the real routes: the two-call 3-D Secure flow, refusals, the
// webhook completing an order whose browser went away after 3-D Secure, a replayed and a badly signed event.

const stripeEnv = (fake: StripeFake) => ({
  STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey,
  STRIPE_PUBLISHABLE_KEY: STRIPE_TEST_KEYS.publishableKey,
  STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
  STRIPE_API_URL: fake.url,
});

/** Signed as Stripe signs, with the SDK's own test helper. */
function signed(payload: string, secret: string = STRIPE_TEST_KEYS.webhookSecret): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

describe.each(testDbKinds())("Stripe as the payment provider, against the loopback server, on %s", (kind) => {
  let fake: StripeFake;
  let s: IdentityServer;
  let token = "";
  let ownerId = "";
  let call: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    fake = await startStripeFake();
    s = await startIdentityServer(kind, stripeEnv(fake));
    token = (await demoTokens(s)).client;
    ownerId = (await findUserByEmail(s.handle.db, "cliente@demo.argine.it"))?.id as string;
    call = apiCaller(s);
  });
  afterAll(async () => {
    await s.close();
    await fake.close();
  });

  let n = 0;
  const newPractice = async () => {
    const [row] = await s.handle.db
      .insert(practices)
      .values({ ticketCode: `AR-STR${kind.slice(0, 2)}${++n}`, ownerId })
      .returning();
    return row?.id as string;
  };
  const checkout = (practiceId: string, paymentMethod: string, idempotencyKey = randomUUID()) => ({
    practiceId,
    items: ["TAKEDOWN", "INJUCTION"],
    invoice: TEST_BILLING,
    salesConditionsAccepted: true,
    withdrawalWaiverAccepted: true,
    idempotencyKey,
    payment: { type: "STRIPE", code: JSON.stringify({ payment_method_id: paymentMethod }) },
  });
  const webhook = (body: string, signature: string) =>
    fetch(`${s.base}/v1/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body,
    });
  const intentOf = (clientSecret: string | null | undefined) => clientSecret?.split("_secret_")[0] as string;
  /** A new practice's checkout with Stripe's 3-D Secure test card, up to the challenge the browser must run. */
  const untilChallenge = async () => {
    const practiceId = await newPractice();
    const key = randomUUID();
    const first = await call<OrderResponse>(
      token,
      "/orders",
      "POST",
      checkout(practiceId, "pm_card_threeDSecure2Required", key),
    );
    return { practiceId, first, intentId: intentOf(first.body.payment_intent_client_secret), key };
  };
  /** The browser's second call after the challenge: the same attempt, with the intent. */
  const afterChallenge = <T>(practiceId: string, key: ReturnType<typeof randomUUID>, intentId: string) =>
    call<T>(token, "/orders", "POST", {
      ...checkout(practiceId, "pm_card_threeDSecure2Required", key),
      payment: { type: "STRIPE", code: JSON.stringify({ payment_intent_id: intentId }) },
    });

  it("pays a card at once: one intent in euros for the server's total, keyed by the order", async () => {
    const practiceId = await newPractice();
    const body = checkout(practiceId, "pm_card_visa");
    const res = await call<OrderResponse>(token, "/orders", "POST", body);
    expect(res.status).toBe(200);
    expect(res.body.order?.status).toBe("PAID");
    expect(await statuses(s.handle.db, practiceId)).toEqual(["PAID", "OPEN"]);
    expect(await servicesOf(s.handle.db, practiceId)).toEqual(["INJUCTION", "TAKEDOWN"]);

    const orderId = res.body.order?.id as string;
    const created = fake.requests.filter(
      (r) => r.path === "/v1/payment_intents" && r.form.get("metadata[orderId]") === orderId,
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.idempotencyKey).toBe(orderId);
    // Made of the order alone, so any process can ask for it again by the key; the card confirms it.
    const made = Object.fromEntries(created[0]?.form ?? []);
    expect(made).toMatchObject({ amount: "29800", currency: "eur" });
    expect(made).not.toHaveProperty("payment_method");
    expect(made).not.toHaveProperty("confirm");
    const intentId = [...fake.intents.values()].find((i) => i.metadata.orderId === orderId)?.id;
    const confirmed = fake.requests.filter((r) => r.path === `/v1/payment_intents/${intentId}/confirm`);
    expect(confirmed.map((r) => r.form.get("payment_method"))).toEqual(["pm_card_visa"]);
    const [payment] = await s.handle.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ provider: "stripe", status: "succeeded", amountCents: 29800 });

    // The same attempt sent again: the same order, no second intent.
    const again = await call<OrderResponse>(token, "/orders", "POST", body);
    expect(again.body.order?.id).toBe(orderId);
    expect(fake.requests.filter((r) => r.form.get("metadata[orderId]") === orderId)).toHaveLength(1);
  });

  it("runs 3-D Secure in two calls: the card action, then the same attempt with the intent", async () => {
    const { practiceId, first, intentId, key } = await untilChallenge();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ order: null, requires_action: true });
    expect(await statuses(s.handle.db, practiceId)).toEqual(["AWAITING_PAYMENT", "TO_PAID"]);

    fake.authenticate(intentId, true);
    const second = await afterChallenge<OrderResponse>(practiceId, key, intentId);
    expect(second.status).toBe(200);
    expect(second.body.order?.status).toBe("PAID");
    expect(await statuses(s.handle.db, practiceId)).toEqual(["PAID", "OPEN"]);
  });

  it("fails the order on a refused card, with the card's Italian message; the practice waits again", async () => {
    const declined = await newPractice();
    const res = await call<{ code: string; message: string }>(
      token,
      "/orders",
      "POST",
      checkout(declined, "pm_card_chargeDeclined"),
    );
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: "PAYMENT_FAILED", message: CARD_ERROR_MESSAGES.card_declined });
    expect(await statuses(s.handle.db, declined)).toEqual(["FAILED", "PENDING"]);

    const poor = await newPractice();
    const short = await call<{ message: string }>(
      token,
      "/orders",
      "POST",
      checkout(poor, "pm_card_visa_chargeDeclinedInsufficientFunds"),
    );
    expect(short.status).toBe(402);
    expect(short.body.message).toBe(CARD_ERROR_MESSAGES.insufficient_funds);
    const [order] = await s.handle.db.select().from(orders).where(eq(orders.practiceId, poor));
    expect(order?.errorCode).toBe("insufficient_funds");
  });

  it("answers a refused 3-D Secure challenge with the authentication message", async () => {
    const { practiceId, intentId, key } = await untilChallenge();
    fake.authenticate(intentId, false);
    const second = await afterChallenge<{ message: string }>(practiceId, key, intentId);
    expect(second.status).toBe(402);
    expect(second.body.message).toBe(CARD_ERROR_MESSAGES.payment_intent_authentication_failure);
    expect(await statuses(s.handle.db, practiceId)).toEqual(["FAILED", "PENDING"]);
  });

  it("completes by webhook an order whose browser went away after 3-D Secure; a replay changes nothing", async () => {
    const { practiceId, intentId } = await untilChallenge();
    fake.authenticate(intentId, true);
    // Nothing more from the browser: Stripe posts payment_intent.succeeded.
    const event = fake.event("payment_intent.succeeded", intentId);
    const header = signed(event);

    const res = await webhook(event, header);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(await statuses(s.handle.db, practiceId)).toEqual(["PAID", "OPEN"]);
    expect(await servicesOf(s.handle.db, practiceId)).toEqual(["INJUCTION", "TAKEDOWN"]);
    const mails = () =>
      s.mailer.sent.filter((m) => m.to === "cliente@demo.argine.it" && m.text.includes("298,00 €"));
    await jobsSettled(s.handle.db);
    const mailed = mails().length;
    expect(mailed).toBeGreaterThan(0);

    // Stripe delivers it again (a lost answer, a retry): answered, and nothing happens twice.
    const replay = await webhook(event, header);
    expect(replay.status).toBe(200);
    await jobsSettled(s.handle.db);
    expect(await servicesOf(s.handle.db, practiceId)).toEqual(["INJUCTION", "TAKEDOWN"]);
    expect(mails()).toHaveLength(mailed);
  });

  it("handles an event again after a failed delivery, even when the database failed with it", async () => {
    const { practiceId, intentId } = await untilChallenge();
    fake.authenticate(intentId, true);
    const event = fake.event("payment_intent.succeeded", intentId);
    // Stripe failing while the event is handled, and the database refusing any delete meanwhile: an event
    // recorded before its handling could then never be forgotten, and its redelivery would be ignored.
    const db = new Proxy(s.handle.db, {
      get: (target, name) =>
        name === "delete"
          ? () => {
              throw new Error("the database went away");
            }
          : Reflect.get(target, name),
    });
    fake.fault = "500";
    try {
      await expect(
        handlePaymentEvent({ ...s.app.deps, db }, "stripe", Buffer.from(event), signed(event)),
      ).rejects.toThrow();
    } finally {
      fake.fault = null;
    }
    expect((await statuses(s.handle.db, practiceId))[0]).toBe("AWAITING_PAYMENT");

    const again = await webhook(event, signed(event));
    expect(again.status).toBe(200);
    expect(await statuses(s.handle.db, practiceId)).toEqual(["PAID", "OPEN"]);
  });

  it("refuses a badly signed event with 400 and changes nothing", async () => {
    const { practiceId, intentId } = await untilChallenge();
    fake.authenticate(intentId, true);
    const event = fake.event("payment_intent.succeeded", intentId);

    const forged = await webhook(event, signed(event, "whsec_not_the_account_secret"));
    expect(forged.status).toBe(400);
    const tampered = await webhook(event.replace('"livemode":false', '"livemode":true'), signed(event));
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(`${s.base}/v1/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: event,
    });
    expect(unsigned.status).toBe(400);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: event,
      secret: STRIPE_TEST_KEYS.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await webhook(event, stale)).status).toBe(400);
    expect(await statuses(s.handle.db, practiceId)).toEqual(["AWAITING_PAYMENT", "TO_PAID"]);

    // The good signature still works afterwards: the refusals recorded nothing.
    expect((await webhook(event, signed(event))).status).toBe(200);
    expect(await statuses(s.handle.db, practiceId)).toEqual(["PAID", "OPEN"]);
  });

  it("acknowledges and ignores signed events that are not about an order of ours", async () => {
    const charge = JSON.stringify({
      id: `evt_${randomUUID().replaceAll("-", "")}`,
      object: "event",
      type: "charge.succeeded",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "ch_1", object: "charge", amount: 100 } },
    });
    expect((await webhook(charge, signed(charge))).status).toBe(200);

    // Another application's intent on the same account: no orderId in its metadata.
    const foreign = await fetch(`${fake.url}/v1/payment_intents`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${STRIPE_TEST_KEYS.secretKey}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "amount=500&currency=eur&payment_method=pm_card_visa&confirm=true",
    });
    const { id } = (await foreign.json()) as { id: string };
    const event = fake.event("payment_intent.succeeded", id);
    expect((await webhook(event, signed(event))).status).toBe(200);
    // Ignored at once: the webhook did not even read the intent back from Stripe.
    expect(
      fake.requests.filter((r) => r.method === "GET" && r.path === `/v1/payment_intents/${id}`),
    ).toHaveLength(0);
  });

  it("tells the browser to load Stripe.js with the publishable key, and nothing secret", async () => {
    const res = await fetch(`${s.base}/v1/payments/config`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ provider: "stripe", publishableKey: STRIPE_TEST_KEYS.publishableKey });
  });

  it("has no sandbox routes, and lets Stripe's origins into the CSP", async () => {
    const sandbox = await fetch(`${s.base}/v1/sandbox/payment-methods`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" }),
    });
    expect(sandbox.status).toBe(404);
    const csp = (await fetch(`${s.base}/`)).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' [^;]*https:\/\/js\.stripe\.com;/);
    expect(csp).toContain("frame-src https://js.stripe.com https://hooks.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
  });

  it("refunds a paid intent once per key, and refuses more than was paid", async () => {
    const practiceId = await newPractice();
    const res = await call<OrderResponse>(token, "/orders", "POST", checkout(practiceId, "pm_card_visa"));
    const [payment] = await s.handle.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, res.body.order?.id as string));
    const intentId = payment?.intentId as string;
    const provider = s.app.deps.payments;

    const key = randomUUID();
    const refund = await provider.refund({ intentId, amountCents: 9900, idempotencyKey: key });
    expect(refund).toMatchObject({ intentId, amountCents: 9900, status: "succeeded" });
    expect(await provider.refund({ intentId, amountCents: 9900, idempotencyKey: key })).toEqual(refund);
    await expect(
      provider.refund({ intentId, amountCents: 29800, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: MESSAGES.refundTooLarge,
    });
    expect(
      await provider.refund({ intentId, amountCents: 19900, idempotencyKey: randomUUID() }),
    ).toMatchObject({
      status: "succeeded",
    });
  });

  it("makes one intent per idempotency key, a refusal replayed as Stripe first answered it", async () => {
    const provider = s.app.deps.payments;
    const charge = (paymentMethodId: string, idempotencyKey: string) =>
      provider.createAndConfirm({ amountCents: 4200, paymentMethodId, idempotencyKey, metadata: {} });
    const key = randomUUID();
    const paid = await charge("pm_card_visa", key);
    expect(paid).toMatchObject({ status: "succeeded", amountCents: 4200, errorCode: null });
    expect(await charge("pm_card_visa", key)).toEqual(paid);

    const refusedKey = randomUUID();
    const refused = await charge("pm_card_chargeDeclined", refusedKey);
    expect(refused).toMatchObject({ status: "requires_payment_method", errorCode: "card_declined" });
    expect((await charge("pm_card_chargeDeclined", refusedKey)).id).toBe(refused.id);
    const made = fake.requests.filter(
      (r) => r.path === "/v1/payment_intents" && r.form.get("amount") === "4200",
    );
    expect(new Set(made.map((r) => r.idempotencyKey))).toEqual(new Set([key, refusedKey]));
    expect([...fake.intents.values()].filter((i) => i.amount === 4200)).toHaveLength(2);

    // A payment method Stripe does not know: the generic card message, not Stripe's English.
    await expect(charge("pm_inventato", randomUUID())).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: CARD_ERROR_MESSAGES.generic,
    });
  });

  it("cancels an intent waiting for its challenge; a paid one is answered as it is", async () => {
    const { intentId } = await untilChallenge();
    const provider = s.app.deps.payments;
    expect(await provider.cancel(intentId)).toMatchObject({ id: intentId, status: "canceled" });
    expect(await provider.cancel(intentId)).toMatchObject({ id: intentId, status: "canceled" });
    await expect(provider.retrieve("pi_unknown")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("Stripe out of reach", () => {
  const config = (apiUrl: string, secretKey: string = STRIPE_TEST_KEYS.secretKey): StripeConfig => ({
    provider: "stripe",
    secretKey,
    publishableKey: STRIPE_TEST_KEYS.publishableKey,
    webhookSecret: STRIPE_TEST_KEYS.webhookSecret,
    apiUrl,
  });
  const charge = {
    amountCents: 1000,
    paymentMethodId: "pm_card_visa",
    idempotencyKey: randomUUID(),
    metadata: {},
  };

  it("answers 503 in Italian when Stripe cannot be reached or refuses the key, with nothing of the key", async () => {
    const closed = createStripeProvider(config(`http://127.0.0.1:${await freePort()}`), systemClock);
    const down = await closed.createAndConfirm(charge).catch((error: unknown) => error);
    expect(down).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: MESSAGES.cardPaymentUnavailable });

    const fake = await startStripeFake();
    try {
      const wrongKey = createStripeProvider(config(fake.url, "sk_test_someoneElsesKey123"), systemClock);
      const refused = await wrongKey.createAndConfirm(charge).catch((error: unknown) => error);
      expect(refused).toMatchObject({
        code: "SERVICE_UNAVAILABLE",
        message: MESSAGES.cardPaymentUnavailable,
      });
      expect(JSON.stringify({ ...(refused as object), cause: (refused as Error).cause })).not.toContain(
        "someoneElse",
      );
    } finally {
      await fake.close();
    }
  });
});
