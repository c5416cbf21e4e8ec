import { randomBytes } from "node:crypto";
import { AppError } from "@argine/core/errors/app-error";
import {
  AUTHENTICATION_FAILURE,
  type PaymentIntentStatus,
  type SandboxScenario,
} from "@argine/core/payments/sandbox-api";
import { CARD_ERROR_MESSAGES, MESSAGES } from "@argine/core/shared/messages";
import type { Db } from "@argine/db/client";
import {
  findSandboxIntent,
  findSandboxIntentByKey,
  findSandboxPaymentMethod,
  insertSandboxIntent,
  moveSandboxIntent,
  refundSandboxIntent,
  type SandboxIntentRow,
} from "@argine/db/queries/payments-sandbox";
import { type Clock, now } from "../clock.ts";
import type { IntentRequest, PaymentIntent, PaymentProvider } from "./payment-provider.ts";
import { parseStripeEvent, type StripeEvent, type StripeEventType, toStripeIntent } from "./stripe-events.ts";

// The embedded payment provider (ADR 014): Stripe in test mode, the card deciding. Its payment methods and
// intents are rows of its own tables, so they outlive the process; each intent that ends (paid, refused,
// cancelled) queues, in the transaction that ends it, the Stripe-shaped event its delivery job posts to the
// app's webhook (sandbox-webhook.ts).

/**
 * The job queue as the sandbox uses it: its events' deliveries (the app's JobQueue fits; jobs/ names this
 * folder's event type among its payloads, so the sandbox names only the queue it sends to).
 */
export interface SandboxEventQueue {
  send(tx: Db, queue: "sandbox-event", data: { event: StripeEvent }): Promise<void>;
}

/** What the sandbox works with: the app's database, job queue and clock (a Deps fits). */
export interface SandboxEngine {
  db: Db;
  jobs: SandboxEventQueue;
  clock: Clock;
}

// Stripe's kind of ids: a prefix and random letters and digits (the client secret is the 3-D Secure page's
// credential: 150 bits).
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export function randomId(prefix: string, length = 24): string {
  let id = "";
  while (id.length < length) {
    for (const byte of randomBytes(length)) {
      // 248 = 4 × 62: bytes above it would favour the first letters.
      if (byte < 248 && id.length < length) id += ALPHABET[byte % 62];
    }
  }
  return `${prefix}${id}`;
}

/** Where a just-confirmed intent stands with this card: paid, waiting for 3-D Secure, or refused. */
function confirmed(scenario: SandboxScenario): { status: PaymentIntentStatus; errorCode: string | null } {
  if (scenario === "succeeds") return { status: "succeeded", errorCode: null };
  if (scenario === "three_d_secure") return { status: "requires_action", errorCode: null };
  return { status: "requires_payment_method", errorCode: scenario };
}

export function toIntent(row: SandboxIntentRow): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amountCents: row.amountCents,
    status: row.status,
    errorCode: row.errorCode,
    metadata: row.metadata,
  };
}

/** The event an intent's state calls for: an end (paid, refused, cancelled), or none. */
function eventType(row: SandboxIntentRow): StripeEventType | null {
  if (row.status === "succeeded") return "payment_intent.succeeded";
  if (row.status === "canceled") return "payment_intent.canceled";
  if (row.status === "requires_payment_method" && row.errorCode) return "payment_intent.payment_failed";
  return null;
}

/** Queues the intent's event, if its state is an end, inside the transaction that put it there. */
async function announce(engine: SandboxEngine, tx: Db, row: SandboxIntentRow): Promise<void> {
  const type = eventType(row);
  if (!type) return;
  const at = now(engine.clock);
  const event: StripeEvent = {
    id: randomId("evt_"),
    object: "event",
    type,
    created: Math.floor(at.getTime() / 1000),
    livemode: false,
    data: {
      object: toStripeIntent(toIntent(row), {
        paymentMethodId: row.paymentMethodId,
        createdAt: row.createdAt,
      }),
    },
  };
  await engine.jobs.send(tx, "sandbox-event", { event });
}

async function intentRow(db: Db, id: string): Promise<SandboxIntentRow> {
  const row = await findSandboxIntent(db, id);
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/**
 * Moves the intent from one of `from` to `to` and queues its event, in one transaction: the changed row, or
 * undefined when it was elsewhere (someone else moved it first).
 */
async function move(
  engine: SandboxEngine,
  id: string,
  from: readonly PaymentIntentStatus[],
  to: { status: PaymentIntentStatus; errorCode?: string | null },
): Promise<SandboxIntentRow | undefined> {
  return engine.db.transaction(async (tx) => {
    const row = await moveSandboxIntent(tx, id, from, { ...to, at: now(engine.clock) });
    if (row) await announce(engine, tx, row);
    return row;
  });
}

/** The intent behind a 3-D Secure challenge, if the client secret is its own (one answer for both misses). */
export async function challengedIntent(
  engine: SandboxEngine,
  id: string,
  clientSecret: string,
): Promise<SandboxIntentRow> {
  const row = await findSandboxIntent(engine.db, id);
  if (!row || row.clientSecret !== clientSecret)
    throw new AppError("BAD_REQUEST", MESSAGES.sandboxChallengeNotFound);
  return row;
}

/**
 * The person's answer to the challenge of an intent in requires_action: approved, the payment goes through
 * at once (Stripe's automatic confirmation after the card action, so the webhook's event alone completes an
 * order whose browser went away); refused, the intent is left without a payment method and with Stripe's
 * `payment_intent_authentication_failure` (the generic card message). An intent no longer waiting: 409.
 */
export async function answerChallenge(
  engine: SandboxEngine,
  input: { intentId: string; clientSecret: string; approve: boolean },
): Promise<PaymentIntent> {
  await challengedIntent(engine, input.intentId, input.clientSecret);
  const row = await move(
    engine,
    input.intentId,
    ["requires_action"],
    input.approve
      ? { status: "succeeded", errorCode: null }
      : { status: "requires_payment_method", errorCode: AUTHENTICATION_FAILURE },
  );
  if (!row) throw new AppError("CONFLICT", MESSAGES.sandboxChallengeDone);
  return toIntent(row);
}

/** An intent made by findOrCreateIntent and never confirmed: no payment method, no outcome yet. */
const unconfirmed = (row: SandboxIntentRow) =>
  row.status === "requires_payment_method" && !row.paymentMethodId && !row.errorCode;

function checkAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new RangeError(`Not an amount to charge: ${amountCents}`);
}

