import { createHash } from "node:crypto";
import { REFUND_AUDIT_ACTIONS } from "@argine/core/audit/audit-actions";
import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { PAID_ORDER_STATUSES } from "@argine/core/orders/lifecycle";
import type { Order, RefundCreateBody, WithdrawalBody } from "@argine/core/orders/orders-api";
import { type OrdersAction, ordersPolicy } from "@argine/core/orders/policy";
import {
  lineWithdrawable,
  type RefundReason,
  refundAmounts,
  serviceTypesOfLine,
  statusAfterRefund,
  withinWithdrawalPeriod,
} from "@argine/core/orders/refunds";
import type { ServiceType } from "@argine/core/services/service-type";
import { MESSAGES } from "@argine/core/shared/messages";
import type { Db } from "@argine/db/client";
import {
  giftCardProductCodes,
  giveBackCampaignBudget,
  giveBackGiftCardBalance,
} from "@argine/db/queries/catalogue";
import {
  findOrder,
  findPaymentOfOrder,
  listOrderLines,
  type OrderRow,
  settleOrder,
} from "@argine/db/queries/orders";
import {
  cancelPracticeServices,
  claimOrderLines,
  endRefund,
  findRefund,
  insertRefund,
  listPracticePaidOrders,
  lockPracticeServiceStatuses,
  type RefundRow,
} from "@argine/db/queries/refunds";
import { findUserById } from "@argine/db/queries/users";
import { audit } from "../audit/audit.ts";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { authorize } from "../identity/authorize.ts";
import { issueRefundDocuments } from "../invoice/invoice-service.ts";
import { refundMail } from "../mail/templates.ts";
import { authorizedPractice } from "../practices/practice-access.ts";
import { oneOrderView, orderViews, ownedOrder } from "./order-view.ts";

// Money going back on a paid order (ADR 017). One path for staff's refunds, the client's
// withdrawal and a service a human review blocked:
//   1. one transaction: the refund row PENDING (its id is the caller's idempotency key) and its lines
//      claimed (`refund_id is null`): a line is never refunded twice, even by two people at once;
//   2. outside any transaction, the card's share through the provider, keyed by the refund's id: a retry
//      after a failure (the row left FAILED) or a timeout asks the provider again and gets the same refund;
//   3. one transaction, once (PENDING/FAILED → SUCCEEDED): the gift card's share back to its balance, the
//      campaign's back to its budget, the services cancelled, the order's status, the credit note (when the
//      order has an invoice), the refund's receipt, an audit line and a neutral mail to the client.

interface RefundRequest {
  id: string;
  codes: readonly string[];
  reason: RefundReason;
  note: string | null;
}

/** The order if the actor may do `action` on it: 404 when they may not even see it, 403 when only that. */
async function authorizedOrder(
  deps: Deps,
  actor: Actor,
  id: string,
  action: Extract<OrdersAction, "refund" | "withdraw">,
) {
  return authorize(deps.db, actor, await findOrder(deps.db, id), {
    sees: (order) => ordersPolicy(actor, "read", { ownerId: order.userId }),
    may: (order) => ordersPolicy(actor, action, { ownerId: order.userId }),
  });
}

/** POST /v1/orders/{id}/refunds: staff give back the lines named, for a reason. */
export async function refundOrder(deps: Deps, actor: Actor, orderId: string, body: RefundCreateBody) {
  const order = await authorizedOrder(deps, actor, orderId, "refund");
  return giveBack(deps, actor, order, {
    id: body.idempotencyKey,
    codes: body.productCodes,
    reason: body.reason,
    note: body.note || null,
  });
}

/** The practice's services some lines stand for (a PACKAGE its three). */
function serviceTypesOf(codes: readonly string[]): ServiceType[] {
  return codes.flatMap(serviceTypesOfLine);
}

/**
 * POST /v1/orders/{id}/withdrawal: the client withdraws from services not begun, within 14 days of the
 * payment, and gets their money back at once. A service begun, or the time passed: a message to write to
 * the lawyer instead (the lawyer decides, and refunds through the staff route if due).
 */
