import { SANDBOX_TEST_CARDS, type SandboxScenario } from "@argine/core/payments/sandbox-api";
import { CARD_ERROR_MESSAGES, MESSAGES } from "@argine/core/shared/messages";
import { openTestDb, type TestDbKind, testDbKinds } from "@argine/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, testConfig } from "../../../../test/helpers.ts";
import { PRODUCTION_ENV } from "../../../../test/production-env.ts";
import { startWebhookSink, type WebhookSink } from "../../../../test/webhook-sink.ts";
import { buildApp } from "../../../app.ts";
import { loadConfig } from "../../../config.ts";
import { maxOf } from "../../../rate-limits/route-limits.ts";

const numberOf = (scenario: SandboxScenario) =>
  SANDBOX_TEST_CARDS.find((c) => c.scenario === scenario)?.number ?? "";
const CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" };

describe.each(testDbKinds())("the sandbox's routes on %s", (kind: TestDbKind) => {
  let t: TestApp;
  let sink: WebhookSink;
  beforeAll(async () => {
    sink = await startWebhookSink();
    t = await startTestApp(kind, testConfig({ SANDBOX_WEBHOOK_URL: sink.url }));
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const post = (url: string, payload: unknown, remoteAddress = "10.1.0.1") =>
    t.app.inject({ method: "POST", url, payload: payload as object, remoteAddress });

  it("is the card provider the browser is told to use, with no key to load", async () => {
    const res = await t.app.inject({ method: "GET", url: "/v1/payments/config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: "sandbox", publishableKey: null });
  });

  it("turns a test card into a payment method; any other number is refused in Italian", async () => {
    const made = await post("/v1/sandbox/payment-methods", CARD);
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({ id: expect.stringMatching(/^pm_/), last4: "4242", brand: "visa" });

    const real = await post("/v1/sandbox/payment-methods", { ...CARD, number: "5555 5555 5555 4444" });
    expect(real.statusCode).toBe(400);
    expect(real.json()).toMatchObject({
      code: "BAD_REQUEST",
      message: MESSAGES.sandboxTestCardsOnly,
      details: { issues: [{ path: ["number"], message: MESSAGES.sandboxTestCardsOnly }] },
    });
    const cvc = await post("/v1/sandbox/payment-methods", { ...CARD, cvc: "12" });
    expect(cvc.json()).toMatchObject({ code: "BAD_REQUEST", message: CARD_ERROR_MESSAGES.invalid_cvc });
    const past = await post("/v1/sandbox/payment-methods", { ...CARD, expYear: 2020 });
    expect(past.json()).toMatchObject({ code: "BAD_REQUEST", message: MESSAGES.cardExpiryPast });
    const wrong = await post("/v1/sandbox/payment-methods", {
      ...CARD,
      number: numberOf("incorrect_number"),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: CARD_ERROR_MESSAGES.incorrect_number,
      details: { cardError: "incorrect_number" },
    });
  });

  it("shows and answers a 3-D Secure challenge to whoever has the client secret", async () => {
    const method = (
      await post("/v1/sandbox/payment-methods", { ...CARD, number: numberOf("three_d_secure") })
    ).json();
    const intent = await t.app.deps.payments.createAndConfirm({
      amountCents: 14_950,
      paymentMethodId: method.id,
      idempotencyKey: crypto.randomUUID(),
      metadata: {},
    });
    const url = `/v1/sandbox/3ds/${intent.id}`;

    const stranger = await t.app.inject({ method: "GET", url: `${url}?client_secret=pi_altro_secret_x` });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(MESSAGES.sandboxChallengeNotFound);
    const unknown = await t.app.inject({ method: "GET", url: "/v1/sandbox/3ds/pi_nessuno?client_secret=x" });
    expect(unknown.json()).toMatchObject({ code: "BAD_REQUEST", message: MESSAGES.sandboxChallengeNotFound });

    const shown = await t.app.inject({ method: "GET", url: `${url}?client_secret=${intent.clientSecret}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      id: intent.id,
      amount: 149.5,
      currency: "eur",
      status: "requires_action",
      errorCode: null,
    });

    const forged = await post(url, { client_secret: "pi_altro_secret_x", approve: true });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(MESSAGES.sandboxChallengeNotFound);
    const approved = await post(url, { client_secret: intent.clientSecret, approve: true });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: "succeeded", errorCode: null });
    const again = await post(url, { client_secret: intent.clientSecret, approve: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.sandboxChallengeDone);
    // The payment's end reaches the webhook, as Stripe's would.
    const [delivered] = await sink.waitFor(1);
    expect(JSON.parse(delivered?.body.toString() ?? "{}")).toMatchObject({
      type: "payment_intent.succeeded",
      data: { object: { id: intent.id, status: "succeeded" } },
    });
  });

  it("limits payment methods per address", async () => {
    const max = maxOf("POST /v1/sandbox/payment-methods", "address");
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++)
      statuses.push((await post("/v1/sandbox/payment-methods", CARD, "10.9.9.9")).statusCode);
    expect(statuses.slice(0, max).every((s) => s === 201)).toBe(true);
    expect(statuses[max]).toBe(429);
    expect((await post("/v1/sandbox/payment-methods", CARD, "10.9.9.10")).statusCode).toBe(201);
  });
});

describe("in production", () => {
  it("there is no sandbox: no card or challenge routes, card payments refused", async () => {
    const handle = await openTestDb("pglite");
    const config = loadConfig({
      ...process.env,
      ...PRODUCTION_ENV,
      LOG_LEVEL: "silent",
      WEB_DIR: "/nessuna",
    });
    const app = await buildApp({ config, handle });
    try {
      expect(config.payments).toEqual({ provider: "none" });
      expect(app.deps.payments.name).toBe("none");
      const res = await app.inject({ method: "POST", url: "/v1/sandbox/payment-methods", payload: CARD });
      expect(res.statusCode).toBe(404);
      expect(
        (await app.inject({ method: "GET", url: "/v1/sandbox/3ds/pi_x?client_secret=x" })).statusCode,
      ).toBe(404);
      await expect(
        app.deps.payments.createAndConfirm({
          amountCents: 100,
          paymentMethodId: "pm_x",
          idempotencyKey: "k",
          metadata: {},
        }),
      ).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE", message: MESSAGES.cardPaymentUnavailable });
      expect(app.deps.payments.parseEvent(Buffer.from("{}"), "t=1,v1=00")).toBeNull();
      // The checkout is told, and says card payments are unavailable.
      expect((await app.inject({ method: "GET", url: "/v1/payments/config" })).json()).toEqual({
        provider: "none",
        publishableKey: null,
      });
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
