import { AppError } from "@argine/core/errors/app-error";
import { PAYMENT_TYPE } from "@argine/core/orders/orders-api";
import { serviceTypesOfLine } from "@argine/core/orders/refunds";
import { canTransition } from "@argine/core/practices/lifecycle";
import { PracticeStatusSchema } from "@argine/core/practices/practices-api";
import { formatAmount, fromCents } from "@argine/core/shared/money";
import type { Db } from "@argine/db/client";
import {
  giveBackCampaignBudget,
  giveBackGiftCardBalance,
  giveBackVoucherUse,
} from "@argine/db/queries/catalogue";
import {
  addPracticeServices,
  findOrder,
  findPaymentByIntent,
  findPaymentOfOrder,
  listOrderLines,
  type OrderRow,
  ordersAwaitingSince,
  otherOrderAwaiting,
  paymentEventRecorded,
  recordPayment,
  recordPaymentEvent,
  settleOrder,
} from "@argine/db/queries/orders";
import { findPractice, updatePracticeStatus } from "@argine/db/queries/practices";
import { findUserById } from "@argine/db/queries/users";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { issuePaymentDocuments } from "../invoice/invoice-service.ts";
import { orderConfirmationMail } from "../mail/templates.ts";
import type { PaymentOutcome } from "../metrics/metrics.ts";
import type { IntentRequest, PaymentIntent } from "../payments/payment-provider.ts";
import { ownedOrder } from "./order-view.ts";

// Where an order's payment is settled (ADR 014). The browser's second call, the provider's webhook and the
// reconciliation job all end here: each reads the intent from the provider and calls payOrder or failOrder,
// whose conditional update lets exactly one of them settle the order.

/**
 * An order left awaiting its payment (a 3-D Secure challenge not answered) this long is settled: paid, or
 * its intent cancelled, the order abandoned and its reservation given back. Short, since the order holds a
 * campaign's budget, a voucher's use and a gift card's balance meanwhile; no shorter than a challenge may
 * last, or a person still answering her bank would be cut off. The order's own job, queued when it is
 * created, settles it then (EXPIRY_JOB_AFTER_SECONDS); the sweep every 5 minutes is the backstop (ADR 014,
 * amended for issue 38: before, the sweep alone released it up to 15 minutes after the checkout).
 */
export const ABANDON_AFTER_MS = 10 * 60_000;
/**
 * When the order's own job starts: its expiry, and a few seconds more, since the database's clock times the
 * job and the app's judges the order due (settleExpiredOrder), and one may run a little behind the other.
 */
export const EXPIRY_JOB_AFTER_SECONDS = ABANDON_AFTER_MS / 1000 + 15;
/**
 * How long an order's provider call is left to the request that began it before a retry may ask the
 * provider again for that order (its own checkout repeated, a new attempt settling it, the client giving
 * up): the call answers in a second or two, and a process that died in it never will (issue 39: the case
 * answered 409 until the expiry). Asking again is safe whenever it happens, the order's id being the
 * provider's idempotency key; the wait only spares a live call a second one beside it.
 */
export const PROVIDER_CALL_LEASE_MS = 5_000;
const SETTLED_PER_PASS = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Completes a paid order, in the caller's transaction: the practice's services (a PACKAGE creates the three
 * it bundles), the practice OPEN by the lifecycle table, the invoice and the receipt (none for 0 €), the
 * confirmation mail queued.
 */
export async function completePaidOrder(deps: Deps, tx: Db, paid: OrderRow, at: Date): Promise<void> {
  const order = ownedOrder(paid);
  const lines = await listOrderLines(tx, [order.id]);
  const types = lines.flatMap((line) => serviceTypesOfLine(line.productCode));
  await addPracticeServices(tx, order.practiceId, types, at);
  const practice = await findPractice(tx, order.practiceId);
  const from = practice && PracticeStatusSchema.parse(practice.status);
  if (from && canTransition(from, "OPEN", "system")) {
    await updatePracticeStatus(tx, order.practiceId, from, "OPEN", at);
  }
  const user = await findUserById(tx, order.userId);
  if (!user) throw new Error(`order ${order.id} without its user`);
  const name = `${user.name} ${user.lastname}`.trim();
  await issuePaymentDocuments(deps, tx, order, lines, { name, email: user.email }, at);
  const mail = orderConfirmationMail(
    user.email,
    user.name,
    {
      services: lines.map((line) => line.name),
      amount: formatAmount(fromCents(order.amountCents)),
      paymentType: PAYMENT_TYPE.labels[order.paymentType],
    },
    `${deps.config.publicUrl}/dashboard/orders`,
  );
  await deps.jobs.send(tx, "mail", mail);
}

/** Counts a card payment's outcome (argine_payments_total) where it is decided, once per order. */
export function countPayment(deps: Pick<Deps, "metrics" | "payments">, outcome: PaymentOutcome): void {
  deps.metrics.payments.inc({ provider: deps.payments.name, outcome });
}

