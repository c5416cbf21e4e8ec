import type { Actor } from "@argine/core/identity/policy";
import type { OrderCreateBody } from "@argine/core/orders/orders-api";
import type { SandboxScenario } from "@argine/core/payments/sandbox-api";
import { CARD_ERROR_MESSAGES, MESSAGES } from "@argine/core/shared/messages";
import type { DbHandle } from "@argine/db/client";
import { countLoginFailures, findUserByEmail } from "@argine/db/queries/users";
import {
  billingProfiles,
  campaigns,
  giftCards,
  orders,
  practices,
  services,
  vouchers,
} from "@argine/db/schema";
import { DEMO_SHOP, seedDemo } from "@argine/db/seed";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutBody } from "../../test/checkout.ts";
import { randomIp } from "../../test/identity.ts";
import { paymentMethod, sandboxIntentsOf } from "../../test/sandbox.ts";
import { serviceDeps } from "../../test/service-deps.ts";
import type { Deps } from "../deps.ts";
import { answerChallenge } from "../payments/sandbox-provider.ts";
import { requestGiftCard } from "./coupons-service.ts";
import { ABANDON_AFTER_MS, settleStaleOrder, settleStaleOrders } from "./order-settlement.ts";
import { createOrder, listOrders } from "./orders-service.ts";

const AT = new Date("2026-11-24T10:00:00Z");

