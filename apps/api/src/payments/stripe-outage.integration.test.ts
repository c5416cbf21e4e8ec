import { randomUUID } from "node:crypto";
import type { OrderResponse } from "@argine/core/orders/orders-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { findUserByEmail } from "@argine/db/queries/users";
import { practices } from "@argine/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statuses, TEST_BILLING } from "../../test/checkout.ts";
import { apiCaller, demoTokens, type IdentityServer, startIdentityServer } from "../../test/identity.ts";
import { STRIPE_TEST_KEYS, type StripeFake, startStripeFake } from "../../test/stripe-fake.ts";
import { PROVIDER_CALL_LEASE_MS } from "../orders/order-settlement.ts";
import { STRIPE_RETRIES, STRIPE_TIMEOUT_MS } from "./stripe-provider.ts";

// Stripe in trouble under a checkout (issue 39): answering 500, then not answering at all. The checkout
// answers at once, or within the SDK's bound, with the card's Italian "unavailable" (503, ADR 015), never a
// bare 500 nor a hang; the order waits; the same attempt (its idempotency key) pays once Stripe is back, with
// one intent for the order. The provider's behaviour does not depend on the database: PGlite only.
describe("Stripe failing under a checkout", () => {
  let fake: StripeFake;
  let s: IdentityServer;
  let token = "";
  let ownerId = "";
  let call: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    fake = await startStripeFake();
    s = await startIdentityServer("pglite", {
      STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: STRIPE_TEST_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
      STRIPE_API_URL: fake.url,
    });
    token = (await demoTokens(s)).client;
    ownerId = (await findUserByEmail(s.handle.db, "cliente@demo.argine.it"))?.id as string;
    call = apiCaller(s);
  });
  afterAll(async () => {
    fake.fault = null;
    await s?.close();
    await fake?.close();
  });

  let n = 0;
  const newPractice = async () => {
    const [row] = await s.handle.db
      .insert(practices)
      .values({ ticketCode: `AR-OUT${++n}`, ownerId })
      .returning();
    return row?.id as string;
  };
  const checkout = (practiceId: string, idempotencyKey = randomUUID()) => ({
    practiceId,
    items: ["TAKEDOWN"],
    invoice: TEST_BILLING,
    salesConditionsAccepted: true,
    withdrawalWaiverAccepted: true,
    idempotencyKey,
    payment: { type: "STRIPE", code: JSON.stringify({ payment_method_id: "pm_card_visa" }) },
  });
  const timed = async (body: unknown) => {
    const started = Date.now();
    const res = await call<OrderResponse & { code?: string; message?: string }>(
      token,
      "/orders",
      "POST",
      body,
    );
    return { ...res, ms: Date.now() - started };
  };
  const unavailable = { code: "SERVICE_UNAVAILABLE", message: MESSAGES.cardPaymentUnavailable };

  it("answers 503 in Italian at once while Stripe answers 500, and the same attempt pays once it is back", async () => {
    const practiceId = await newPractice();
    const body = checkout(practiceId);
    fake.fault = "500";
    const failed = await timed(body);
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject(unavailable);
    expect(failed.ms).toBeLessThan(5_000);
    // The order waits for its provider call (nothing was charged, nothing is known): the same attempt at
    // once is told it is in progress, not charged a second time.
    expect(await statuses(s.handle.db, practiceId)).toEqual(["AWAITING_PAYMENT", "TO_PAID"]);
    const soon = await timed(body);
    expect(soon.status).toBe(409);
    expect(soon.body).toMatchObject({ message: MESSAGES.orderInProgress });

    fake.fault = null;
    await new Promise((resolve) => setTimeout(resolve, PROVIDER_CALL_LEASE_MS));
    const paid = await timed(body);
    expect(paid.status).toBe(200);
    expect(paid.body.order?.status).toBe("PAID");
    const orderId = paid.body.order?.id as string;
    expect([...fake.intents.values()].filter((i) => i.metadata.orderId === orderId)).toHaveLength(1);
  }, 30_000);

  it("answers 503 in Italian within the SDK's bound while Stripe does not answer, then pays once", async () => {
    const practiceId = await newPractice();
    const body = checkout(practiceId);
    fake.fault = "hang";
    const failed = await timed(body);
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject(unavailable);
    // Each try waits the timeout; the SDK's pause between them is under a second each.
    expect(failed.ms).toBeLessThan((STRIPE_RETRIES + 1) * (STRIPE_TIMEOUT_MS + 1_000));

    fake.fault = null;
    // The first call's lease has lapsed while it waited for Stripe: the same attempt takes it over.
    const paid = await timed(body);
    expect(paid.status).toBe(200);
    expect(paid.body.order?.status).toBe("PAID");
    const orderId = paid.body.order?.id as string;
    const intents = [...fake.intents.values()].filter((i) => i.metadata.orderId === orderId);
    expect(intents.map((i) => i.status)).toEqual(["succeeded"]);
  }, 40_000);
});
