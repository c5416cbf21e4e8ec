import { randomUUID } from "node:crypto";
import { findUserByEmail } from "@argine/db/queries/users";
import { orders, practices } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_BILLING } from "../../../../test/checkout.ts";
import { demoTokens, type IdentityServer, startIdentityServer } from "../../../../test/identity.ts";
import { paymentMethod, sandboxIntentsOf } from "../../../../test/sandbox.ts";
import { ABANDON_AFTER_MS } from "../../../orders/order-settlement.ts";

// The settle job as it runs in production: pg-boss's schedule queues it every 5 minutes, on the clock the
// test moves (TestClock), and it abandons the order left at 3-D Secure.

describe.each(testDbKinds())("orders left awaiting their card, on %s", (kind) => {
  let s: IdentityServer;
  const clock = new TestClock();

  beforeAll(async () => {
    s = await startIdentityServer(kind, {}, undefined, clock);
  });
  afterAll(() => s.close());

  it("are abandoned by the scheduled job after 30 minutes, the practice waiting again", async () => {
    const { client } = await demoTokens(s);
    const ownerId = (await findUserByEmail(s.handle.db, "cliente@demo.argine.it"))?.id as string;
    const [practice] = await s.handle.db
      .insert(practices)
      .values({ ticketCode: `AR-ABB${kind.slice(0, 2)}`, ownerId })
      .returning();
    await clock.setTime(Date.now());
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

    await clock.setTime(clock.now() + ABANDON_AFTER_MS + 60_000);
    await clock.tick(6 * 60_000);
    await expect.poll(status, { timeout: 10_000 }).toEqual(["ABANDONED", "PENDING"]);
    const [intent] = await sandboxIntentsOf(s.handle.db, practice?.id as string);
    expect(intent?.status).toBe("canceled");
  });
});
