import { randomUUID } from "node:crypto";
import type { OrderResponse } from "@argine/core/orders/orders-api";
import { OrderCreateBodySchema } from "@argine/core/orders/orders-api";
import { AUTHENTICATION_FAILURE } from "@argine/core/payments/sandbox-api";
import { findUserByEmail } from "@argine/db/queries/users";
import { orders, practices } from "@argine/db/schema";
import { DEMO_PASSWORD, seedDemo } from "@argine/db/seed";
import { testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesOf, statuses, TEST_BILLING } from "../../../test/checkout.ts";
import { persistentDatabase, testConfig } from "../../../test/helpers.ts";
import {
  type IdentityServer,
  MemoryMailer,
  randomIp,
  signIn,
  startIdentityServer,
} from "../../../test/identity.ts";
import { freePort } from "../../../test/ports.ts";
import { paymentMethod, sandboxIntentsOf, testCard } from "../../../test/sandbox.ts";
import { serviceDeps } from "../../../test/service-deps.ts";
import { buildApp } from "../../app.ts";
import { systemClock } from "../../clock.ts";
import type { Deps } from "../../deps.ts";
import { createJobQueue } from "../../jobs/job-queue.ts";
import { createOrder } from "../../orders/orders-service.ts";
import { createPaymentProvider } from "../../payments/payments.ts";
import { answerSandboxChallenge } from "../../payments/sandbox-service.ts";

// On the sandbox alone (ADR 014): the browser answers the 3-D Secure challenge and goes away,
// and the event the sandbox's delivery job posts to the app's own webhook settles the order; the intent and
// its queued event outlive a restart that falls between the challenge and the webhook.

