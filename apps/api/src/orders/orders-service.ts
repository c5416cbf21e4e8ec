import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import {
  type OrderAbandonResponse,
  type OrderCreateBody,
  type OrderList,
  type OrderResponse,
  type PaymentCode,
  PaymentCodeSchema,
} from "@argine/core/orders/orders-api";
import { ordersPolicy } from "@argine/core/orders/policy";
import { canTransition } from "@argine/core/practices/lifecycle";
import { PracticeStatusSchema } from "@argine/core/practices/practices-api";
import { cardErrorMessage, MESSAGES } from "@argine/core/shared/messages";
import { type PagingQuery, pageWindow } from "@argine/core/shared/paging";
import type { Db } from "@argine/db/client";
import { upsertBilling } from "@argine/db/queries/billing";
import {
  awaitingOrdersOfPractice,
  claimProviderCall,
  findOrder,
  findOrderByKey,
  findPaymentOfOrder,
  insertOrder,
  listUserOrders,
  type OrderRow,
  settleOrder,
} from "@argine/db/queries/orders";
import { findPractice, lockPractice, updatePracticeStatus } from "@argine/db/queries/practices";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { authorize } from "../identity/authorize.ts";
import { nothingCharged, type PaymentIntent } from "../payments/payment-provider.ts";
import { priceOrder } from "./order-pricing.ts";
import {
  abandonAwaitingOrder,
  applyIntent,
  completePaidOrder,
  countPayment,
  EXPIRY_JOB_AFTER_SECONDS,
  failOrder,
  intentRequest,
  PROVIDER_CALL_LEASE_MS,
  providerCallLapsed,
  settleStaleOrder,
} from "./order-settlement.ts";
import { oneOrderView, orderViews, paidAnswer } from "./order-view.ts";
import { withCodeGuard } from "./wrong-codes.ts";

// The checkout (spec §4 "Payment flow", ADR 014). POST /v1/orders is called once with the card's payment
// method, and once more with the intent after a 3-D Secure challenge; the same idempotency key always finds
// the same order, so a doubled or retried submission makes one order and one charge.

/** `payment.code` is JSON text (spec §3); anything else is a bad request. */
function paymentCode(body: OrderCreateBody): PaymentCode | null {
  if (!body.payment) return null;
  try {
    return PaymentCodeSchema.parse(JSON.parse(body.payment.code));
  } catch {
    throw new AppError("BAD_REQUEST");
  }
}

/** Marks a lost insert race on the idempotency key: the transaction rolls back what it took. */
class SameAttempt extends Error {}

/**
 * POST /v1/orders from `ip`: a voucher or gift-card code it carries counts against the wrong codes allowed,
 * as a verification's does (no guessing through the checkout).
 */
export async function createOrder(
  deps: Deps,
  actor: Actor,
  body: OrderCreateBody,
  ip: string,
): Promise<OrderResponse> {
  const code = paymentCode(body);
  const existing = await findOrderByKey(deps.db, actor.userId, body.idempotencyKey);
  if (existing) return continueOrder(deps, existing, code);
  if (code && "payment_intent_id" in code) throw new AppError("BAD_REQUEST", MESSAGES.orderPaymentMismatch);

  const practice = await authorize(deps.db, actor, await findPractice(deps.db, body.practiceId), {
    sees: (practice) => ordersPolicy(actor, "checkout", practice),
  });
  // An earlier attempt still waiting (a 3-D Secure window closed, a tab left open, a process that died before
  // the provider answered it) is settled first: paid if it went through (then its services are no longer for
  // sale), otherwise cancelled, so nothing is bought twice. One whose first call may still be talking to the
  // provider is left to it for a few seconds (PROVIDER_CALL_LEASE_MS): this checkout is then refused (409).
  for (const earlier of await awaitingOrdersOfPractice(deps.db, practice.id)) {
    if (earlier.idempotencyKey === body.idempotencyKey) continue;
    if ((await findPaymentOfOrder(deps.db, earlier.id)) || providerCallLapsed(deps, earlier))
      await settleStaleOrder(deps, earlier);
  }

  let order: OrderRow;
  try {
    const open = () => deps.db.transaction((tx) => openOrder(deps, tx, actor, body, code));
    order =
      body.voucherCode || body.giftCardCode
        ? await withCodeGuard(deps.db, actor, ip, now(deps.clock), open)
        : await open();
  } catch (error) {
    if (!(error instanceof SameAttempt)) throw error;
    const winner = await findOrderByKey(deps.db, actor.userId, body.idempotencyKey);
    if (!winner) throw new AppError("CONFLICT", MESSAGES.orderInProgress);
    return continueOrder(deps, winner, code);
  }
  if (order.status === "PAID") return answer(deps, order, null);
  if (!code || !("payment_method_id" in code)) throw new Error("card order without a payment method");
  return askProvider(deps, order, code.payment_method_id, "first");
}