/** The sandbox as the app's payment provider; `webhookSecret` checks the events its webhook receives. */
export function createSandboxProvider(engine: SandboxEngine, webhookSecret: string): PaymentProvider {
  const { db, clock } = engine;

  /**
   * The key's intent: a new one, confirmed with the card's scenario at once when a card is given (as
   * Stripe's create-and-confirm), unconfirmed otherwise; the one another call stored first when the key was
   * taken (the insert waits for that call's transaction on PostgreSQL, so one key is one intent).
   */
  async function insertIntent(
    { amountCents, idempotencyKey, metadata }: IntentRequest,
    card: { paymentMethodId: string; scenario: SandboxScenario } | null,
  ): Promise<SandboxIntentRow> {
    const id = randomId("pi_");
    const at = now(clock);
    return db.transaction(async (tx) => {
      const row = await insertSandboxIntent(tx, {
        id,
        clientSecret: randomId(`${id}_secret_`, 25),
        amountCents,
        idempotencyKey,
        metadata,
        createdAt: at,
        updatedAt: at,
        ...(card
          ? { ...card, ...confirmed(card.scenario) }
          : { status: "requires_payment_method", errorCode: null }),
      });
      if (row) {
        await announce(engine, tx, row);
        return row;
      }
      const taken = await findSandboxIntentByKey(tx, idempotencyKey);
      if (!taken) throw new Error("sandbox intent neither stored nor found by its idempotency key");
      return taken;
    });
  }

  /**
   * Confirms an intent made unconfirmed (findOrCreateIntent's, e.g. by a settlement that then cancels it):
   * moved from waiting for a payment method to the card's outcome, once; whoever comes second, or finds it
   * cancelled, gets it as it stands.
   */
  async function confirmUnconfirmed(id: string, scenario: SandboxScenario): Promise<PaymentIntent> {
    const row = await move(engine, id, ["requires_payment_method"], confirmed(scenario));
    return toIntent(row ?? (await intentRow(db, id)));
  }

  return {
    name: "sandbox",
    // Nothing of the sandbox comes from another origin: its card form and challenge are the app's own.
    csp: {},

    async createAndConfirm({ paymentMethodId, ...request }) {
      checkAmount(request.amountCents);
      const existing = await findSandboxIntentByKey(db, request.idempotencyKey);
      if (existing && !unconfirmed(existing)) return toIntent(existing);
      // An id the sandbox never gave out: Stripe refuses the request, the person sees the generic message.
      const method = await findSandboxPaymentMethod(db, paymentMethodId);
      if (!method) throw new AppError("BAD_REQUEST", CARD_ERROR_MESSAGES.generic);
      if (existing) return confirmUnconfirmed(existing.id, method.scenario);
      const row = await insertIntent(request, { paymentMethodId, scenario: method.scenario });
      // Another call with the key made it first: confirmed by it, or unconfirmed (findOrCreateIntent's).
      return unconfirmed(row) ? confirmUnconfirmed(row.id, method.scenario) : toIntent(row);
    },

    async findOrCreateIntent(request) {
      checkAmount(request.amountCents);
      const existing = await findSandboxIntentByKey(db, request.idempotencyKey);
      return toIntent(existing ?? (await insertIntent(request, null)));
    },

    // Every sandbox intent is confirmed when a card is given, and an approved challenge pays it: confirming
    // again changes nothing and answers the intent as it stands (paid, refused, or still in its challenge).
    async confirm(intentId) {
      return toIntent(await intentRow(db, intentId));
    },

    async retrieve(intentId) {
      return toIntent(await intentRow(db, intentId));
    },

    // What Stripe may cancel; a paid or already cancelled intent is answered as it is.
    async cancel(intentId) {
      await intentRow(db, intentId);
      const row = await move(
        engine,
        intentId,
        ["requires_payment_method", "requires_action", "requires_confirmation", "processing"],
        { status: "canceled" },
      );
      return toIntent(row ?? (await intentRow(db, intentId)));
    },

    // Stripe refunds a card at once in test mode; a second call with the key answers the first refund. The
    // intent's row lock (the conditional update) orders two refunds of one intent, and a refund that would
    // give back more than is left is refused, as Stripe refuses it.
    async refund({ intentId, amountCents, idempotencyKey }) {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
        throw new RangeError(`Not an amount to refund: ${amountCents}`);
      await intentRow(db, intentId);
      const row = await db.transaction((tx) =>
        refundSandboxIntent(tx, {
          id: randomId("re_"),
          intentId,
          amountCents,
          idempotencyKey,
          at: now(clock),
        }),
      );
      if (!row) throw new AppError("CONFLICT", MESSAGES.refundTooLarge);
      return { id: row.id, intentId: row.intentId, amountCents: row.amountCents, status: "succeeded" };
    },

    parseEvent(rawBody, signatureHeader) {
      return parseStripeEvent(webhookSecret, rawBody, signatureHeader, now(clock));
    },
  };
}