/** The order paid, once: whoever comes second finds it settled and gets it as it is. */
export async function payOrder(deps: Deps, orderId: string): Promise<OrderRow | undefined> {
  let settled = false;
  const order = await deps.db.transaction(async (tx) => {
    const at = now(deps.clock);
    const paid = await settleOrder(tx, orderId, "PAID", at);
    if (!paid) return findOrder(tx, orderId);
    await completePaidOrder(deps, tx, paid, at);
    settled = true;
    return paid;
  });
  // Counted once committed, by the one caller whose update settled it.
  if (settled) countPayment(deps, "succeeded");
  return order;
}

/**
 * The order FAILED (the card was refused) or ABANDONED, once: the voucher use, the gift card's amount and
 * the campaign's budget go back, and the practice waits again (TO_PAID → PENDING) unless another order of
 * it still awaits its payment.
 */
export async function failOrder(
  deps: Deps,
  orderId: string,
  to: "FAILED" | "ABANDONED",
  errorCode: string | null,
): Promise<OrderRow | undefined> {
  let settled = false;
  const failed = await deps.db.transaction(async (tx) => {
    const at = now(deps.clock);
    const settledRow = await settleOrder(tx, orderId, to, at, errorCode);
    if (!settledRow) return findOrder(tx, orderId);
    const order = ownedOrder(settledRow);
    settled = true;
    if (order.voucherId) await giveBackVoucherUse(tx, order.voucherId);
    if (order.giftCardId && order.giftCardCents > 0) {
      await giveBackGiftCardBalance(tx, order.giftCardId, order.giftCardCents);
    }
    if (order.campaignId && order.campaignCents > 0) {
      await giveBackCampaignBudget(tx, order.campaignId, order.campaignCents);
    }
    const practice = await findPractice(tx, order.practiceId);
    if (
      practice?.status === "TO_PAID" &&
      canTransition("TO_PAID", "PENDING", "system") &&
      !(await otherOrderAwaiting(tx, order.practiceId, order.id))
    ) {
      await updatePracticeStatus(tx, order.practiceId, "TO_PAID", "PENDING", at);
    }
    return order;
  });
  if (settled) countPayment(deps, to === "FAILED" ? "failed" : "abandoned");
  return failed;
}

/**
 * Settles the order as the provider's intent says — succeeded: paid; refused: failed; cancelled:
 * abandoned; anything else (a card action pending, processing): nothing yet — and returns it as it now is.
 */
export async function applyIntent(deps: Deps, order: OrderRow, intent: PaymentIntent): Promise<OrderRow> {
  const refused = intent.status === "requires_payment_method" && !!intent.errorCode;
  // A refused intent can still be confirmed with another card by whoever holds its client secret (Stripe.js
  // takes one in requires_payment_method): cancelled before the order gives back what it held, so no card is
  // charged for an order that bought nothing. A provider that fails here fails the caller, and the webhook's
  // redelivery or the sweep settles the order later.
  if (refused) await deps.payments.cancel(intent.id);
  await recordPayment(
    deps.db,
    {
      orderId: order.id,
      provider: deps.payments.name,
      intentId: intent.id,
      amountCents: intent.amountCents,
      status: intent.status,
      errorCode: intent.errorCode,
    },
    now(deps.clock),
  );
  const settled =
    intent.status === "succeeded"
      ? await payOrder(deps, order.id)
      : refused
        ? await failOrder(deps, order.id, "FAILED", intent.errorCode)
        : intent.status === "canceled"
          ? await failOrder(deps, order.id, "ABANDONED", intent.errorCode)
          : order;
  return settled ?? order;
}

/**
 * What the provider is asked for an order's intent, the same on every call: the card's amount, the order's
 * id as the idempotency key (one intent per order, however many processes ask), the id in its metadata.
 */
export function intentRequest(order: OrderRow): IntentRequest {
  return { amountCents: order.cardCents, idempotencyKey: order.id, metadata: { orderId: order.id } };
}

/** Whether the order's provider call, begun at its `updatedAt` and never recorded, may be asked again. */
export function providerCallLapsed(deps: Pick<Deps, "clock">, order: OrderRow): boolean {
  return now(deps.clock).getTime() - order.updatedAt.getTime() >= PROVIDER_CALL_LEASE_MS;
}

/**
 * An order that has waited too long, or that a new checkout of its practice must not race: paid if its
 * intent succeeded, otherwise its intent is cancelled and the order abandoned; one the provider cannot
 * cancel yet (processing) is left to its webhook or the next pass. An order whose provider call never
 * answered has no payment recorded: its intent is asked of the provider by the order's key, and made
 * unconfirmed if that call never reached it, so a late confirmation of the call finds it cancelled and
 * charges nothing. Without a provider to ask (none), nothing can have been charged: abandoned.
 */