/**
 * The order's card payment asked of the provider, outside any transaction, and the order settled by its
 * answer. The provider's idempotency key is the order's id: one intent per order however often this runs,
 * by whichever process (intentRequest). On the checkout's first call, a request the provider refused (a
 * made-up payment method) charged nothing: the order fails at once and gives back what it reserved, so no
 * budget, voucher use or gift card balance stays held by it. A provider that does not answer leaves the
 * order awaiting (a 500, logged): its webhook, a retry, or the settle job after ABANDON_AFTER_MS decides it.
 * A retry's refusal is no such proof (the intent may be an earlier call's, paid): the order is left to them.
 */
async function askProvider(
  deps: Deps,
  order: OrderRow,
  paymentMethodId: string,
  call: "first" | "retry",
): Promise<OrderResponse> {
  let intent: PaymentIntent;
  try {
    intent = await deps.payments.createAndConfirm({ ...intentRequest(order), paymentMethodId });
  } catch (error) {
    if (call === "first" && nothingCharged(deps.payments, error))
      await failOrder(deps, order.id, "FAILED", null);
    throw error;
  }
  // The card action (3-D Secure) asked of the client: counted at the order's one intent, not at each read
  // (a retry asks only when no answer of the provider was ever recorded).
  if (intent.status === "requires_action") countPayment(deps, "requires_action");
  return answer(deps, await applyIntent(deps, order, intent), intent);
}

/**
 * The new order in one transaction: the practice locked (two checkouts of it wait for each other), priced
 * by the server with the voucher, gift card and campaign budget taken, the billing data saved back to the
 * profile; paid at once when nothing is left for the card, otherwise the practice waits for it (TO_PAID).
 */
async function openOrder(
  deps: Deps,
  tx: Db,
  actor: Actor,
  body: OrderCreateBody,
  code: PaymentCode | null,
): Promise<OrderRow> {
  const at = now(deps.clock);
  const practice = await authorize(tx, actor, await lockPractice(tx, body.practiceId), {
    sees: (practice) => ordersPolicy(actor, "checkout", practice),
  });
  // The same attempt committed while this one waited for the lock: answered as the same attempt.
  if (await findOrderByKey(tx, actor.userId, body.idempotencyKey)) throw new SameAttempt();
  if ((await awaitingOrdersOfPractice(tx, practice.id)).length) {
    throw new AppError("CONFLICT", MESSAGES.practiceHasOrderInProgress);
  }
  const { lines, ...priced } = await priceOrder(tx, actor, practice, body, at);
  if (priced.cardCents > 0 && !(code && "payment_method_id" in code)) {
    throw new AppError("BAD_REQUEST", MESSAGES.paymentRequired);
  }
  const order = await insertOrder(
    tx,
    {
      ...priced,
      userId: actor.userId,
      practiceId: practice.id,
      idempotencyKey: body.idempotencyKey,
      invoice: body.invoice,
      // The client asked for the services to start at once (the checkbox the schema requires, ADR 017).
      withdrawalWaiverAt: at,
      createdAt: at,
    },
    lines,
  );
  if (!order) throw new SameAttempt();
  const { zip, province, ...billing } = body.invoice;
  await upsertBilling(tx, { ...billing, userId: actor.userId, cap: zip ?? "", province: province ?? null });

  if (priced.cardCents === 0) {
    const paid = await settleOrder(tx, order.id, "PAID", at);
    if (!paid) throw new Error(`order ${order.id} settled before it was committed`);
    await completePaidOrder(deps, tx, paid, at);
    return paid;
  }
  const from = PracticeStatusSchema.parse(practice.status);
  if (from === "PENDING" && canTransition(from, "TO_PAID", "system")) {
    await updatePracticeStatus(tx, practice.id, from, "TO_PAID", at);
  }
  // What it reserved is held no longer than a card payment may take: its own settle job, at its expiry
  // (order-settlement.ts). Queued here, so an order whose provider never answers is released too.
  await deps.jobs.send(
    tx,
    "orders-settle",
    { orderId: order.id },
    { startAfterSeconds: EXPIRY_JOB_AFTER_SECONDS },
  );
  return order;
}

/**
 * The same checkout attempt again: its current answer. After the card action the intent is confirmed (if
 * the provider waits for it); a repeated first call reads the intent as it is. Never a second intent.
 */