export async function withdrawFromOrder(deps: Deps, actor: Actor, orderId: string, body: WithdrawalBody) {
  const order = await authorizedOrder(deps, actor, orderId, "withdraw");
  if (!order.paidAt || !PAID_ORDER_STATUSES.some((s) => s === order.status)) {
    throw new AppError("CONFLICT", MESSAGES.orderNotRefundable);
  }
  if (!withinWithdrawalPeriod(order.paidAt, now(deps.clock))) {
    throw new AppError("CONFLICT", MESSAGES.withdrawalExpired);
  }
  return giveBack(deps, actor, order, {
    id: withdrawalId(order.id, body.productCodes),
    codes: body.productCodes,
    reason: "WITHDRAWAL",
    note: null,
  });
}

/**
 * A withdrawal's refund id, the same for the same order and services: the client's second click, or a
 * retry after the provider failed, resumes the one refund instead of being refused as already refunded.
 */
function withdrawalId(orderId: string, codes: readonly string[]): string {
  const hex = createHash("sha256")
    .update(`withdrawal:${orderId}:${[...codes].sort().join(",")}`)
    .digest("hex");
  // Shaped as a UUID (version 4 bits, variant 10) for the refunds' uuid id.
  const variant = ((Number.parseInt(hex[16] ?? "0", 16) & 3) | 8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** GET /v1/practices/{id}/orders: the practice's paid orders with their lines, for staff (audited). */
export async function practiceOrders(deps: Deps, actor: Actor, practiceId: string): Promise<Order[]> {
  const practice = await authorizedPractice(deps.db, actor, practiceId, "manage-services");
  return orderViews(deps, await listPracticePaidOrders(deps.db, practice.id), () => practice);
}

/** Marks a lost race on the refund's id: the other request's refund is resumed instead. */
class SameRefund extends Error {}

async function giveBack(deps: Deps, actor: Actor, order: OrderRow, request: RefundRequest): Promise<Order> {
  let refund = await findRefund(deps.db, request.id);
  if (!refund) {
    try {
      refund = await deps.db.transaction((tx) => openRefund(deps, tx, actor, order.id, request));
    } catch (error) {
      if (!(error instanceof SameRefund)) throw error;
      refund = await findRefund(deps.db, request.id);
    }
  }
  // The same key on another order is another refund's: never resumed from here.
  if (!refund || refund.orderId !== order.id) throw new AppError("CONFLICT", MESSAGES.refundKeyReused);
  if (refund.status !== "SUCCEEDED") await completeRefund(deps, actor, order, refund);
  const reloaded = await findOrder(deps.db, order.id);
  return oneOrderView(deps, reloaded ?? order);
}

/** Step 1: the PENDING refund with its lines claimed, in the caller's transaction. */
async function openRefund(
  deps: Deps,
  tx: Db,
  actor: Actor,
  orderId: string,
  request: RefundRequest,
): Promise<RefundRow> {
  const found = await findOrder(tx, orderId);
  if (!found || !PAID_ORDER_STATUSES.some((s) => s === found.status)) {
    throw new AppError("CONFLICT", MESSAGES.orderNotRefundable);
  }
  const order = ownedOrder(found);
  const lines = await listOrderLines(tx, [order.id]);
  if (!request.codes.every((code) => lines.some((line) => line.productCode === code))) {
    throw new AppError("BAD_REQUEST", MESSAGES.serviceNotOnOrder);
  }
  const giftCard = order.giftCardId
    ? { cents: order.giftCardCents, productCodes: await giftCardProductCodes(tx, order.giftCardId) }
    : null;
  const amounts = refundAmounts(
    lines.map((line) => ({ productCode: line.productCode, finalCents: line.finalPriceCents })),
    giftCard,
    request.codes,
  );
  // A withdrawal is only from lines core's rule allows (services not begun): checked on the services' locked
  // rows, in the transaction that claims the lines, so a service a lawyer starts at the same moment is
  // either seen begun or starts after. A line already refunded is the claim's to refuse (below).
  if (request.reason === "WITHDRAWAL") {
    const services = await lockPracticeServiceStatuses(tx, order.practiceId, serviceTypesOf(request.codes));
    const statusOf = (type: ServiceType) => services.find((service) => service.serviceType === type)?.status;
    const refused = lines.filter(
      (line) =>
        request.codes.includes(line.productCode) &&
        !lineWithdrawable(
          { productCode: line.productCode, finalCents: line.finalPriceCents, refunded: false },
          statusOf,
        ),
    );
    if (refused.length) throw new AppError("CONFLICT", MESSAGES.withdrawalServiceBegun);
  }
  const refund = await insertRefund(tx, {
    ...amounts,
    id: request.id,
    orderId: order.id,
    reason: request.reason,
    note: request.note,
    requestedBy: actor.userId,
    at: now(deps.clock),
  });
  if (!refund) throw new SameRefund();
  const claimed = await claimOrderLines(tx, order.id, request.codes, refund.id);
  // Another refund has one of these lines: nothing of this one stays (the transaction rolls back).
  if (claimed.length !== request.codes.length) throw new AppError("CONFLICT", MESSAGES.alreadyRefunded);
  return refund;
}

/** Steps 2 and 3: the provider, then everything that follows a refund, once. */
async function completeRefund(deps: Deps, actor: Actor, row: OrderRow, refund: RefundRow): Promise<void> {
  const order = ownedOrder(row);
  let providerRefundId: string | null = null;
  if (refund.cardCents > 0) {
    const payment = await findPaymentOfOrder(deps.db, order.id);
    if (!payment) throw new Error(`order ${order.id} paid by card without a payment`);
    try {
      const given = await deps.payments.refund({
        intentId: payment.intentId,
        amountCents: refund.cardCents,
        idempotencyKey: refund.id,
      });
      if (given.status === "failed") throw new AppError("SERVICE_UNAVAILABLE", MESSAGES.refundProviderFailed);
      providerRefundId = given.id;
    } catch (error) {
      // Left FAILED and its lines claimed: the same call again asks the provider with the same key.
      await endRefund(deps.db, refund.id, "FAILED", now(deps.clock));
      if (error instanceof AppError) throw error;
      throw new AppError("SERVICE_UNAVAILABLE", MESSAGES.refundProviderFailed);
    }
  }
  await deps.db.transaction(async (tx) => {
    const at = now(deps.clock);
    const done = await endRefund(tx, refund.id, "SUCCEEDED", at, providerRefundId);
    if (!done) return; // another call completed it
    const lines = await listOrderLines(tx, [order.id]);
    const mine = lines.filter((line) => line.refundId === refund.id);
    if (order.giftCardId && done.giftCardCents > 0) {
      await giveBackGiftCardBalance(tx, order.giftCardId, done.giftCardCents);
    }
    const campaignCents = mine.reduce((sum, line) => sum + line.campaignCents, 0);
    if (order.campaignId && campaignCents > 0)
      await giveBackCampaignBudget(tx, order.campaignId, campaignCents);
    await cancelPracticeServices(
      tx,
      order.practiceId,
      serviceTypesOf(mine.map((line) => line.productCode)),
      at,
    );
    const to = statusAfterRefund(lines.map((line) => ({ refunded: line.refundId !== null })));
    if (!(await settleOrder(tx, order.id, to, at))) throw new Error(`order ${order.id} not moved to ${to}`);
    await issueRefundDocuments(deps, tx, done, mine, at);
    // Who gave back how much of which order, why: no personal data (the note stays on the refund row).
    await audit(tx, actor, REFUND_AUDIT_ACTIONS[done.reason], order.id, {
      refundId: done.id,
      amountCents: done.amountCents,
      productCodes: mine.map((l) => l.productCode),
    });
    const user = await findUserById(tx, order.userId);
    if (user) {
      await deps.jobs.send(
        tx,
        "mail",
        refundMail(user.email, user.name, `${deps.config.publicUrl}/dashboard/orders`),
      );
    }
  });
}
