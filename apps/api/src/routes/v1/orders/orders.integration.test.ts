import type { GiftCard, OrderList, OrderResponse } from "@argine/core/orders/orders-api";
import type { SandboxScenario } from "@argine/core/payments/sandbox-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { findUserByEmail } from "@argine/db/queries/users";
import { orders, practices, services } from "@argine/db/schema";
import { DEMO_SHOP } from "@argine/db/seed";
import { testDbKinds } from "@argine/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutBody } from "../../../../test/checkout.ts";
import {
  demoTokens,
  type IdentityServer,
  randomIp,
  registerVerified,
  signIn,
  startIdentityServer,
} from "../../../../test/identity.ts";
import { jobsSettled } from "../../../../test/jobs.ts";
import { paymentMethod } from "../../../../test/sandbox.ts";
import { type ReceivedRequest, startWebhookSink, type WebhookSink } from "../../../../test/webhook-sink.ts";
import { WRONG_CODES_MAX } from "../../../orders/wrong-codes.ts";
import { type StripeEvent, stripeSignature } from "../../../payments/stripe-events.ts";

// The app's webhook secret, known here to forge what only the sandbox may sign.
const WEBHOOK_SECRET = "whsec_segreto-del-webhook-degli-ordini";

describe.each(testDbKinds())("the shop's routes on %s", (kind) => {
  let s: IdentityServer;
  let tokens: { client: string; lawyer: string; admin: string };
  let clientId = "";
  // The sandbox's delivery job posts its events here, not to the app: the test hands them to the webhook.
  let sink: WebhookSink;

  beforeAll(async () => {
    sink = await startWebhookSink();
    s = await startIdentityServer(kind, {
      SANDBOX_WEBHOOK_URL: sink.url,
      SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    tokens = await demoTokens(s);
    clientId = (await findUserByEmail(s.handle.db, "cliente@demo.argine.it"))?.id as string;
  });
  afterAll(async () => {
    await s.close();
    await sink.close();
  });

  const call = async <T>(token: string, path: string, method = "GET", body?: unknown, ip = randomIp()) => {
    const res = await fetch(`${s.base}/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        "x-forwarded-for": ip,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  let n = 0;
  const newPractice = async () => {
    const [row] = await s.handle.db
      .insert(practices)
      .values({ ticketCode: `AR-WEB${kind.slice(0, 2)}${++n}`, ownerId: clientId })
      .returning();
    return row as typeof practices.$inferSelect;
  };
  /** A checkout's body, paid by the sandbox's test card for `scenario` (its payment method made first). */
  const checkout = async (
    practiceId: string,
    items: string[],
    scenario: SandboxScenario,
    extra: Record<string, unknown> = {},
  ) =>
    checkoutBody(practiceId, items, {
      payment: {
        type: "STRIPE",
        code: JSON.stringify({ payment_method_id: await paymentMethod(s.app.deps, scenario) }),
      },
      ...extra,
    });
  const orderOf = async (practiceId: string) =>
    (await s.handle.db.select().from(orders).where(eq(orders.practiceId, practiceId)))[0];
  const webhook = (body: Buffer | string, signature: string) =>
    fetch(`${s.base}/v1/webhooks/sandbox`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body,
    });
  /** The challenge answered on the sandbox's 3-D Secure page, as the browser does: the intent's id. */
  const answerChallenge = async (clientSecret: string | null | undefined, approve: boolean) => {
    const intentId = clientSecret?.split("_secret_")[0] as string;
    const res = await fetch(`${s.base}/v1/sandbox/3ds/${intentId}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_secret: clientSecret, approve }),
    });
    expect(res.status).toBe(200);
    return intentId;
  };
  /** The event the sandbox's delivery job posted for the intent, as it came: raw body and signature. */
  const deliveredEvent = async (intentId: string) => {
    const mine = () =>
      sink.received.find((r) => (JSON.parse(r.body.toString()) as StripeEvent).data.object.id === intentId);
    await expect.poll(mine, { timeout: 15_000 }).toBeDefined();
    const request = mine() as ReceivedRequest;
    return { body: request.body, header: String(request.headers["stripe-signature"]) };
  };

  it("prices on the server: a price, discount or total sent by the browser is ignored", async () => {
    const practice = await newPractice();
    const res = await call<OrderResponse>(
      tokens.client,
      "/orders",
      "POST",
      await checkout(practice.id, ["TAKEDOWN"], "succeeds", {
        amount: 0.01,
        total: 0.01,
        price: 0.01,
        discount: 99,
        lines: [{ productCode: "TAKEDOWN", finalPrice: 0.01 }],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ status: "PAID", total: 99, amount: 99, cardAmount: 99 });
    const list = await call<OrderList>(tokens.client, "/orders");
    expect(list.body.data.find((o) => o.id === res.body.order?.id)).toMatchObject({
      ticketCode: practice.ticketCode,
      practiceStatus: "OPEN",
    });
  });

  it("answers a refused card with 402 and the card's Italian message", async () => {
    const practice = await newPractice();
    const res = await call<{ code: string; message: string }>(
      tokens.client,
      "/orders",
      "POST",
      await checkout(practice.id, ["TAKEDOWN"], "card_declined"),
    );
    expect(res).toMatchObject({
      status: 402,
      body: { code: "PAYMENT_FAILED", message: "La carta è stata rifiutata dalla banca." },
    });
  });

  it("completes through the sandbox's webhook events an order whose browser left after 3-D Secure, each event once", async () => {
    const practice = await newPractice();
    const first = await call<OrderResponse>(
      tokens.client,
      "/orders",
      "POST",
      await checkout(practice.id, ["TAKEDOWN", "INJUCTION"], "three_d_secure"),
    );
    expect(first.body.requires_action).toBe(true);
    // The browser approves the challenge on the sandbox's page and goes away: no second POST /v1/orders.
    const intentId = await answerChallenge(first.body.payment_intent_client_secret, true);
    // Another checkout whose challenge is refused: the sandbox's other kind of event.
    const refusedPractice = await newPractice();
    const refused = await call<OrderResponse>(
      tokens.client,
      "/orders",
      "POST",
      await checkout(refusedPractice.id, ["TAKEDOWN"], "three_d_secure"),
    );
    const refusedId = await answerChallenge(refused.body.payment_intent_client_secret, false);
    // What the sandbox's delivery job posted, signed with the app's secret.
    const events = [await deliveredEvent(intentId), await deliveredEvent(refusedId)];
    const [paid] = events;
    if (!paid) throw new Error("no event");

    // A bad signature answers 400 and changes nothing, though the sandbox's intent has succeeded.
    const tampered = paid.body.toString().replace(/"amount":\d+/, '"amount":1');
    expect((await webhook(tampered, paid.header)).status).toBe(400);
    expect((await webhook(paid.body, paid.header.replace(/v1=\w+/, `v1=${"0".repeat(64)}`))).status).toBe(
      400,
    );
    expect((await webhook(paid.body, "")).status).toBe(400);
    const now = Math.floor(Date.now() / 1000);
    const otherSecret = stripeSignature("whsec_un-altro-segreto-qualsiasi", paid.body.toString(), now);
    expect((await webhook(paid.body, otherSecret)).status).toBe(400);
    expect((await orderOf(practice.id))?.status).toBe("AWAITING_PAYMENT");
    const [waiting] = await s.handle.db.select().from(practices).where(eq(practices.id, practice.id));
    expect(waiting?.status).toBe("TO_PAID");

    // Each event three times, shuffled, at once.
    const deliveries = [...events, ...events, ...events].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(deliveries.map((e) => webhook(e.body, e.header)));
    expect(answers.map((r) => r.status)).toEqual(deliveries.map(() => 200));

    expect((await orderOf(practice.id))?.status).toBe("PAID");
    const rows = await s.handle.db.select().from(services).where(eq(services.practiceId, practice.id));
    expect(rows.map((r) => r.serviceType).sort()).toEqual(["INJUCTION", "TAKEDOWN"]);
    const [row] = await s.handle.db.select().from(practices).where(eq(practices.id, practice.id));
    expect(row?.status).toBe("OPEN");
    expect((await orderOf(refusedPractice.id))?.status).toBe("FAILED");
    const [back] = await s.handle.db.select().from(practices).where(eq(practices.id, refusedPractice.id));
    expect(back?.status).toBe("PENDING");
    await jobsSettled(s.handle.db);
    expect(s.mailer.sent.filter((m) => m.subject.includes("ordine")).length).toBeGreaterThanOrEqual(1);
    // Paid once: one confirmation of its 298 €, whatever came first of the six deliveries.
    expect(s.mailer.sent.filter((m) => m.text.includes("298,00 €"))).toHaveLength(1);
  });

  it("allows 5 wrong voucher codes an hour per account and per address", async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const wrong = await call(
        tokens.lawyer,
        "/voucher/verify",
        "POST",
        { voucherCode: `SBAGLIATO${i}` },
        ip,
      );
      expect(wrong).toMatchObject({ status: 400, body: { message: MESSAGES.voucherInvalid } });
    }
    // The account is stopped, right code or not, from any address…
    const blocked = await call(tokens.lawyer, "/voucher/verify", "POST", { voucherCode: DEMO_SHOP.voucher });
    expect(blocked).toMatchObject({ status: 429, body: { message: MESSAGES.tooManyWrongCodes } });
    // …and so is the address, for any account; another account elsewhere is not.
    const sameIp = await call(tokens.admin, "/giftcard/verify", "POST", { code: DEMO_SHOP.giftCard }, ip);
    expect(sameIp.status).toBe(429);
    const right = await call(tokens.admin, "/voucher/verify", "POST", { voucherCode: DEMO_SHOP.voucher });
    expect(right).toMatchObject({ status: 200, body: { isValid: true, discountAmount: 10 } });
  });

  it("lets at most 5 of 30 wrong codes sent at the same moment be checked (issue 38)", async () => {
    const email = `indovina.${kind}@example.org`;
    await registerVerified(s, email, "Girasole-Lento-42");
    const token = (await signIn(s, email, "Girasole-Lento-42")).tokens?.access_token ?? "";
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(token, "/voucher/verify", "POST", { voucherCode: `INDOVINO${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((status) => status !== 400 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 400)).toHaveLength(WRONG_CODES_MAX);
  });

  it("takes a code typed in lowercase as the same code, not as a wrong one", async () => {
    const ip = randomIp();
    for (let i = 0; i < 6; i++) {
      const voucher = await call(
        tokens.client,
        "/voucher/verify",
        "POST",
        { voucherCode: ` ${DEMO_SHOP.voucher.toLowerCase()} ` },
        ip,
      );
      expect(voucher).toMatchObject({ status: 200, body: { isValid: true, discountAmount: 10 } });
    }
    const card = await call(
      tokens.client,
      "/giftcard/verify",
      "POST",
      { code: DEMO_SHOP.giftCard.toLowerCase() },
      ip,
    );
    expect(card).toMatchObject({ status: 200, body: { code: DEMO_SHOP.giftCard } });
  });

  it("issues a promo gift card once, and shows a user's cards to them and to staff only", async () => {
    const issued = await call<GiftCard>(tokens.client, "/giftcard/request", "POST", {
      promo: DEMO_SHOP.promo,
    });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ amount: 150, balance: 150, productCodes: ["DEFENCE"] });
    expect(issued.body.expiresAt).not.toBeNull();
    const again = await call(tokens.client, "/giftcard/request", "POST", { promo: DEMO_SHOP.promo });
    expect(again.status).toBe(409);
    const verified = await call<GiftCard>(tokens.client, "/giftcard/verify", "POST", {
      code: issued.body.code,
    });
    expect(verified.body.balance).toBe(150);
    // Someone else's promo card is no card at all for another account.
    const foreign = await call(tokens.admin, "/giftcard/verify", "POST", { code: issued.body.code });
    expect(foreign.status).toBe(400);
    const own = await call<GiftCard[]>(tokens.client, `/giftcard/user/assigned/${clientId}`);
    expect(own.body.map((c) => c.code)).toEqual([issued.body.code]);
    const staff = await call<GiftCard[]>(tokens.lawyer, `/giftcard/user/assigned/${clientId}`);
    expect(staff.body.map((c) => c.code)).toEqual([issued.body.code]);
  });

  it("schedules the settling of orders left awaiting their payment every 5 minutes", async () => {
    const { rows } = (await s.handle.db.execute(
      sql`select name, cron from pgboss.schedule where name = 'orders-settle'`,
    )) as unknown as { rows: { name: string; cron: string }[] };
    expect(rows).toEqual([{ name: "orders-settle", cron: "*/5 * * * *" }]);
  });

  it("lists the campaigns with budget left for a cart's amount", async () => {
    const res = await call<{ code: string }[]>(tokens.client, "/campaigns?amount=490");
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.code)).toContain(DEMO_SHOP.campaign);
  });

  // Last: it uses up the client's wrong codes for the hour.
  it("counts a wrong voucher sent with a checkout as a wrong code: no guessing through the orders", async () => {
    const practice = await newPractice();
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const wrong = await call<{ details: unknown }>(
        tokens.client,
        "/orders",
        "POST",
        await checkout(practice.id, ["TAKEDOWN"], "succeeds", { voucherCode: `INDOVINO${i}` }),
        ip,
      );
      expect(wrong).toMatchObject({ status: 400, body: { message: MESSAGES.voucherInvalid } });
      expect(wrong.body.details).toEqual({
        issues: [{ path: ["voucherCode"], message: MESSAGES.voucherInvalid }],
      });
    }
    const blocked = await call(
      tokens.client,
      "/orders",
      "POST",
      await checkout(practice.id, ["TAKEDOWN"], "succeeds", { voucherCode: DEMO_SHOP.voucher }),
    );
    expect(blocked.status).toBe(429);
    // Without a code the checkout is not held up.
    const plain = await call(
      tokens.client,
      "/orders",
      "POST",
      await checkout(practice.id, ["TAKEDOWN"], "succeeds"),
    );
    expect(plain.status).toBe(200);
  });
});