describe.each(testDbKinds())("the checkout on %s", (kind) => {
  let handle: DbHandle;
  let client: Actor;
  let other: Actor;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedDemo(handle.db, { hashPassword: async (p) => `test:${p}`, now: AT });
    const id = async (email: string) => (await findUserByEmail(handle.db, email))?.id as string;
    client = { userId: await id("cliente@demo.argine.it"), roles: [] };
    other = { userId: await id("avvocato@demo.argine.it"), roles: [] };
  });
  afterAll(() => handle.close());

  /** POST /v1/orders as the demo client, from an address of its own. */
  const checkout = (deps: Deps, b: unknown) => createOrder(deps, client, b as OrderCreateBody, randomIp());
  let n = 0;
  /** A practice of the demo client (or `ownerId`'s), PENDING, every service for sale. */
  const newPractice = async (values: Partial<typeof practices.$inferInsert> = {}) => {
    const [row] = await handle.db
      .insert(practices)
      .values({ ticketCode: `AR-ORD${kind.slice(0, 2)}${++n}`, ownerId: client.userId, ...values })
      .returning();
    return row as typeof practices.$inferSelect;
  };
  const body = checkoutBody;
  /** The card part of the body: a payment method the sandbox made from its test card for `scenario`. */
  const card = async (deps: Deps, scenario: SandboxScenario) => ({
    payment: {
      type: "STRIPE",
      code: JSON.stringify({ payment_method_id: await paymentMethod(deps, scenario) }),
    },
  });
  /** The person's answer to the 3-D Secure challenge, given on the sandbox's page (its client secret). */
  const challenge = (deps: Deps, clientSecret: string | null | undefined, approve: boolean) =>
    answerChallenge(deps, {
      intentId: clientSecret?.split("_secret_")[0] as string,
      clientSecret: clientSecret as string,
      approve,
    });
  const intentsOf = (practiceId: string) => sandboxIntentsOf(handle.db, practiceId);
  const intentPaid = (id: string) => ({
    payment: { type: "STRIPE", code: JSON.stringify({ payment_intent_id: id }) },
  });
  const statusOf = async (id: string) =>
    (await handle.db.select().from(practices).where(eq(practices.id, id)))[0]?.status;
  const servicesOf = async (id: string) =>
    (await handle.db.select().from(services).where(eq(services.practiceId, id)))
      .map((s) => s.serviceType)
      .sort();
  const voucher = async (code: string) =>
    (await handle.db.select().from(vouchers).where(eq(vouchers.code, code)))[0];
  const giftCard = async (code: string) =>
    (await handle.db.select().from(giftCards).where(eq(giftCards.code, code)))[0];
  const ordersOf = async (practiceId: string) =>
    handle.db.select().from(orders).where(eq(orders.practiceId, practiceId));

  it("pays by card: the order PAID, the services created, the practice OPEN, the mail queued", async () => {
    const { deps, jobs } = serviceDeps(handle.db, AT);
    const practice = await newPractice();
    const answer = await checkout(deps, {
      ...body(practice.id, ["TAKEDOWN", "INJUCTION"], { voucherCode: DEMO_SHOP.voucher }),
      ...(await card(deps, "succeeds")),
    } as never);
    expect(answer.requires_action).toBe(false);
    expect(answer.order).toMatchObject({
      status: "PAID",
      paymentType: "STRIPE",
      total: 298,
      voucherDiscount: 29.8,
      amount: 268.2,
      cardAmount: 268.2,
      giftCardAmount: 0,
      ticketCode: practice.ticketCode,
      practiceStatus: "OPEN",
    });
    expect(answer.order?.lines.map((l) => [l.productCode, l.finalPrice])).toEqual([
      ["TAKEDOWN", 89.1],
      ["INJUCTION", 179.1],
    ]);
    expect(await statusOf(practice.id)).toBe("OPEN");
    expect(await servicesOf(practice.id)).toEqual(["INJUCTION", "TAKEDOWN"]);
    const intents = await intentsOf(practice.id);
    expect(intents.map((i) => [i.idempotencyKey, i.amountCents])).toEqual([[answer.order?.id, 26820]]);
    const mail = jobs.sent.find((j) => j.queue === "mail")?.data as { to: string; text: string };
    expect(mail.to).toBe("cliente@demo.argine.it");
    expect(mail.text).toContain("268,20 €");
    expect(mail.text).not.toContain(practice.ticketCode);
    const [billing] = await handle.db
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.userId, client.userId));
    expect(billing).toMatchObject({ address: "Via Roma 1", cap: "00184" });
    expect((await listOrders(deps, client, { page: 1, pageSize: 20 })).data[0]?.id).toBe(answer.order?.id);
  });

  it("asks for 3-D Secure, then confirms the intent on the second call; a repeat never makes a second intent", async () => {
    const { deps, payments } = serviceDeps(handle.db, AT);
    const create = vi.spyOn(payments, "createAndConfirm");
    const practice = await newPractice();
    const first = { ...body(practice.id, ["TAKEDOWN"]), ...(await card(deps, "three_d_secure")) } as never;
    const action = await checkout(deps, first);
    expect(action).toMatchObject({ order: null, requires_action: true });
    expect(action.payment_intent_client_secret).toMatch(/^pi_/);
    expect(await statusOf(practice.id)).toBe("TO_PAID");
    expect(await checkout(deps, first)).toEqual(action);
    const intent = await challenge(deps, action.payment_intent_client_secret, true);
    const paid = await checkout(deps, {
      ...(first as object),
      ...intentPaid(intent?.id as string),
    } as never);
    expect(paid.order).toMatchObject({ status: "PAID", practiceStatus: "OPEN" });
    expect(create).toHaveBeenCalledTimes(1);
    expect(await intentsOf(practice.id)).toHaveLength(1);
  });

  it("fails the order when the 3-D Secure challenge is refused: a payment ko, the practice waiting again", async () => {
    const { deps } = serviceDeps(handle.db, AT);
    const practice = await newPractice();
    const first = { ...body(practice.id, ["TAKEDOWN"]), ...(await card(deps, "three_d_secure")) } as never;
    const { id: intent } = await challenge(
      deps,
      (await checkout(deps, first)).payment_intent_client_secret,
      false,
    );
    await expect(
      checkout(deps, { ...(first as object), ...intentPaid(intent) } as never),
    ).rejects.toMatchObject({
      code: "PAYMENT_FAILED",
      message: CARD_ERROR_MESSAGES.payment_intent_authentication_failure,
    });
    const [failed] = await ordersOf(practice.id);
    expect(failed?.status).toBe("FAILED");
    expect(await statusOf(practice.id)).toBe("PENDING");
    // Its intent is cancelled: no other card can be charged through it for an order that bought nothing.
    expect((await deps.payments.retrieve(intent)).status).toBe("canceled");
    // A refused attempt bought nothing: the orders history leaves it out.
    const history = await listOrders(deps, client, { page: 1, pageSize: 100 });
    expect(history.data.map((order) => order.id)).not.toContain(failed?.id);
    // Another intent than the order's is refused.
    const other = { ...body(practice.id, ["TAKEDOWN"]), ...(await card(deps, "three_d_secure")) } as never;
    await checkout(deps, other);
    await expect(
      checkout(deps, { ...(other as object), ...intentPaid(intent) } as never),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: MESSAGES.orderPaymentMismatch });
    const waiting = (await ordersOf(practice.id)).find((o) => o.status === "AWAITING_PAYMENT");
    expect((await settleStaleOrder(deps, waiting as never)).status).toBe("ABANDONED");
  });

  it("fails a refused card with its Italian message and gives back the voucher and the gift card", async () => {
    const { deps } = serviceDeps(handle.db, AT);
    const practice = await newPractice();
    const usesBefore = (await voucher(DEMO_SHOP.voucher))?.uses ?? 0;
    const balanceBefore = (await giftCard(DEMO_SHOP.giftCard))?.balanceCents;
    await expect(
      checkout(deps, {
        ...body(practice.id, ["DEFENCE"], {
          voucherCode: DEMO_SHOP.voucher,
          giftCardCode: DEMO_SHOP.giftCard,
        }),
        ...(await card(deps, "insufficient_funds")),
      } as never),
    ).rejects.toMatchObject({
      code: "PAYMENT_FAILED",
      status: 402,
      message: CARD_ERROR_MESSAGES.insufficient_funds,
    });
    const [order] = await ordersOf(practice.id);
    expect(order).toMatchObject({ status: "FAILED", errorCode: "insufficient_funds" });
    const [refusedIntent] = await intentsOf(practice.id);
    expect((await deps.payments.retrieve(refusedIntent?.id as string)).status).toBe("canceled");
    expect((await voucher(DEMO_SHOP.voucher))?.uses).toBe(usesBefore);
    expect((await giftCard(DEMO_SHOP.giftCard))?.balanceCents).toBe(balanceBefore);
    expect(await statusOf(practice.id)).toBe("PENDING");
    expect(await servicesOf(practice.id)).toEqual([]);
  });

  it("gives back the campaign's budget, the voucher's use and the gift card's balance at once when the provider refuses the payment method; a real checkout of the practice then pays", async () => {
    const { deps } = serviceDeps(handle.db, AT);
    const practice = await newPractice();
    const budget = async () =>
      (await handle.db.select().from(campaigns).where(eq(campaigns.code, DEMO_SHOP.campaign)))[0]
        ?.budgetCents as number;
    const budgetBefore = await budget();
    const usesBefore = (await voucher(DEMO_SHOP.voucher))?.uses;
    const cardCode = `RISERVA-${kind.toUpperCase()}`;
    await handle.db.insert(giftCards).values({ code: cardCode, amountCents: 10000, balanceCents: 10000 });
    const attempt = (payment: object) =>
      checkout(deps, {
        ...body(practice.id, ["DEFENCE"], { voucherCode: DEMO_SHOP.voucher, giftCardCode: cardCode }),
        ...payment,
      } as never);

    await expect(
      attempt({
        payment: { type: "STRIPE", code: JSON.stringify({ payment_method_id: "pm_doesnotexist" }) },
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: CARD_ERROR_MESSAGES.generic });
    expect((await ordersOf(practice.id)).map((o) => o.status)).toEqual(["FAILED"]);
    expect(await budget()).toBe(budgetBefore);
    expect((await voucher(DEMO_SHOP.voucher))?.uses).toBe(usesBefore);
    expect((await giftCard(cardCode))?.balanceCents).toBe(10000);
    expect(await statusOf(practice.id)).toBe("PENDING");

    // Right after, a real card on the same practice: no 409, the campaign's share taken once.
    const paid = await attempt(await card(deps, "succeeds"));
    expect(paid.order).toMatchObject({ status: "PAID", campaignDiscount: 150, giftCardAmount: 100 });
    expect(await budget()).toBe(budgetBefore - 15000);
    expect((await giftCard(cardCode))?.balanceCents).toBe(0);
  });

  it("pays the formal notice entirely with the admin's gift card: no card asked", async () => {
    const { deps } = serviceDeps(handle.db, AT);
    const practice = await newPractice();
    const before = (await giftCard(DEMO_SHOP.giftCard))?.balanceCents as number;
    const answer = await checkout(
      deps,
      body(practice.id, ["INJUCTION"], { giftCardCode: DEMO_SHOP.giftCard }),
    );
    expect(answer.order).toMatchObject({
      status: "PAID",
      paymentType: "GIFT_CARD",
      giftCardAmount: 199,
      cardAmount: 0,
    });
    expect((await giftCard(DEMO_SHOP.giftCard))?.balanceCents).toBe(before - 19900);
    expect(await intentsOf(practice.id)).toEqual([]);
  });

  it("pays legal defence with the campaign, the promo gift card and the card for the rest", async () => {
    const { deps } = serviceDeps(handle.db, AT);
    const practice = await newPractice();
    const promo = await requestGiftCard(deps, client, DEMO_SHOP.promo).catch(async () =>
      // The other engine's run asked first in this database? Each run has its own database: never.
      Promise.reject(new Error("promo refused")),
    );
    expect(promo.code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    await expect(requestGiftCard(deps, client, DEMO_SHOP.promo)).rejects.toMatchObject({
      code: "CONFLICT",
      message: MESSAGES.promoAlreadyRequested,
    });
    const [campaign] = await handle.db.select().from(campaigns).where(eq(campaigns.code, DEMO_SHOP.campaign));
    const answer = await checkout(deps, {
      ...body(practice.id, ["DEFENCE"], { giftCardCode: promo.code }),
      ...(await card(deps, "succeeds")),
    } as never);
    expect(answer.order).toMatchObject({
      status: "PAID",
      paymentType: "STRIPE",
      total: 490,
      campaignDiscount: 150,
      amount: 340,
      giftCardAmount: 150,
      cardAmount: 190,
    });
    const [after] = await handle.db.select().from(campaigns).where(eq(campaigns.code, DEMO_SHOP.campaign));
    expect(after?.budgetCents).toBe((campaign?.budgetCents as number) - 15000);
  });

  it("needs no card when a campaign covers the whole total", async () => {
    const { deps } = serviceDeps(handle.db, AT);
    const practice = await newPractice();
    await handle.db.insert(campaigns).values({
      code: `TUTTO-TAKEDOWN-${kind}`,
      name: "Tutto",
      sponsor: "Sponsor",
      coveragePercent: 100,
      productCodes: ["TAKEDOWN"],
      budgetCents: 100000,
      sortOrder: 1,
    });
    const answer = await checkout(deps, body(practice.id, ["TAKEDOWN"]));
    expect(answer.order).toMatchObject({
      status: "PAID",
      paymentType: "CAMPAIGN",
      amount: 0,
      campaignDiscount: 99,
    });
    expect(await intentsOf(practice.id)).toEqual([]);
    await handle.db
      .update(campaigns)
      .set({ active: false })
      .where(eq(campaigns.code, `TUTTO-TAKEDOWN-${kind}`));
  });

  it("asks for the card when something is left to pay and none was sent", async () => {
    const { deps } = serviceDeps(handle.db, AT);
    const practice = await newPractice();
    await expect(checkout(deps, body(practice.id, ["TAKEDOWN"]))).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: MESSAGES.paymentRequired,
    });
    expect(await ordersOf(practice.id)).toEqual([]);
  });

  it("answers 404 for someone else's practice and 409 for a product the practice may not buy", async () => {
    const { deps } = serviceDeps(handle.db, AT);
    const foreign = await newPractice({ ownerId: other.userId });
    await expect(
      checkout(deps, { ...body(foreign.id, ["TAKEDOWN"]), ...(await card(deps, "succeeds")) } as never),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const noTakedown = await newPractice({ serviceTakedownActive: false });
    for (const items of [["TAKEDOWN"], ["PACKAGE"], ["ADVICE"], ["FEEDBACK"]]) {
      await expect(
        checkout(deps, { ...body(noTakedown.id, items), ...(await card(deps, "succeeds")) } as never),
      ).rejects.toMatchObject({ code: "CONFLICT", message: MESSAGES.productNotAvailable });
    }
    const closed = await newPractice({ status: "CLOSED" });
    await expect(
      checkout(deps, { ...body(closed.id, ["DEFENCE"]), ...(await card(deps, "succeeds")) } as never),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("answers one message for an unknown, expired or used-up voucher", async () => {
    const { deps } = serviceDeps(handle.db, AT);
    await handle.db.insert(vouchers).values([
      { code: `SCADUTO-${kind}`, discountAmount: 5, expiresAt: new Date(AT.getTime() - 1000) },
      { code: `FINITO-${kind}`, discountAmount: 5, maxUses: 1, uses: 1 },
    ]);
    const practice = await newPractice();
    for (const code of ["NESSUNO", `SCADUTO-${kind}`, `FINITO-${kind}`]) {
      await expect(
        checkout(deps, {
          ...body(practice.id, ["TAKEDOWN"], { voucherCode: code }),
          ...(await card(deps, "succeeds")),
        } as never),
      ).rejects.toMatchObject({ code: "BAD_REQUEST", message: MESSAGES.voucherInvalid });
    }
  });

  it("abandons an order left awaiting its card for 10 minutes, and pays one whose card went through", async () => {
    const { deps, clock } = serviceDeps(handle.db, AT);
    const left = await newPractice();
    const usesBefore = (await voucher(DEMO_SHOP.voucher))?.uses ?? 0;
    await checkout(deps, {
      ...body(left.id, ["TAKEDOWN"], { voucherCode: DEMO_SHOP.voucher }),
      ...(await card(deps, "three_d_secure")),
    } as never);
    const approved = await newPractice();
    const action = await checkout(deps, {
      ...body(approved.id, ["INJUCTION"]),
      ...(await card(deps, "three_d_secure")),
    } as never);
    await challenge(deps, action.payment_intent_client_secret, true);

    await clock.setTime(new Date(AT.getTime() + ABANDON_AFTER_MS - 60_000));
    await settleStaleOrders(deps);
    expect((await ordersOf(left.id))[0]?.status).toBe("AWAITING_PAYMENT");
    expect(await statusOf(left.id)).toBe("TO_PAID");

    await clock.setTime(new Date(AT.getTime() + ABANDON_AFTER_MS + 60_000));
    await settleStaleOrders(deps);
    expect((await ordersOf(left.id))[0]?.status).toBe("ABANDONED");
    expect(await statusOf(left.id)).toBe("PENDING");
    expect((await voucher(DEMO_SHOP.voucher))?.uses).toBe(usesBefore);
    expect((await intentsOf(left.id))[0]?.status).toBe("canceled");
    expect((await ordersOf(approved.id))[0]?.status).toBe("PAID");
    expect(await statusOf(approved.id)).toBe("OPEN");
  });

  // Races need more than one connection: PostgreSQL only.
  describe.runIf(kind === "postgres")("races", () => {
    it("makes one order and one intent of 50 concurrent submissions of one checkout", async () => {
      const { deps, payments } = serviceDeps(handle.db, AT);
      const create = vi.spyOn(payments, "createAndConfirm");
      const practice = await newPractice();
      const same = { ...body(practice.id, ["TAKEDOWN"]), ...(await card(deps, "succeeds")) };
      const answers = await Promise.allSettled(Array.from({ length: 50 }, () => checkout(deps, same)));
      const rows = await ordersOf(practice.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.status).toBe("PAID");
      expect(await intentsOf(practice.id)).toHaveLength(1);
      expect(create).toHaveBeenCalledTimes(1);
      for (const a of answers) {
        if (a.status === "fulfilled") expect(a.value.order?.id).toBe(rows[0]?.id);
        else expect(a.reason).toMatchObject({ code: "CONFLICT" });
      }
      expect(await servicesOf(practice.id)).toEqual(["TAKEDOWN"]);
    });

    /**
     * Two checkouts of `code` that both read it usable, then race for it: the row is held locked (as a
     * third checkout in the middle of taking it would hold it) until both wait to take it, so each has read
     * it before either takes it. Answers both outcomes.
     */
    const raceFor = async (table: "vouchers" | "gift_cards", code: string, field: string) => {
      const bodies = await Promise.all(
        [await newPractice(), await newPractice()].map(async (p) => ({
          ...body(p.id, ["TAKEDOWN"], { [field]: code }),
          ...(await card(deps0, "succeeds")),
        })),
      );
      // Wrapped: a promise returned from the transaction would be awaited inside it, and wait for ever.
      const { race } = await handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${sql.identifier(table)} where code = ${code} for update`);
        const race = Promise.allSettled(
          bodies.map((b, i) => createOrder(deps0, client, b as never, `192.0.2.${i + 10}`)),
        );
        await vi.waitFor(
          async () => {
            await tx.execute(sql`select pg_stat_clear_snapshot()`);
            const { rows } = (await tx.execute(
              sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            )) as unknown as { rows: { n: number }[] };
            expect(rows[0]?.n).toBe(2);
          },
          { timeout: 10_000, interval: 20 },
        );
        return { race };
      });
      return race;
    };
    let deps0: Deps;
    const wrongCodesOf = (userId: string) =>
      countLoginFailures(handle.db, `code-user:${userId}`, new Date(AT.getTime() - 60 * 60_000));

    it("gives a voucher's last use to one of two checkouts at once; the other is told it was just used up, no wrong code counted", async () => {
      deps0 = serviceDeps(handle.db, AT).deps;
      await handle.db.insert(vouchers).values({ code: "ULTIMO", discountAmount: 20, maxUses: 1 });
      const wrongBefore = await wrongCodesOf(client.userId);
      const results = await raceFor("vouchers", "ULTIMO", "voucherCode");
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.find((r) => r.status === "rejected")).toMatchObject({
        reason: { code: "CONFLICT", message: MESSAGES.voucherJustUsedUp },
      });
      expect((await voucher("ULTIMO"))?.uses).toBe(1);
      expect(await wrongCodesOf(client.userId)).toBe(wrongBefore);
    });

    it("gives a gift card's last credit to one of two checkouts at once; the other is told it was just spent, no wrong code counted", async () => {
      deps0 = serviceDeps(handle.db, AT).deps;
      await handle.db.insert(giftCards).values({ code: "CONTESA", amountCents: 9900, balanceCents: 9900 });
      const wrongBefore = await wrongCodesOf(client.userId);
      const results = await raceFor("gift_cards", "CONTESA", "giftCardCode");
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.find((r) => r.status === "rejected")).toMatchObject({
        reason: { code: "CONFLICT", message: MESSAGES.giftCardJustSpent },
      });
      expect((await giftCard("CONTESA"))?.balanceCents).toBe(0);
      expect(await wrongCodesOf(client.userId)).toBe(wrongBefore);
    });

    it("never takes a campaign's budget below zero: the order it cannot pay is priced without it", async () => {
      const { deps } = serviceDeps(handle.db, AT);
      await handle.db.insert(campaigns).values({
        code: "BUDGET-CORTO",
        name: "Corto",
        sponsor: "Sponsor",
        coveragePercent: 10,
        productCodes: ["LEGALIZATION"],
        budgetCents: 2000,
        sortOrder: 0,
      });
      const practices = await Promise.all(Array.from({ length: 4 }, () => newPractice()));
      const answers = await Promise.all(
        practices.map(async (p) =>
          checkout(deps, { ...body(p.id, ["LEGALIZATION"]), ...(await card(deps, "succeeds")) } as never),
        ),
      );
      // 10% of 149 € is 14,90 €: the 20 € budget pays one share.
      expect(answers.map((a) => a.order?.campaignDiscount).sort()).toEqual([0, 0, 0, 14.9]);
      const [row] = await handle.db.select().from(campaigns).where(eq(campaigns.code, "BUDGET-CORTO"));
      expect(row?.budgetCents).toBe(510);
    });
  });
});
