import { SANDBOX_TEST_CARDS, type SandboxScenario } from "@argine/core/payments/sandbox-api";
import { CARD_ERROR_MESSAGES, MESSAGES } from "@argine/core/shared/messages";
import type { DbHandle } from "@argine/db/client";
import { sandboxPaymentIntents, sandboxPaymentMethods } from "@argine/db/schema";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceDeps } from "../../test/service-deps.ts";
import type { PaymentIntent } from "./payment-provider.ts";
import { answerChallenge } from "./sandbox-provider.ts";
import { createSandboxPaymentMethod } from "./sandbox-service.ts";
import type { StripeEvent } from "./stripe-events.ts";

// The sandbox behaves like Stripe in test mode: the card decides, one key makes one intent, and each end of
// an intent queues its event in the transaction that ends it.

const AT = "2026-11-24T10:00:00Z";
const numberOf = (scenario: SandboxScenario) =>
  SANDBOX_TEST_CARDS.find((c) => c.scenario === scenario)?.number ?? "";
const card = (scenario: SandboxScenario) => ({
  number: numberOf(scenario),
  expMonth: 11,
  expYear: 2026,
  cvc: "123",
});

describe.each(testDbKinds())("the payment sandbox on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
  });
  afterAll(() => handle.close());

  /** A sandbox on the test database with a recording job queue: the events it queued, and where. */
  function sandbox() {
    const { deps, jobs, clock } = serviceDeps(handle.db, AT);
    const events = () =>
      jobs.sent.flatMap((job) =>
        job.queue === "sandbox-event" ? [(job.data as { event: StripeEvent }).event] : [],
      );
    const pay = async (scenario: SandboxScenario, key = crypto.randomUUID(), amountCents = 14_900) => {
      const method = await createSandboxPaymentMethod(deps, card(scenario));
      return deps.payments.createAndConfirm({
        amountCents,
        paymentMethodId: method.id,
        idempotencyKey: key,
        metadata: { orderId: "ordine-1" },
      });
    };
    return { deps, jobs, clock, events, pay };
  }

  it("pays with 4242 4242 4242 4242 and queues payment_intent.succeeded in its transaction", async () => {
    const { deps, jobs, events, pay } = sandbox();
    const intent = await pay("succeeds");
    expect(intent).toMatchObject({
      amountCents: 14_900,
      status: "succeeded",
      errorCode: null,
      metadata: { orderId: "ordine-1" },
    });
    expect(intent.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9]{25}$`));
    expect(events()).toHaveLength(1);
    const [event] = events();
    expect(event?.id).toMatch(/^evt_[A-Za-z0-9]{24}$/);
    expect(event?.type).toBe("payment_intent.succeeded");
    expect(event?.data.object).toMatchObject({
      id: intent.id,
      object: "payment_intent",
      amount: 14_900,
      currency: "eur",
      status: "succeeded",
      client_secret: intent.clientSecret,
      last_payment_error: null,
    });
    expect(jobs.sent[0]?.tx).not.toBe(handle.db);
    expect(await deps.payments.retrieve(intent.id)).toEqual(intent);
    expect(await deps.payments.confirm(intent.id)).toEqual(intent);
  });

  it.each([
    "card_declined",
    "insufficient_funds",
    "expired_card",
    "incorrect_cvc",
    "card_not_supported",
    "incorrect_pin",
    "incomplete_zip",
  ] as const)(
    "refuses the %s card with its code and queues payment_intent.payment_failed",
    async (scenario) => {
      const { events, pay } = sandbox();
      const intent = await pay(scenario);
      expect(intent).toMatchObject({ status: "requires_payment_method", errorCode: scenario });
      expect(events().map((e) => [e.type, e.data.object.id])).toEqual([
        ["payment_intent.payment_failed", intent.id],
      ]);
    },
  );

  it("refuses the incorrect-number card and past expiries when the card is given, storing nothing", async () => {
    const { deps } = sandbox();
    const before = (await handle.db.select().from(sandboxPaymentMethods)).length;
    await expect(createSandboxPaymentMethod(deps, card("incorrect_number"))).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: CARD_ERROR_MESSAGES.incorrect_number,
      details: { cardError: "incorrect_number" },
    });
    await expect(
      createSandboxPaymentMethod(deps, { ...card("succeeds"), expMonth: 10 }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: MESSAGES.cardExpiryPast,
    });
    await expect(
      createSandboxPaymentMethod(deps, { ...card("succeeds"), expYear: 2025, expMonth: 12 }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect((await handle.db.select().from(sandboxPaymentMethods)).length).toBe(before);
  });

  it("stores a payment method as its scenario and last four digits only", async () => {
    const { deps } = sandbox();
    const method = await createSandboxPaymentMethod(deps, { ...card("three_d_secure"), zip: "00184" });
    expect(method).toEqual({
      id: expect.stringMatching(/^pm_[A-Za-z0-9]{24}$/),
      last4: "3184",
      brand: "visa",
    });
    const rows = await handle.db.select().from(sandboxPaymentMethods);
    const row = rows.find((r) => r.id === method.id);
    expect(row).toMatchObject({ scenario: "three_d_secure", last4: "3184" });
    expect(JSON.stringify(rows)).not.toContain(numberOf("three_d_secure"));
  });

  it("asks for 3-D Secure; approved, the intent is paid at once and its event queued", async () => {
    const { deps, events, pay } = sandbox();
    const intent = await pay("three_d_secure");
    expect(intent).toMatchObject({ status: "requires_action", errorCode: null });
    expect(events()).toEqual([]);
    // The browser has not done the challenge yet: confirming changes nothing.
    expect((await deps.payments.confirm(intent.id)).status).toBe("requires_action");
    await expect(
      answerChallenge(deps, { intentId: intent.id, clientSecret: "pi_x_secret_y", approve: true }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: MESSAGES.sandboxChallengeNotFound });
    const paid = await answerChallenge(deps, {
      intentId: intent.id,
      clientSecret: intent.clientSecret,
      approve: true,
    });
    expect(paid).toEqual({ ...intent, status: "succeeded" });
    expect(events().map((e) => e.type)).toEqual(["payment_intent.succeeded"]);
    expect(await deps.payments.confirm(intent.id)).toEqual(paid);
    await expect(
      answerChallenge(deps, { intentId: intent.id, clientSecret: intent.clientSecret, approve: false }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: MESSAGES.sandboxChallengeDone });
    expect(events()).toHaveLength(1);
  });

  it("refused, 3-D Secure leaves the intent without a payment method and Stripe's authentication failure", async () => {
    const { deps, events, pay } = sandbox();
    const intent = await pay("three_d_secure");
    const refused = await answerChallenge(deps, {
      intentId: intent.id,
      clientSecret: intent.clientSecret,
      approve: false,
    });
    expect(refused).toMatchObject({
      status: "requires_payment_method",
      errorCode: "payment_intent_authentication_failure",
    });
    expect(events().map((e) => [e.type, e.data.object.last_payment_error?.code])).toEqual([
      ["payment_intent.payment_failed", "payment_intent_authentication_failure"],
    ]);
    expect(await deps.payments.confirm(intent.id)).toEqual(refused);
  });

  it("gives the same intent for the same idempotency key, and one event", async () => {
    const { events, pay } = sandbox();
    const key = crypto.randomUUID();
    const first = await pay("succeeds", key);
    // Even with another card and amount: the key is the checkout attempt, as Stripe's Idempotency-Key.
    const again = await pay("card_declined", key, 100);
    expect(again).toEqual(first);
    expect(events()).toHaveLength(1);
    expect(await handle.db.$count(sandboxPaymentIntents, eq(sandboxPaymentIntents.idempotencyKey, key))).toBe(
      1,
    );
  });

  it("cancels what is not paid, answers a paid intent as it is, and knows no other ids", async () => {
    const { deps, events, pay } = sandbox();
    const waiting = await pay("three_d_secure");
    const canceled = await deps.payments.cancel(waiting.id);
    expect(canceled).toMatchObject({ id: waiting.id, status: "canceled" });
    expect(events().map((e) => e.type)).toEqual(["payment_intent.canceled"]);
    expect(await deps.payments.cancel(waiting.id)).toEqual(canceled);
    await expect(
      answerChallenge(deps, { intentId: waiting.id, clientSecret: waiting.clientSecret, approve: true }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const paid = await pay("succeeds");
    expect(await deps.payments.cancel(paid.id)).toEqual(paid);
    expect(events().map((e) => e.type)).toEqual(["payment_intent.canceled", "payment_intent.succeeded"]);
    await expect(deps.payments.retrieve("pi_nessuno")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      deps.payments.createAndConfirm({
        amountCents: 100,
        paymentMethodId: "pm_inventato",
        idempotencyKey: crypto.randomUUID(),
        metadata: {},
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: CARD_ERROR_MESSAGES.generic });
  });

  it("refunds part of a paid intent twice, answers the same key with the same refund, refuses more than left", async () => {
    const { deps, pay } = sandbox();
    const intent = await pay("succeeds", crypto.randomUUID(), 10_000);
    const first = await deps.payments.refund({
      intentId: intent.id,
      amountCents: 3_000,
      idempotencyKey: "r-1",
    });
    expect(first).toMatchObject({ intentId: intent.id, amountCents: 3_000, status: "succeeded" });
    const second = await deps.payments.refund({
      intentId: intent.id,
      amountCents: 5_000,
      idempotencyKey: "r-2",
    });
    expect(second.id).not.toBe(first.id);
    // A retry of the first (same key) is the first refund, not a third.
    const retried = await deps.payments.refund({
      intentId: intent.id,
      amountCents: 3_000,
      idempotencyKey: "r-1",
    });
    expect(retried.id).toBe(first.id);
    const refunded = async () =>
      (await handle.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intent.id)))[0]
        ?.amountRefundedCents;
    expect(await refunded()).toBe(8_000);
    // 2 000 left: 2 001 is refused as Stripe refuses it (409), and nothing moves.
    await expect(
      deps.payments.refund({ intentId: intent.id, amountCents: 2_001, idempotencyKey: "r-3" }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: MESSAGES.refundTooLarge });
    expect(await refunded()).toBe(8_000);
  });
});

// PGlite has one connection: a race can only happen on PostgreSQL.
describe.runIf(process.env.TEST_DATABASE_URL)("the payment sandbox under concurrency, on PostgreSQL", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb("postgres");
  });
  afterAll(() => handle.close());

  it("makes one intent and one event of 20 simultaneous calls with one key", async () => {
    const { deps, jobs } = serviceDeps(handle.db, AT);
    const method = await createSandboxPaymentMethod(deps, card("succeeds"));
    const key = crypto.randomUUID();
    const intents: PaymentIntent[] = await Promise.all(
      Array.from({ length: 20 }, () =>
        deps.payments.createAndConfirm({
          amountCents: 5_000,
          paymentMethodId: method.id,
          idempotencyKey: key,
          metadata: {},
        }),
      ),
    );
    expect(new Set(intents.map((i) => i.id)).size).toBe(1);
    expect(await handle.db.$count(sandboxPaymentIntents)).toBe(1);
    expect(jobs.sent.filter((j) => j.queue === "sandbox-event")).toHaveLength(1);
  });
});