async function continueOrder(deps: Deps, order: OrderRow, code: PaymentCode | null): Promise<OrderResponse> {
  if (order.status !== "AWAITING_PAYMENT") return answer(deps, order, null);
  const payment = await findPaymentOfOrder(deps.db, order.id);
  if (!payment) return retryProviderCall(deps, order, code);
  if (code && "payment_intent_id" in code && code.payment_intent_id !== payment.intentId) {
    throw new AppError("BAD_REQUEST", MESSAGES.orderPaymentMismatch);
  }
  let intent = await deps.payments.retrieve(payment.intentId);
  if (intent.status === "requires_confirmation") intent = await deps.payments.confirm(intent.id);
  return answer(deps, await applyIntent(deps, order, intent), intent);
}

/**
 * The same attempt again while no answer of the provider was recorded for its order: its first call is
 * still talking to the provider (409, for a few seconds), or never will (its process died before or during
 * the call). Then this call takes the provider call over, one retry of any number at once (a conditional
 * update), and asks the provider again with the order's key: the intent the first call made, if it made
 * one, or a new one, never a second; a retry after the card action cannot take it over (it carries no
 * payment method, and there was no action to do without a recorded intent).
 */
async function retryProviderCall(
  deps: Deps,
  order: OrderRow,
  code: PaymentCode | null,
): Promise<OrderResponse> {
  const at = now(deps.clock);
  const paymentMethodId = code && "payment_method_id" in code ? code.payment_method_id : null;
  const claimed =
    paymentMethodId &&
    (await claimProviderCall(deps.db, order.id, at, new Date(at.getTime() - PROVIDER_CALL_LEASE_MS)));
  if (paymentMethodId && claimed) return askProvider(deps, claimed, paymentMethodId, "retry");
  // Not taken: another call has it, or the order moved meanwhile (settled, its payment recorded).
  const current = await findOrder(deps.db, order.id);
  if (current && current.status !== "AWAITING_PAYMENT") return answer(deps, current, null);
  if (current && (await findPaymentOfOrder(deps.db, current.id))) return continueOrder(deps, current, code);
  throw new AppError("CONFLICT", MESSAGES.orderInProgress);
}

/**
 * What POST /v1/orders answers for the order as it now is: paid, the card action still to do, or the card's
 * refusal as an error whose message is the card's (the web shows it on the payment error page).
 */
async function answer(deps: Deps, order: OrderRow, intent: PaymentIntent | null): Promise<OrderResponse> {
  switch (order.status) {
    case "PAID":
    case "PARTIALLY_REFUNDED":
    case "REFUNDED":
      return paidAnswer(deps, order);
    case "FAILED":
      throw new AppError("PAYMENT_FAILED", cardErrorMessage(order.errorCode ?? undefined));
    case "ABANDONED":
      throw new AppError("CONFLICT", MESSAGES.orderNotPayable);
    case "AWAITING_PAYMENT":
      if (intent?.status !== "requires_action") throw new AppError("CONFLICT", MESSAGES.orderInProgress);
      return { order: null, requires_action: true, payment_intent_client_secret: intent.clientSecret };
  }
}

/**
 * POST /v1/orders/abandon: the client gives up her attempt (the card action failed or was closed, the
 * checkout left), and what it reserved goes back now rather than at its expiry. Only her own attempt, by its
 * key (another's is not found); one already settled is answered as it is, so a repeat changes nothing.
 */
export async function abandonOrder(
  deps: Deps,
  actor: Actor,
  idempotencyKey: string,
): Promise<OrderAbandonResponse> {
  let order = await findOrderByKey(deps.db, actor.userId, idempotencyKey);
  if (!order) throw new AppError("NOT_FOUND");
  if (order.status === "AWAITING_PAYMENT") {
    const payment = await findPaymentOfOrder(deps.db, order.id);
    if (payment) order = await abandonAwaitingOrder(deps, order, payment.intentId);
    // No answer of the provider recorded, and none coming (the call's process died): its intent, if it
    // made one, is found by the order's key and cancelled first, as the expiry would.
    else if (providerCallLapsed(deps, order)) order = await settleStaleOrder(deps, order);
    // The first call is still talking to the provider: the intent may yet be charged, nothing is released.
    else throw new AppError("CONFLICT", MESSAGES.orderInProgress);
  }
  const paid =
    order.status === "PAID" || order.status === "PARTIALLY_REFUNDED" || order.status === "REFUNDED";
  return { status: order.status, order: paid ? await oneOrderView(deps, order) : null };
}

/** A client's own orders, newest first, with their lines and the practice's code. */
export async function listOrders(deps: Deps, actor: Actor, query: PagingQuery): Promise<OrderList> {
  const { total, data } = await listUserOrders(deps.db, actor.userId, pageWindow(query));
  return {
    total,
    data: await orderViews(deps, data, (o) => ({ ticketCode: o.ticketCode, status: o.practiceStatus })),
  };
}