export async function settleStaleOrder(deps: Deps, order: OrderRow): Promise<OrderRow> {
  const payment = await findPaymentOfOrder(deps.db, order.id);
  let intent = payment
    ? await deps.payments.retrieve(payment.intentId)
    : deps.payments.name === "none"
      ? null
      : await deps.payments.findOrCreateIntent(intentRequest(order));
  if (!intent) return (await failOrder(deps, order.id, "ABANDONED", null)) ?? order;
  if (intent.status !== "succeeded" && intent.status !== "canceled") {
    intent = await deps.payments.cancel(intent.id);
  }
  return applyIntent(deps, order, intent);
}

/**
 * The intent's states that may still end paid: cancelled before the order gives back what it holds, so the
 * reservation is released only once nothing can charge the card for it (as settleStaleOrder does).
 */
const STILL_PAYABLE: ReadonlySet<PaymentIntent["status"]> = new Set([
  "requires_action",
  "requires_confirmation",
  "processing",
]);

/**
 * The client gave up the attempt (POST /v1/orders/abandon): settled at once as its intent says once it can
 * no longer be paid. A refused intent fails the order, as its webhook would; one still waiting is cancelled
 * first, and the order abandoned; one that went through first pays it, its budget kept. A provider that
 * cannot cancel it yet (processing) leaves it to the webhook or the job.
 */
export async function abandonAwaitingOrder(deps: Deps, order: OrderRow, intentId: string): Promise<OrderRow> {
  let intent = await deps.payments.retrieve(intentId);
  if (
    STILL_PAYABLE.has(intent.status) ||
    (intent.status === "requires_payment_method" && !intent.errorCode)
  ) {
    intent = await deps.payments.cancel(intent.id);
  }
  return applyIntent(deps, order, intent);
}

/**
 * The job an order queues when it is created, run ABANDON_AFTER_MS later: the order, if still awaiting its
 * payment, settled as the sweep would. Never before its time (the sweep takes it later then).
 */
export async function settleExpiredOrder(deps: Deps, orderId: string): Promise<void> {
  const order = await findOrder(deps.db, orderId);
  if (order?.status !== "AWAITING_PAYMENT") return;
  if (now(deps.clock).getTime() - order.createdAt.getTime() < ABANDON_AFTER_MS) return;
  await settleStaleOrder(deps, order);
}

/** The reconciliation job (every 5 minutes): every order awaiting its payment for over ABANDON_AFTER_MS. */
export async function settleStaleOrders(deps: Deps): Promise<number> {
  const stale = await ordersAwaitingSince(
    deps.db,
    new Date(now(deps.clock).getTime() - ABANDON_AFTER_MS),
    SETTLED_PER_PASS,
  );
  // One order the provider cannot answer for must not hold up the others; the next pass tries it again.
  const failures: unknown[] = [];
  for (const order of stale) await settleStaleOrder(deps, order).catch((error) => failures.push(error));
  if (failures.length) throw new AggregateError(failures, `${failures.length} orders not settled`);
  return stale.length;
}

/**
 * A webhook request (POST /v1/webhooks/{provider}): a bad signature is refused (400) and changes nothing;
 * a signed event without an intent of ours is answered and ignored; an event already handled is answered and
 * ignored; otherwise the intent is read from the provider (the event's copy is not trusted) and its order
 * settled. The event is recorded only once handled: a failure on the way (the database gone, the provider
 * silent) answers an error and records nothing, so the provider's redelivery is handled again (issue 39's
 * fault drill: recorded first, a database lost before its "forget" left the event answered 200 for ever, its
 * order unsettled). Handling one twice changes nothing: applyIntent settles by conditional updates.
 */
export async function handlePaymentEvent(
  deps: Deps,
  provider: string,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true }> {
  if (provider !== deps.payments.name) throw new AppError("NOT_FOUND");
  const event = deps.payments.parseEvent(rawBody, signature);
  if (!event) throw new AppError("BAD_REQUEST");
  // Signed, but about nothing of ours: answered, so the provider does not send it again for days.
  if (!event.intent) return { received: true };
  if (await paymentEventRecorded(deps.db, provider, event.id)) return { received: true };
  const intent = await deps.payments.retrieve(event.intent.id);
  const payment = await findPaymentByIntent(deps.db, provider, intent.id);
  // Before the browser's call recorded the payment, the intent's metadata names the order.
  const orderId = payment?.orderId ?? intent.metadata.orderId;
  const order = orderId && UUID.test(orderId) ? await findOrder(deps.db, orderId) : undefined;
  const ours = order && (payment || !(await findPaymentOfOrder(deps.db, order.id)));
  if (order && ours && order.status === "AWAITING_PAYMENT") await applyIntent(deps, order, intent);
  await recordPaymentEvent(deps.db, { provider, eventId: event.id, type: event.type });
  return { received: true };
}
