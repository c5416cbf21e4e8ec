import type { Actor } from "@argine/core/identity/policy";
import type { OrderCreateBody } from "@argine/core/orders/orders-api";
import type { SandboxScenario } from "@argine/core/payments/sandbox-api";
import type { DbHandle } from "@argine/db/client";
import { findUserByEmail } from "@argine/db/queries/users";
import { campaigns, orders, practices, sandboxPaymentIntents } from "@argine/db/schema";
import { DEMO_SHOP, seedDemo } from "@argine/db/seed";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkoutBody } from "../../test/checkout.ts";
import { randomIp } from "../../test/identity.ts";
import { paymentMethod } from "../../test/sandbox.ts";
import { serviceDeps } from "../../test/service-deps.ts";
import type { Deps } from "../deps.ts";
import { answerChallenge } from "../payments/sandbox-provider.ts";
import type { StripeEvent } from "../payments/stripe-events.ts";
import { stripeSignature } from "../payments/stripe-events.ts";
import {
  ABANDON_AFTER_MS,
  EXPIRY_JOB_AFTER_SECONDS,
  handlePaymentEvent,
  settleExpiredOrder,
} from "./order-settlement.ts";
import { abandonOrder, createOrder } from "./orders-service.ts";

// Issue 38: a 3-D Secure checkout left pending holds the sponsored campaign's budget (its 150 € share of the
// legal defence) until it is settled. Here the campaign has budget for that one share, so while the order
// waits nobody else gets the campaign; each way the attempt can end gives the share back, and the next
// checkout is priced with it again. Release takes place where the order's settlement does
// (order-settlement.ts): an intent that could still be paid is cancelled first.

const AT = new Date("2026-11-24T10:00:00Z");
const SHARE = 15_000;

