import type { Actor } from "@argine/core/identity/policy";
import type { OrderCreateBody } from "@argine/core/orders/orders-api";
import type { DbHandle } from "@argine/db/client";
import { findUserByEmail } from "@argine/db/queries/users";
import { invoices, practices } from "@argine/db/schema";
import { DEMO_SHOP, seedDemo } from "@argine/db/seed";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutBody } from "../../test/checkout.ts";
import { randomIp } from "../../test/identity.ts";
import { paymentMethod } from "../../test/sandbox.ts";
import { serviceDeps } from "../../test/service-deps.ts";
import type { Deps } from "../deps.ts";
import { createOrder } from "../orders/orders-service.ts";

// Invoice numbers (ADR 016): per Europe/Rome calendar year, from 1, unique and without gaps,
// however many payments land at once and whatever rolls back. Each test pays in a year of its own, so its
// numbers start from 1.

describe.each(testDbKinds())("invoice numbering on %s", (kind) => {
  let handle: DbHandle;
  let client: Actor;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    // The demo gift card is valid for a year from the seed's day.
    await seedDemo(handle.db, {
      hashPassword: async (p) => `test:${p}`,
      now: new Date("2027-01-01T10:00:00Z"),
    });
    client = {
      userId: (await findUserByEmail(handle.db, "cliente@demo.argine.it"))?.id as string,
      roles: [],
    };
  });
  afterAll(() => handle.close());

  let n = 0;
  const newPractice = async () => {
    const [row] = await handle.db
      .insert(practices)
      .values({ ticketCode: `AR-NUM${kind.slice(0, 2)}${++n}`, ownerId: client.userId })
      .returning();
    return row as typeof practices.$inferSelect;
  };
  const body = checkoutBody;
  const cardPaid = async (deps: Deps, items: string[]) => {
    const practice = await newPractice();
    const card = {
      payment: {
        type: "STRIPE",
        code: JSON.stringify({ payment_method_id: await paymentMethod(deps, "succeeds") }),
      },
    };
    return createOrder(deps, client, body(practice.id, items, card) as OrderCreateBody, randomIp());
  };
  const numbersOf = async (year: number) =>
    (
      await handle.db
        .select({ number: invoices.number })
        .from(invoices)
        .where(eq(invoices.year, year))
        .orderBy(asc(invoices.number))
    ).map((row) => row.number);

  it("gives a number back when the payment's transaction rolls back: the next invoice takes it", async () => {
    const { deps, jobs } = serviceDeps(handle.db, "2027-03-01T10:00:00Z");
    await cardPaid(deps, ["TAKEDOWN"]);
    // The confirmation mail cannot be queued: the gift-card checkout, invoice included, is undone.
    jobs.failing = true;
    const practice = await newPractice();
    await expect(
      createOrder(
        deps,
        client,
        body(practice.id, ["TAKEDOWN"], { giftCardCode: DEMO_SHOP.giftCard }),
        randomIp(),
      ),
    ).rejects.toThrow("job not stored");
    jobs.failing = false;
    await cardPaid(deps, ["TAKEDOWN"]);
    expect(await numbersOf(2027)).toEqual([1, 2]);
  });

  it("numbers by the Rome calendar year: 23:30 UTC on 31 December is already the next year's", async () => {
    const { deps } = serviceDeps(handle.db, "2032-12-31T23:30:00Z");
    const answer = await cardPaid(deps, ["TAKEDOWN"]);
    const [row] = await handle.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, answer.order?.id as string));
    expect(row).toMatchObject({ year: 2033, number: 1 });
  });

  // Concurrent transactions need more than one connection: PostgreSQL only.
  it.runIf(kind === "postgres")(
    "gives 50 concurrent payments the invoice numbers 1 to 50: unique, none missing",
    async () => {
      const { deps } = serviceDeps(handle.db, "2030-06-15T10:00:00Z");
      const answers = await Promise.all(Array.from({ length: 50 }, () => cardPaid(deps, ["TAKEDOWN"])));
      expect(answers.every((answer) => answer.order?.status === "PAID")).toBe(true);
      expect(await numbersOf(2030)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    },
    60_000,
  );
});
