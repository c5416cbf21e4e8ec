import type { Actor } from "@argine/core/identity/policy";
import type { OrderCreateBody } from "@argine/core/orders/orders-api";
import type { SandboxScenario } from "@argine/core/payments/sandbox-api";
import type { DbHandle } from "@argine/db/client";
import { findUserByEmail } from "@argine/db/queries/users";
import { orders, practices } from "@argine/db/schema";
import { seedDemo } from "@argine/db/seed";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutBody } from "../../test/checkout.ts";
import { randomIp } from "../../test/identity.ts";
import { paymentMethod } from "../../test/sandbox.ts";
import { serviceDeps } from "../../test/service-deps.ts";
import type { Deps } from "../deps.ts";
import { failOrder, settleStaleOrder } from "./order-settlement.ts";
import { createOrder } from "./orders-service.ts";

// argine_payments_total counts each card payment's outcome once, where it is decided: a repeated call or a
// second settlement of the same order counts nothing more (docs/runbook.md).

const AT = new Date("2026-11-24T10:00:00Z");

describe.each(testDbKinds())("the payments' outcomes on %s", (kind) => {
  let handle: DbHandle;
  let client: Actor;
  let n = 0;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedDemo(handle.db, { hashPassword: async (p) => `test:${p}`, now: AT });
    client = {
      userId: (await findUserByEmail(handle.db, "cliente@demo.argine.it"))?.id as string,
      roles: [],
    };
  });
  afterAll(() => handle.close());

  const newPractice = async () => {
    const [row] = await handle.db
      .insert(practices)
      .values({ ticketCode: `AR-MET${kind.slice(0, 2)}${++n}`, ownerId: client.userId })
      .returning();
    return row?.id as string;
  };
  /** A checkout of one service for a new practice, paid with the sandbox's card for `scenario`. */
  const attempt = async (deps: Deps, scenario: SandboxScenario) =>
    ({
      ...checkoutBody(await newPractice(), ["TAKEDOWN"]),
      payment: {
        type: "STRIPE",
        code: JSON.stringify({ payment_method_id: await paymentMethod(deps, scenario) }),
      },
    }) as OrderCreateBody;
  const checkout = (deps: Deps, body: OrderCreateBody) => createOrder(deps, client, body, randomIp());
  const counted = async (deps: Deps) =>
    (await deps.metrics.text())
      .split("\n")
      .filter((line) => line.startsWith("argine_payments_total{"))
      .sort();

  it("counts succeeded, failed, requires_action and abandoned once each", async () => {
    const { deps } = serviceDeps(handle.db, AT);
    expect((await checkout(deps, await attempt(deps, "succeeds"))).order?.status).toBe("PAID");
    await expect(checkout(deps, await attempt(deps, "card_declined"))).rejects.toMatchObject({
      code: "PAYMENT_FAILED",
    });
    const challenged = await attempt(deps, "three_d_secure");
    expect(await checkout(deps, challenged)).toMatchObject({ requires_action: true });
    // The same attempt again reads the same intent: no second count.
    expect(await checkout(deps, challenged)).toMatchObject({ requires_action: true });
    // Never answered: the settle job abandons it, once however often it runs.
    const [order] = await handle.db.select().from(orders).where(eq(orders.practiceId, challenged.practiceId));
    if (!order) throw new Error("no order");
    expect((await settleStaleOrder(deps, order)).status).toBe("ABANDONED");
    await failOrder(deps, order.id, "ABANDONED", null);

    expect(await counted(deps)).toEqual([
      'argine_payments_total{provider="sandbox",outcome="abandoned"} 1',
      'argine_payments_total{provider="sandbox",outcome="failed"} 1',
      'argine_payments_total{provider="sandbox",outcome="requires_action"} 1',
      'argine_payments_total{provider="sandbox",outcome="succeeded"} 1',
    ]);
  });
});