describe.each(testDbKinds())("the sandbox's own event delivery, on %s", (kind) => {
  // The app listening on its PUBLIC_URL: the sandbox posts its events to it (SANDBOX_WEBHOOK_URL unset).
  let s: IdentityServer;
  let token = "";
  let ownerId = "";
  beforeAll(async () => {
    s = await startIdentityServer(kind);
    token = (await signIn(s, "cliente@demo.argine.it", DEMO_PASSWORD)).tokens?.access_token ?? "";
    ownerId = (await findUserByEmail(s.handle.db, "cliente@demo.argine.it"))?.id as string;
  });
  afterAll(() => s.close());

  /** What the browser does: the card form's payment method, the checkout, the challenge answered. Nothing after. */
  async function leaveAfterChallenge(ticketCode: string, approve: boolean) {
    const [practice] = await s.handle.db.insert(practices).values({ ticketCode, ownerId }).returning();
    const practiceId = practice?.id as string;
    const ip = randomIp();
    const post = async <T>(path: string, body: unknown, auth = false) => {
      const res = await fetch(`${s.base}/v1${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": ip,
          ...(auth ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      expect(res.ok).toBe(true);
      return (await res.json()) as T;
    };
    const method = await post<{ id: string }>("/sandbox/payment-methods", testCard("three_d_secure"));
    const first = await post<OrderResponse>(
      "/orders",
      {
        practiceId,
        items: ["TAKEDOWN", "INJUCTION"],
        invoice: TEST_BILLING,
        salesConditionsAccepted: true,
        withdrawalWaiverAccepted: true,
        idempotencyKey: randomUUID(),
        payment: { type: "STRIPE", code: JSON.stringify({ payment_method_id: method.id }) },
      },
      true,
    );
    expect(first.requires_action).toBe(true);
    const clientSecret = first.payment_intent_client_secret as string;
    const intentId = clientSecret.split("_secret_")[0] as string;
    await post(`/sandbox/3ds/${intentId}`, { client_secret: clientSecret, approve });
    return practiceId;
  }

  it("pays an order whose browser left right after approving the challenge: no second call", async () => {
    const practiceId = await leaveAfterChallenge(`AR-VIA${kind.slice(0, 2)}1`, true);
    await expect.poll(() => statuses(s.handle.db, practiceId), { timeout: 20_000 }).toEqual(["PAID", "OPEN"]);
    expect(await servicesOf(s.handle.db, practiceId)).toEqual(["INJUCTION", "TAKEDOWN"]);
    expect((await sandboxIntentsOf(s.handle.db, practiceId)).map((i) => i.status)).toEqual(["succeeded"]);
    const mail = await s.mailer.lastTo("cliente@demo.argine.it");
    expect(mail?.text).toContain("298,00 €");
  });

  it("fails an order whose browser left right after refusing the challenge: the practice waits again", async () => {
    const practiceId = await leaveAfterChallenge(`AR-VIA${kind.slice(0, 2)}2`, false);
    await expect
      .poll(() => statuses(s.handle.db, practiceId), { timeout: 20_000 })
      .toEqual(["FAILED", "PENDING"]);
    const [order] = await s.handle.db.select().from(orders).where(eq(orders.practiceId, practiceId));
    expect(order?.errorCode).toBe(AUTHENTICATION_FAILURE);
    expect(await servicesOf(s.handle.db, practiceId)).toEqual([]);
  });
});

describe.each(testDbKinds())(
  "an order across a restart between the challenge and the webhook, on %s",
  (kind) => {
    let database: Awaited<ReturnType<typeof persistentDatabase>>;
    let port = 0;
    beforeAll(async () => {
      database = await persistentDatabase(kind);
      port = await freePort();
    });
    afterAll(() => database.drop());

    it("is paid by the next process, from the intent and the event the first one stored", {
      timeout: 60_000,
    }, async () => {
      const config = testConfig({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });

      // The first process: checkout and approved challenge; it stops before any worker delivers the event.
      const before = await database.open();
      let practiceId = "";
      let intentId = "";
      // Its queue stores jobs, no worker takes them: the event waits in it, as when a process dies.
      const jobs = createJobQueue(before, systemClock, { mailRetry: config.mail.retry });
      try {
        await seedDemo(before.db, { hashPassword: async (p) => `test:${p}` });
        await jobs.start(() => {});
        const engine = { db: before.db, jobs, clock: systemClock };
        const deps: Deps = {
          ...serviceDeps(before.db).deps,
          ...engine,
          config,
          payments: createPaymentProvider(config.payments, engine),
        };
        const userId = (await findUserByEmail(before.db, "cliente@demo.argine.it"))?.id as string;
        const [practice] = await before.db
          .insert(practices)
          .values({ ticketCode: `AR-RIAVVIO${kind.slice(0, 2)}`, ownerId: userId })
          .returning();
        practiceId = practice?.id as string;
        const first = await createOrder(
          deps,
          { userId, roles: [] },
          OrderCreateBodySchema.parse({
            practiceId,
            items: ["TAKEDOWN"],
            invoice: TEST_BILLING,
            salesConditionsAccepted: true,
            withdrawalWaiverAccepted: true,
            idempotencyKey: randomUUID(),
            payment: {
              type: "STRIPE",
              code: JSON.stringify({ payment_method_id: await paymentMethod(deps, "three_d_secure") }),
            },
          }),
          randomIp(),
        );
        const clientSecret = first.payment_intent_client_secret as string;
        intentId = clientSecret.split("_secret_")[0] as string;
        const answered = await answerSandboxChallenge(deps, { intentId, clientSecret, approve: true });
        expect(answered.status).toBe("succeeded");
        expect(await statuses(before.db, practiceId)).toEqual(["AWAITING_PAYMENT", "TO_PAID"]);
      } finally {
        await jobs.stop(1000);
        await before.close();
      }

      // The next process: the intent is still there, and its queued event reaches the webhook (its workers start
      // just before the port is bound: a first attempt refused there is delivered by the queue's retry, 5 s on).
      const after = await database.open();
      const mailer = new MemoryMailer(after.db);
      const app = await buildApp({ config, handle: after, adapters: { mailer } });
      try {
        await app.listen({ port, host: "127.0.0.1" });
        expect(await app.deps.payments.retrieve(intentId)).toMatchObject({
          id: intentId,
          status: "succeeded",
        });
        await expect
          .poll(() => statuses(after.db, practiceId), { timeout: 30_000 })
          .toEqual(["PAID", "OPEN"]);
        expect(await servicesOf(after.db, practiceId)).toEqual(["TAKEDOWN"]);
        expect(await sandboxIntentsOf(after.db, practiceId)).toHaveLength(1);
        expect((await mailer.lastTo("cliente@demo.argine.it"))?.text).toContain("99,00 €");
      } finally {
        await app.close();
        await after.close();
      }
    });
  },
);
