import { randomUUID } from "node:crypto";
import { findUserByEmail } from "@argine/db/queries/users";
import { orders, practices, vouchers } from "@argine/db/schema";
import { DEMO_SHOP } from "@argine/db/seed";
import { testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_BILLING } from "../../../../test/checkout.ts";
import { demoTokens, type IdentityServer, startIdentityServer } from "../../../../test/identity.ts";
import { paymentMethod, sandboxIntentsOf } from "../../../../test/sandbox.ts";

// The settle job as it runs in production: pg-boss's schedule queues it every 5 minutes, on the clock the
// test moves (TestClock), and it abandons the order left at 3-D Secure. ADR 014: such an order holds what it
// reserved (here a voucher's use) for 10 minutes, so the job gives it back at most 15 minutes after.

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
});
