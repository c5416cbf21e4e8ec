import type { DbHandle } from "@argine/db/client";
import { type TestDbKind, testDbKinds } from "@argine/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { persistentDatabase, startTestApp, type TestApp, testConfig } from "../../test/helpers.ts";
import { startWebhookSink, type WebhookSink } from "../../test/webhook-sink.ts";
import { buildApp } from "../app.ts";
import type { Config } from "../config.ts";
import { createPaymentProvider } from "./payments.ts";
import { deliverSandboxEvent } from "./sandbox-webhook.ts";
import { parseStripeEvent, type StripeEvent } from "./stripe-events.ts";

// The sandbox's events leave as Stripe's do: a job posts each one, signed, to the app's webhook (here a local
// server standing in for it), and the provider's parseEvent takes back exactly what was signed.

const SECRET = "whsec_segreto-di-prova-del-sandbox";
const CARD = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };
const SECURE_CARD = { ...CARD, number: "4000002760003184" };

async function paymentMethod(app: FastifyInstance, card = CARD): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/v1/sandbox/payment-methods", payload: card });
  return (res.json() as { id: string }).id;
}

describe.each(testDbKinds())("the sandbox's webhook events on %s", (kind: TestDbKind) => {
  let t: TestApp;
  let sink: WebhookSink;
  beforeAll(async () => {
    sink = await startWebhookSink();
    t = await startTestApp(
      kind,
      testConfig({ SANDBOX_WEBHOOK_URL: sink.url, SANDBOX_WEBHOOK_SECRET: SECRET }),
    );
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it("posts each end of an intent to the webhook, signed so that parseEvent takes it and nothing else", async () => {
    const payments = t.app.deps.payments;
    const intent = await payments.createAndConfirm({
      amountCents: 14_900,
      paymentMethodId: await paymentMethod(t.app),
      idempotencyKey: crypto.randomUUID(),
      metadata: { orderId: "ordine-7" },
    });
    const [request] = await sink.waitFor(1);
    if (!request) throw new Error("no request");
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/v1/webhooks/sandbox");
    expect(request.headers["content-type"]).toBe("application/json");
    const signature = String(request.headers["stripe-signature"]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    expect(payments.parseEvent(request.body, signature)).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: "payment_intent.succeeded",
      intent,
    });
    const tampered = Buffer.from(request.body.toString().replace('"amount":14900', '"amount":1'));
    expect(payments.parseEvent(tampered, signature)).toBeNull();
    const otherSandbox = createPaymentProvider(testConfig().payments, t.app.deps);
    expect(otherSandbox.parseEvent(request.body, signature)).toBeNull();
    const later = new Date(Date.now() + 301_000);
    expect(parseStripeEvent(SECRET, request.body, signature, later)).toBeNull();
    expect(parseStripeEvent(SECRET, request.body, signature, new Date())).not.toBeNull();
  });

  it("throws when the webhook does not take the event, so the job queue tries again, freshly signed", async () => {
    const before = sink.received.length;
    const event = JSON.parse(sink.received[0]?.body.toString() ?? "{}") as StripeEvent;
    sink.status = 500;
    await expect(deliverSandboxEvent(t.app.deps, { event })).rejects.toThrow(/answered 500/);
    sink.status = 200;
    await deliverSandboxEvent(t.app.deps, { event });
    const [failed, delivered] = sink.received.slice(before);
    expect(delivered?.body.toString()).toBe(failed?.body.toString());
    expect(
      t.app.deps.payments.parseEvent(
        delivered?.body ?? Buffer.from(""),
        String(delivered?.headers["stripe-signature"]),
      ),
    ).not.toBeNull();
  });
});

describe.each(testDbKinds())("a sandbox intent across a restart, on %s", (kind) => {
  let database: Awaited<ReturnType<typeof persistentDatabase>>;
  let sink: WebhookSink;
  let config: Config;
  beforeAll(async () => {
    database = await persistentDatabase(kind);
    sink = await startWebhookSink();
    config = testConfig({ SANDBOX_WEBHOOK_SECRET: SECRET, SANDBOX_WEBHOOK_URL: sink.url });
  });
  afterAll(async () => {
    await sink.close();
    await database.drop();
  });

  async function withApp<T>(run: (app: FastifyInstance) => Promise<T>): Promise<T> {
    const handle: DbHandle = await database.open();
    const app = await buildApp({ config, handle });
    try {
      await app.ready();
      return await run(app);
    } finally {
      await app.close();
      await handle.close();
    }
  }

  it("is read, challenged and paid by the next process", { timeout: 60_000 }, async () => {
    const intent = await withApp(async (app) =>
      app.deps.payments.createAndConfirm({
        amountCents: 9_900,
        paymentMethodId: await paymentMethod(app, SECURE_CARD),
        idempotencyKey: "chiave-prima-del-riavvio",
        metadata: { orderId: "ordine-9" },
      }),
    );
    expect(intent.status).toBe("requires_action");

    await withApp(async (app) => {
      expect(await app.deps.payments.retrieve(intent.id)).toEqual(intent);
      const again = await app.deps.payments.createAndConfirm({
        amountCents: 9_900,
        paymentMethodId: "pm_qualsiasi",
        idempotencyKey: "chiave-prima-del-riavvio",
        metadata: {},
      });
      expect(again).toEqual(intent);
      const res = await app.inject({
        method: "POST",
        url: `/v1/sandbox/3ds/${intent.id}`,
        payload: { client_secret: intent.clientSecret, approve: true },
      });
      expect(res.json()).toMatchObject({ id: intent.id, status: "succeeded" });
      const [request] = await sink.waitFor(1);
      expect(
        app.deps.payments.parseEvent(
          request?.body ?? Buffer.from(""),
          String(request?.headers["stripe-signature"]),
        ),
      ).toMatchObject({ type: "payment_intent.succeeded", intent: { id: intent.id, status: "succeeded" } });
    });
  });
});
