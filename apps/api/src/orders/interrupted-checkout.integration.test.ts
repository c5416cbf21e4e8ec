import type { Actor } from "@argine/core/identity/policy";
import type { OrderCreateBody } from "@argine/core/orders/orders-api";
import type { SandboxScenario } from "@argine/core/payments/sandbox-api";
import { MESSAGES } from "@argine/core/shared/messages";
import type { DbHandle } from "@argine/db/client";
import { findUserByEmail } from "@argine/db/queries/users";
import { orders, payments, practices, sandboxPaymentIntents, vouchers } from "@argine/db/schema";
import { DEMO_SHOP, seedDemo } from "@argine/db/seed";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutBody, servicesOf } from "../../test/checkout.ts";
import { randomIp } from "../../test/identity.ts";
import { paymentMethod } from "../../test/sandbox.ts";
import { serviceDeps } from "../../test/service-deps.ts";
import { STRIPE_TEST_KEYS, type StripeFake, startStripeFake } from "../../test/stripe-fake.ts";
import type { Deps } from "../deps.ts";
import { createStripeProvider } from "../payments/stripe-provider.ts";
import {
  ABANDON_AFTER_MS,
  intentRequest,
  PROVIDER_CALL_LEASE_MS,
  settleExpiredOrder,
} from "./order-settlement.ts";
import { abandonOrder, createOrder } from "./orders-service.ts";

// Issue 39, item 7: the order is committed awaiting its card, then the process dies at the card call, before
// the provider answered (before it was even asked, or after it made the intent): no payment is recorded. The
// case answered 409 "pagamento già in corso" to every checkout until the settle job, 10 to 15 minutes on,
// though nothing was charged. Now a retry, of the same attempt or a new one, goes through once the dead call's
// few seconds (PROVIDER_CALL_LEASE_MS) are past, asking the provider again by the order's key: the intent the
// dead call made is found and reused, none is ever made twice, so no order is charged twice, and none is
// abandoned while its card went through. On the sandbox and on Stripe (its loopback stand-in), each on PGlite
// and PostgreSQL.

const AT = new Date("2026-11-24T10:00:00Z");
const LATER = new Date(AT.getTime() + PROVIDER_CALL_LEASE_MS);

/** Stripe's test payment methods for the sandbox's scenarios. */
const STRIPE_CARDS: Partial<Record<SandboxScenario, string>> = {
  succeeds: "pm_card_visa",
  three_d_secure: "pm_card_threeDSecure2Required",
};

/** What a dead process leaves of the card call: no answer, the provider asked (its intent made) or not. */
class ProcessDied extends Error {}

