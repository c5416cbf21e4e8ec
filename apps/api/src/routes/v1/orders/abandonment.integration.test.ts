import { randomUUID } from "node:crypto";
import { findUserByEmail } from "@argine/db/queries/users";
import { campaigns, orders, practices, vouchers } from "@argine/db/schema";
import { DEMO_SHOP } from "@argine/db/seed";
import { testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutBody, TEST_BILLING } from "../../../../test/checkout.ts";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  startIdentityServer,
} from "../../../../test/identity.ts";
import { paymentMethod, sandboxIntentsOf } from "../../../../test/sandbox.ts";
import { ABANDON_AFTER_MS, EXPIRY_JOB_AFTER_SECONDS } from "../../../orders/order-settlement.ts";
import { maxOf } from "../../../rate-limits/route-limits.ts";

// The settle jobs as they run in production, on the clock the test moves (TestClock): pg-boss's schedule
// queues the sweep every 5 minutes, and each card order queues its own for its expiry. ADR 014: an order left
// at 3-D Secure holds what it reserved (a voucher's use, a campaign's budget) for 10 minutes; its own job
// gives it back then, the sweep at most 15 minutes after if that job was lost; the page that gives up the
// attempt (POST /v1/orders/abandon) gives it back at once.

describe.each(testDbKinds())("orders left awaiting their card, on %s", (kind) => {
  let s: IdentityServer;
  const clock = new TestClock();

  beforeAll(async () => {
    s = await startIdentityServer(kind, {}, undefined, clock);
  });
  afterAll(() => s.close());

  it("are abandoned by the scheduled job within 15 minutes, the voucher's use given back, the practice waiting again", async () => {
    const { client } = await demoTokens(s);
    const ownerId = (await findUserByEmail(s.handle.db, "cliente@demo.argine.it"))?.id as string;
    const [practice] = await s.handle.db
      .insert(practices)
      .values({ ticketCode: `AR-ABB${kind.slice(0, 2)}`, ownerId })
      .returning();
    await clock.setTime(Date.now());
    const uses = async () =>
      (await s.handle.db.select().from(vouchers).where(eq(vouchers.code, DEMO_SHOP.voucher)))[0]?.uses;
    const usesBefore = await uses();
    const res = await fetch(`${s.base}/v1/orders`, {
      method: "POST",
      headers: { authorization: `Bearer ${client}`, "content-type": "application/json" },
      body: JSON.stringify({
        practiceId: practice?.id,
        items: ["TAKEDOWN"],
        invoice: TEST_BILLING,
        salesConditionsAccepted: true,
        withdrawalWaiverAccepted: true,
        idempotencyKey: randomUUID(),
        voucherCode: DEMO_SHOP.voucher,
        payment: {
          type: "STRIPE",
          code: JSON.stringify({ payment_method_id: await paymentMethod(s.app.deps, "three_d_secure") }),
        },
      }),
    });
    expect(((await res.json()) as { requires_action: boolean }).requires_action).toBe(true);
    const status = async () => {
      const [order] = await s.handle.db
        .select()
        .from(orders)
        .where(eq(orders.practiceId, practice?.id as string));
      const [p] = await s.handle.db
        .select()
        .from(practices)
        .where(eq(practices.id, practice?.id as string));
      return [order?.status, p?.status];
    };
    expect(await status()).toEqual(["AWAITING_PAYMENT", "TO_PAID"]);
    expect(await uses()).toBe((usesBefore ?? 0) + 1);

    await clock.setTime(clock.now() + 10 * 60_000);
    await clock.tick(5 * 60_000);
    await expect.poll(status, { timeout: 10_000 }).toEqual(["ABANDONED", "PENDING"]);
    expect(await uses()).toBe(usesBefore);
    const [intent] = await sandboxIntentsOf(s.handle.db, practice?.id as string);
    expect(intent?.status).toBe("canceled");
  });

  // Issue 38: the campaign's budget pays one share (150 € of the legal defence), which the order at its
  // challenge holds.
  const SHARE = 15_000;
  const budget = async () =>
    (await s.handle.db.select().from(campaigns).where(eq(campaigns.code, DEMO_SHOP.campaign)))[0]
      ?.budgetCents;
  let n = 0;
  /** A practice of the demo client, and its legal defence paid by the sandbox's card for `scenario`. */
  const defence = async (scenario: "three_d_secure" | "succeeds") => {
    const ownerId = (await findUserByEmail(s.handle.db, "cliente@demo.argine.it"))?.id as string;
    const [practice] = await s.handle.db
      .insert(practices)
      .values({ ticketCode: `AR-ABC${kind.slice(0, 2)}${++n}`, ownerId })
      .returning();
    return checkoutBody(practice?.id as string, ["DEFENCE"], {
      payment: {
        type: "STRIPE",
        code: JSON.stringify({ payment_method_id: await paymentMethod(s.app.deps, scenario) }),
      },
    });
  };
  const orderStatus = async (key: string) =>
    (await s.handle.db.select().from(orders).where(eq(orders.idempotencyKey, key)))[0]?.status;

  it("gives the campaign's budget back at once when the page gives up the attempt; the next checkout uses it", async () => {
    const { client } = await demoTokens(s);
    const call = apiCaller(s);
    await s.handle.db
      .update(campaigns)
      .set({ budgetCents: SHARE })
      .where(eq(campaigns.code, DEMO_SHOP.campaign));
    const attempt = await defence("three_d_secure");
    expect((await call(client, "/orders", "POST", attempt)).body).toMatchObject({ requires_action: true });
    expect(await budget()).toBe(0);

    const given = await call(client, "/orders/abandon", "POST", { idempotencyKey: attempt.idempotencyKey });
    expect(given).toMatchObject({ status: 200, body: { status: "ABANDONED", order: null } });
    expect(await budget()).toBe(SHARE);
    const next = await call<{ order: { campaignDiscount: number } }>(
      client,
      "/orders",
      "POST",
      await defence("succeeds"),
    );
    expect(next.body.order).toMatchObject({ status: "PAID", campaignDiscount: 150 });
    expect(await budget()).toBe(0);

    // Each call may cancel an intent at the provider: 20 a minute per account (and 60 per address); one was
    // spent above.
    const max = maxOf("POST /v1/orders/abandon", "account");
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) {
      statuses.push((await call(client, "/orders/abandon", "POST", { idempotencyKey: randomUUID() })).status);
    }
    expect(statuses.slice(0, max - 1).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  // PGlite only: on PostgreSQL a job queued in the app's own transaction takes its start from the database's
  // real clock (pg-boss moves only its own sessions to the TestClock), so no jump of the clock reaches it.
  // The job itself, on both engines: orders/abandoned-checkout.integration.test.ts.
  it.runIf(kind === "pglite")(
    "gives it back at the order's expiry, 10 minutes after the checkout, before the sweep's next pass",
    async () => {
      const { client } = await demoTokens(s);
      const call = apiCaller(s);
      await s.handle.db
        .update(campaigns)
        .set({ budgetCents: SHARE })
        .where(eq(campaigns.code, DEMO_SHOP.campaign));
      // The checkout 2½ minutes after a pass of the sweep (every 5 minutes): its expiry falls 2½ minutes
      // before the third pass after it, when the sweep alone would release it (the passes the clock jumps
      // over are missed, not caught up: pg-boss sends a cron occurrence within its minute only).
      const pass = Math.ceil((clock.now() + 60_000) / 300_000) * 300_000;
      const checkoutAt = pass + 150_000;
      await clock.setTime(checkoutAt);
      const attempt = await defence("three_d_secure");
      expect((await call(client, "/orders", "POST", attempt)).body).toMatchObject({ requires_action: true });
      expect(await budget()).toBe(0);

      await clock.setTime(checkoutAt + ABANDON_AFTER_MS - 5_000);
      await clock.tick(2_000);
      expect(await orderStatus(attempt.idempotencyKey)).toBe("AWAITING_PAYMENT");
      expect(await budget()).toBe(0);

      await clock.setTime(checkoutAt + EXPIRY_JOB_AFTER_SECONDS * 1000 + 1_000);
      await clock.tick(5_000);
      await expect.poll(() => orderStatus(attempt.idempotencyKey), { timeout: 10_000 }).toBe("ABANDONED");
      expect(await budget()).toBe(SHARE);
    },
  );
});