describe.each(testDbKinds())("an abandoned 3-D Secure checkout on %s", (kind) => {
  let handle: DbHandle;
  let client: Actor;
  let other: Actor;
  let n = 0;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedDemo(handle.db, { hashPassword: async (p) => `test:${p}`, now: AT });
    const id = async (email: string) => (await findUserByEmail(handle.db, email))?.id as string;
    client = { userId: await id("cliente@demo.argine.it"), roles: [] };
    other = { userId: await id("avvocato@demo.argine.it"), roles: [] };
  });
  afterAll(() => handle.close());

  // The sponsor's budget pays one share: the pending order takes all of it.
  beforeEach(async () => {
    await handle.db
      .update(campaigns)
      .set({ budgetCents: SHARE })
      .where(eq(campaigns.code, DEMO_SHOP.campaign));
  });
  const budget = async () =>
    (await handle.db.select().from(campaigns).where(eq(campaigns.code, DEMO_SHOP.campaign)))[0]?.budgetCents;

  const newPractice = async () => {
    const [row] = await handle.db
      .insert(practices)
      .values({ ticketCode: `AR-ABB${kind.slice(0, 2)}${++n}`, ownerId: client.userId })
      .returning();
    return row?.id as string;
  };
  /** The legal defence (490 €, the campaign's 50% capped at 150 €) of a practice, paid by `scenario`'s card. */
  const defence = async (deps: Deps, practiceId: string, scenario: SandboxScenario) =>
    ({
      ...checkoutBody(practiceId, ["DEFENCE"]),
      payment: {
        type: "STRIPE",
        code: JSON.stringify({ payment_method_id: await paymentMethod(deps, scenario) }),
      },
    }) as OrderCreateBody;
  const checkout = (deps: Deps, body: OrderCreateBody) => createOrder(deps, client, body, randomIp());
  const orderOf = async (key: string) =>
    (await handle.db.select().from(orders).where(eq(orders.idempotencyKey, key)))[0];
  const intentOf = async (orderId: string) =>
    (
      await handle.db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.idempotencyKey, orderId))
    )[0];
  const practiceStatus = async (id: string) =>
    (await handle.db.select().from(practices).where(eq(practices.id, id)))[0]?.status;

  /** A 3-D Secure checkout left at its challenge: it holds the whole budget. */
  const pending = async (deps: Deps) => {
    const practiceId = await newPractice();
    const body = await defence(deps, practiceId, "three_d_secure");
    const answer = await checkout(deps, body);
    expect(answer).toMatchObject({ order: null, requires_action: true });
    const order = await orderOf(body.idempotencyKey);
    expect(order).toMatchObject({ status: "AWAITING_PAYMENT", campaignCents: SHARE });
    expect(await budget()).toBe(0);
    return {
      practiceId,
      body,
      order: order as typeof orders.$inferSelect,
      clientSecret: answer.payment_intent_client_secret as string,
      intentId: (answer.payment_intent_client_secret as string).split("_secret_")[0] as string,
    };
  };

  /** The share is back, and the next checkout (another practice, a card that pays) is priced with it. */
  const budgetBackAndUsable = async (deps: Deps) => {
    expect(await budget()).toBe(SHARE);
    const next = await checkout(deps, await defence(deps, await newPractice(), "succeeds"));
    expect(next.order).toMatchObject({ status: "PAID", campaignDiscount: 150, amount: 340 });
    expect(await budget()).toBe(0);
  };

  /** The sandbox's last event for the intent, posted to the webhook as its delivery job would. */
  const deliverLastEvent = async (deps: Deps, jobs: { sent: { queue: string; data: unknown }[] }) => {
    const last = jobs.sent.filter((job) => job.queue === "sandbox-event").at(-1);
    if (!last) throw new Error("the sandbox queued no event");
    const body = JSON.stringify((last.data as { event: StripeEvent }).event);
    if (deps.config.payments.provider !== "sandbox") throw new Error("the tests pay with the sandbox");
    const signature = stripeSignature(
      deps.config.payments.webhookSecret,
      body,
      Math.floor(deps.clock.now() / 1000),
    );
    await handlePaymentEvent(deps, "sandbox", Buffer.from(body), signature);
  };

  it("holds the share while the challenge waits: another checkout meanwhile gets no campaign", async () => {
    const { deps } = serviceDeps(handle.db, AT);
    const { body } = await pending(deps);
    const meanwhile = await checkout(deps, await defence(deps, await newPractice(), "succeeds"));
    expect(meanwhile.order).toMatchObject({ status: "PAID", campaignDiscount: 0, amount: 490 });
    await abandonOrder(deps, client, body.idempotencyKey);
    await budgetBackAndUsable(deps);
  });

  it("the client gives up (POST /v1/orders/abandon): the intent cancelled, the order abandoned, the share back at once", async () => {
    const { deps } = serviceDeps(handle.db, AT);
    const { body, order, practiceId } = await pending(deps);
    // Someone else's key finds nothing of hers.
    await expect(abandonOrder(deps, other, body.idempotencyKey)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await abandonOrder(deps, client, body.idempotencyKey)).toEqual({
      status: "ABANDONED",
      order: null,
    });
    expect((await intentOf(order.id))?.status).toBe("canceled");
    expect(await practiceStatus(practiceId)).toBe("PENDING");
    // A repeat changes nothing: the share is given back once.
    expect(await abandonOrder(deps, client, body.idempotencyKey)).toEqual({
      status: "ABANDONED",
      order: null,
    });
    await budgetBackAndUsable(deps);
  });

  it("the challenge is refused: the order fails at once by the client's call, or by the provider's payment_failed event", async () => {
    const { deps, jobs } = serviceDeps(handle.db, AT);
    const byCall = await pending(deps);
    await answerChallenge(deps, {
      intentId: byCall.intentId,
      clientSecret: byCall.clientSecret,
      approve: false,
    });
    expect(await abandonOrder(deps, client, byCall.body.idempotencyKey)).toEqual({
      status: "FAILED",
      order: null,
    });
    expect(await orderOf(byCall.body.idempotencyKey)).toMatchObject({
      status: "FAILED",
      errorCode: "payment_intent_authentication_failure",
    });
    await budgetBackAndUsable(deps);

    await handle.db
      .update(campaigns)
      .set({ budgetCents: SHARE })
      .where(eq(campaigns.code, DEMO_SHOP.campaign));
    const byEvent = await pending(deps);
    await answerChallenge(deps, {
      intentId: byEvent.intentId,
      clientSecret: byEvent.clientSecret,
      approve: false,
    });
    await deliverLastEvent(deps, jobs);
    expect((await orderOf(byEvent.body.idempotencyKey))?.status).toBe("FAILED");
    await budgetBackAndUsable(deps);
  });

  it("the provider cancels the intent (payment_intent.canceled): the order abandoned, the share back", async () => {
    const { deps, jobs } = serviceDeps(handle.db, AT);
    const { body, intentId } = await pending(deps);
    await deps.payments.cancel(intentId);
    await deliverLastEvent(deps, jobs);
    expect((await orderOf(body.idempotencyKey))?.status).toBe("ABANDONED");
    await budgetBackAndUsable(deps);
  });

  it("the client chooses another card: the new attempt settles the first, and takes the share itself", async () => {
    const { deps } = serviceDeps(handle.db, AT);
    const { body, order, practiceId } = await pending(deps);
    const again = await checkout(deps, await defence(deps, practiceId, "succeeds"));
    expect(again.order).toMatchObject({ status: "PAID", campaignDiscount: 150 });
    expect((await orderOf(body.idempotencyKey))?.status).toBe("ABANDONED");
    expect((await intentOf(order.id))?.status).toBe("canceled");
    expect(await budget()).toBe(0);
  });

  it("left as it is (the tab closed): its own job settles it at its expiry, 10 minutes on, not at the sweep's next pass", async () => {
    const { deps, jobs, clock } = serviceDeps(handle.db, AT);
    const { body, order } = await pending(deps);
    const expiry = jobs.sent.find(
      (job) => job.queue === "orders-settle" && (job.data as { orderId?: string }).orderId === order.id,
    );
    expect(expiry?.options).toEqual({ startAfterSeconds: EXPIRY_JOB_AFTER_SECONDS });
    expect(EXPIRY_JOB_AFTER_SECONDS * 1000 - ABANDON_AFTER_MS).toBeLessThanOrEqual(15_000);
    expect(expiry?.tx).not.toBe(handle.db);

    // A job that runs early (its queue's clock ahead) leaves it be.
    await clock.setTime(new Date(AT.getTime() + ABANDON_AFTER_MS - 1000));
    await settleExpiredOrder(deps, order.id);
    expect((await orderOf(body.idempotencyKey))?.status).toBe("AWAITING_PAYMENT");
    expect(await budget()).toBe(0);

    await clock.setTime(new Date(AT.getTime() + ABANDON_AFTER_MS));
    await settleExpiredOrder(deps, order.id);
    expect((await orderOf(body.idempotencyKey))?.status).toBe("ABANDONED");
    expect((await intentOf(order.id))?.status).toBe("canceled");
    await budgetBackAndUsable(deps);
    // Run again (a second process, the sweep after it): nothing more.
    await settleExpiredOrder(deps, order.id);
    expect(await budget()).toBe(0);
  });

  it("a card that went through before the cancel pays the order: the share stays taken, the paid order answered", async () => {
    const { deps } = serviceDeps(handle.db, AT);
    const { body, intentId, clientSecret } = await pending(deps);
    await answerChallenge(deps, { intentId, clientSecret, approve: true });
    const given = await abandonOrder(deps, client, body.idempotencyKey);
    expect(given).toMatchObject({ status: "PAID", order: { status: "PAID", campaignDiscount: 150 } });
    expect(await budget()).toBe(0);
  });

  // Two connections at once: PostgreSQL only.
  describe.runIf(kind === "postgres")("races", () => {
    it("the person approves her challenge while the page gives up and the expiry job runs: paid with the share, or abandoned without it, never both", async () => {
      for (let round = 0; round < 6; round++) {
        await handle.db
          .update(campaigns)
          .set({ budgetCents: SHARE })
          .where(eq(campaigns.code, DEMO_SHOP.campaign));
        const { deps } = serviceDeps(handle.db, AT);
        const { body, order, intentId, clientSecret } = await pending(deps);
        const { deps: late } = serviceDeps(handle.db, new Date(AT.getTime() + ABANDON_AFTER_MS));
        await Promise.allSettled([
          answerChallenge(deps, { intentId, clientSecret, approve: true }),
          abandonOrder(deps, client, body.idempotencyKey),
          abandonOrder(deps, client, body.idempotencyKey),
          settleExpiredOrder(late, order.id),
        ]);
        const settled = await orderOf(body.idempotencyKey);
        const intent = await intentOf(order.id);
        if (settled?.status === "PAID") {
          expect(intent?.status).toBe("succeeded");
          expect(await budget()).toBe(0);
        } else {
          expect(settled?.status).toBe("ABANDONED");
          expect(intent?.status).toBe("canceled");
          expect(await budget()).toBe(SHARE);
        }
      }
    });
  });
});