describe.each(testDbKinds())("a checkout whose process died at the card call, on %s", (kind) => {
  let handle: DbHandle;
  let client: Actor;
  let fake: StripeFake;
  let n = 0;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedDemo(handle.db, { hashPassword: async (p) => `test:${p}`, now: AT });
    client = {
      userId: (await findUserByEmail(handle.db, "cliente@demo.argine.it"))?.id as string,
      roles: [],
    };
    fake = await startStripeFake();
  });
  afterAll(async () => {
    await fake.close();
    await handle.close();
  });

  describe.each(["sandbox", "stripe"] as const)("paid with the %s", (provider) => {
    /** A service's dependencies at `at`, paying through this provider. */
    const depsAt = (at: Date) => {
      const made = serviceDeps(handle.db, at);
      if (provider === "stripe")
        made.deps.payments = createStripeProvider(
          { provider: "stripe", ...STRIPE_TEST_KEYS, apiUrl: fake.url },
          made.clock,
        );
      return made;
    };
    const newPractice = async () => {
      const [row] = await handle.db
        .insert(practices)
        .values({
          ticketCode: `AR-INT${kind.slice(0, 2)}${provider.slice(0, 2)}${++n}`,
          ownerId: client.userId,
        })
        .returning();
      return row?.id as string;
    };
    /** The takedown of a practice with the shop's voucher, paid by `scenario`'s card: a new attempt. */
    const attempt = async (deps: Deps, practiceId: string, scenario: SandboxScenario = "succeeds") =>
      ({
        ...checkoutBody(practiceId, ["TAKEDOWN"], { voucherCode: DEMO_SHOP.voucher }),
        payment: {
          type: "STRIPE",
          code: JSON.stringify({
            payment_method_id:
              provider === "stripe" ? STRIPE_CARDS[scenario] : await paymentMethod(deps, scenario),
          }),
        },
      }) as OrderCreateBody;
    const checkout = (deps: Deps, body: OrderCreateBody) => createOrder(deps, client, body, randomIp());
    /** The checkout's first call, its process killed at the card call: before asking, or after the answer. */
    const diesAtCardCall = async (deps: Deps, body: OrderCreateBody, when: "before" | "after") => {
      const ask = deps.payments.createAndConfirm.bind(deps.payments);
      vi.spyOn(deps.payments, "createAndConfirm").mockImplementationOnce(async (input) => {
        if (when === "after") await ask(input);
        throw new ProcessDied();
      });
      await expect(checkout(deps, body)).rejects.toBeInstanceOf(ProcessDied);
      const order = await orderOf(body.idempotencyKey);
      expect(order?.status).toBe("AWAITING_PAYMENT");
      expect(await paymentOf(order?.id as string)).toBeUndefined();
      return order as typeof orders.$inferSelect;
    };
    const orderOf = async (key: string) =>
      (await handle.db.select().from(orders).where(eq(orders.idempotencyKey, key)))[0];
    const ordersOfPractice = (practiceId: string) =>
      handle.db.select().from(orders).where(eq(orders.practiceId, practiceId));
    const paymentOf = async (orderId: string) =>
      (await handle.db.select().from(payments).where(eq(payments.orderId, orderId)))[0];
    /** The provider's intents for an order, as the provider keeps them: one at most, ever. */
    const intentsOf = async (orderId: string) =>
      provider === "stripe"
        ? [...fake.intents.values()]
            .filter((i) => i.metadata.orderId === orderId)
            .map((i) => ({ id: i.id, status: i.status }))
        : (
            await handle.db
              .select()
              .from(sandboxPaymentIntents)
              .where(eq(sandboxPaymentIntents.idempotencyKey, orderId))
          ).map((i) => ({ id: i.id, status: i.status as string }));
    const voucherUses = async () =>
      (await handle.db.select().from(vouchers).where(eq(vouchers.code, DEMO_SHOP.voucher)))[0]?.uses;
    const practiceStatus = async (id: string) =>
      (await handle.db.select().from(practices).where(eq(practices.id, id)))[0]?.status;

    it("the same attempt again goes through a few seconds on: one intent, charged once", async () => {
      const { deps, clock } = depsAt(AT);
      const practiceId = await newPractice();
      const body = await attempt(deps, practiceId);
      const order = await diesAtCardCall(deps, body, "before");
      expect(await intentsOf(order.id)).toEqual([]);

      // At once, the first call may still be talking to the provider: not asked a second time beside it.
      await expect(checkout(deps, body)).rejects.toMatchObject({
        code: "CONFLICT",
        message: MESSAGES.orderInProgress,
      });
      await clock.setTime(LATER);
      const paid = await checkout(deps, body);
      expect(paid.order).toMatchObject({ id: order.id, status: "PAID" });
      expect(await practiceStatus(practiceId)).toBe("OPEN");
      expect(await servicesOf(handle.db, practiceId)).toEqual(["TAKEDOWN"]);
      const intents = await intentsOf(order.id);
      expect(intents).toEqual([{ id: expect.any(String), status: "succeeded" }]);
      expect((await paymentOf(order.id))?.intentId).toBe(intents[0]?.id);
      // Sent once more: answered, the provider asked nothing new.
      expect((await checkout(deps, body)).order?.id).toBe(order.id);
      expect(await intentsOf(order.id)).toEqual(intents);
    });

    it("a new attempt goes through a few seconds on: the dead one settled first, its voucher use given back", async () => {
      const { deps, clock } = depsAt(AT);
      const practiceId = await newPractice();
      const usesBefore = await voucherUses();
      const dead = await diesAtCardCall(deps, await attempt(deps, practiceId), "before");
      expect(await voucherUses()).toBe((usesBefore ?? 0) + 1);
      await expect(checkout(deps, await attempt(deps, practiceId))).rejects.toMatchObject({
        code: "CONFLICT",
        message: MESSAGES.practiceHasOrderInProgress,
      });

      await clock.setTime(LATER);
      const again = await checkout(deps, await attempt(deps, practiceId));
      expect(again.order).toMatchObject({ status: "PAID" });
      expect((await orderOf(dead.idempotencyKey))?.status).toBe("ABANDONED");
      // The dead attempt's key now holds a cancelled intent: its call, were it only late, charges nothing.
      expect(await intentsOf(dead.id)).toEqual([{ id: expect.any(String), status: "canceled" }]);
      const late = await deps.payments.createAndConfirm({
        ...intentRequest(dead),
        paymentMethodId: provider === "stripe" ? "pm_card_visa" : await paymentMethod(deps, "succeeds"),
      });
      expect(late.status).toBe("canceled");
      expect(await voucherUses()).toBe((usesBefore ?? 0) + 1);
      expect(await servicesOf(handle.db, practiceId)).toEqual(["TAKEDOWN"]);
    });

    it("an intent the provider made before the process died is found and reused, by a retry or by a new attempt", async () => {
      const { deps, clock } = depsAt(AT);
      // The same attempt again: the card had gone through, the order is paid with that intent.
      const first = await newPractice();
      const body = await attempt(deps, first);
      const order = await diesAtCardCall(deps, body, "after");
      const [made] = await intentsOf(order.id);
      expect(made?.status).toBe("succeeded");
      await clock.setTime(LATER);
      expect((await checkout(deps, body)).order).toMatchObject({ id: order.id, status: "PAID" });
      expect(await intentsOf(order.id)).toEqual([made]);

      // A new attempt: the dead one is found paid, so its services are bought and nothing is charged again.
      const { deps: deps2, clock: clock2 } = depsAt(AT);
      const second = await newPractice();
      const paidBefore = await diesAtCardCall(deps2, await attempt(deps2, second), "after");
      await clock2.setTime(LATER);
      await expect(checkout(deps2, await attempt(deps2, second))).rejects.toMatchObject({
        code: "CONFLICT",
        message: MESSAGES.productNotAvailable,
      });
      expect((await ordersOfPractice(second)).map((o) => o.status)).toEqual(["PAID"]);
      expect(await intentsOf(paidBefore.id)).toEqual([{ id: expect.any(String), status: "succeeded" }]);
      expect(await servicesOf(handle.db, second)).toEqual(["TAKEDOWN"]);
    });

    it("the settle job: abandons at its expiry an order whose call never reached the provider, pays one whose card went through, cancels a pending challenge", async () => {
      const expiry = new Date(AT.getTime() + ABANDON_AFTER_MS);
      const cases = [
        { when: "before", scenario: "succeeds", order: "ABANDONED", intent: "canceled" },
        { when: "after", scenario: "succeeds", order: "PAID", intent: "succeeded" },
        { when: "after", scenario: "three_d_secure", order: "ABANDONED", intent: "canceled" },
      ] as const;
      for (const c of cases) {
        const { deps } = depsAt(AT);
        const practiceId = await newPractice();
        const usesBefore = (await voucherUses()) ?? 0;
        const order = await diesAtCardCall(deps, await attempt(deps, practiceId, c.scenario), c.when);
        const { deps: late } = depsAt(expiry);
        await settleExpiredOrder(late, order.id);
        expect((await orderOf(order.idempotencyKey))?.status, JSON.stringify(c)).toBe(c.order);
        expect(await intentsOf(order.id)).toEqual([{ id: expect.any(String), status: c.intent }]);
        expect(await practiceStatus(practiceId)).toBe(c.order === "PAID" ? "OPEN" : "PENDING");
        expect(await voucherUses()).toBe(c.order === "PAID" ? usesBefore + 1 : usesBefore);
      }
    });

    it("the page gives up the attempt (POST /v1/orders/abandon): refused while the call may run, released a few seconds on", async () => {
      const { deps, clock } = depsAt(AT);
      const practiceId = await newPractice();
      const usesBefore = (await voucherUses()) ?? 0;
      const order = await diesAtCardCall(deps, await attempt(deps, practiceId), "before");
      await expect(abandonOrder(deps, client, order.idempotencyKey)).rejects.toMatchObject({
        code: "CONFLICT",
      });
      await clock.setTime(LATER);
      expect(await abandonOrder(deps, client, order.idempotencyKey)).toEqual({
        status: "ABANDONED",
        order: null,
      });
      expect(await voucherUses()).toBe(usesBefore);
      expect(await practiceStatus(practiceId)).toBe("PENDING");
    });

    // Two connections at once: PostgreSQL only.
    describe.runIf(kind === "postgres")("races", () => {
      it("two retries of the same attempt at once: one intent, the order paid once, one confirmation mail", async () => {
        for (let round = 0; round < 4; round++) {
          const { deps, clock, jobs } = depsAt(AT);
          const practiceId = await newPractice();
          const body = await attempt(deps, practiceId);
          const order = await diesAtCardCall(deps, body, round % 2 ? "after" : "before");
          await clock.setTime(LATER);
          const answers = await Promise.allSettled([checkout(deps, body), checkout(deps, body)]);
          for (const a of answers)
            if (a.status === "fulfilled")
              expect(a.value.order).toMatchObject({ id: order.id, status: "PAID" });
            else expect(a.reason).toMatchObject({ code: "CONFLICT", message: MESSAGES.orderInProgress });
          expect(answers.some((a) => a.status === "fulfilled")).toBe(true);
          expect((await orderOf(body.idempotencyKey))?.status).toBe("PAID");
          expect(await intentsOf(order.id)).toEqual([{ id: expect.any(String), status: "succeeded" }]);
          expect(await servicesOf(handle.db, practiceId)).toEqual(["TAKEDOWN"]);
          expect(jobs.mails.filter((m) => m.to === "cliente@demo.argine.it")).toHaveLength(1);
        }
      });

      it("the same attempt retried while a new one settles it: paid once or abandoned uncharged, never both", async () => {
        for (let round = 0; round < 6; round++) {
          const { deps, clock } = depsAt(AT);
          const practiceId = await newPractice();
          const body = await attempt(deps, practiceId);
          const dead = await diesAtCardCall(deps, body, round % 2 ? "after" : "before");
          await clock.setTime(LATER);
          await Promise.allSettled([checkout(deps, body), checkout(deps, await attempt(deps, practiceId))]);
          const rows = await ordersOfPractice(practiceId);
          const paid = rows.filter((o) => o.status === "PAID");
          expect(paid.length).toBeLessThanOrEqual(1);
          // Every order's intent succeeded exactly when the order is paid: no double charge, none unfulfilled.
          for (const row of rows) {
            const charged = (await intentsOf(row.id)).filter((i) => i.status === "succeeded");
            expect(charged.length, `${row.status} ${row.id === dead.id ? "dead" : "new"}`).toBe(
              row.status === "PAID" ? 1 : 0,
            );
          }
          expect(rows.filter((o) => o.status === "AWAITING_PAYMENT")).toEqual([]);
        }
      });
    });
  });
});
