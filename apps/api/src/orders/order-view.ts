import { AppError } from "@argine/core/errors/app-error";
import type { Order, OrderResponse } from "@argine/core/orders/orders-api";
import { lineWithdrawable, withdrawalDeadline, withinWithdrawalPeriod } from "@argine/core/orders/refunds";
import { PracticeStatusSchema } from "@argine/core/practices/practices-api";
import type { ServiceType } from "@argine/core/services/service-type";
import { cardErrorMessage, MESSAGES } from "@argine/core/shared/messages";
import { fromCents } from "@argine/core/shared/money";
import { listOrderDocuments, type OrderDocuments } from "@argine/db/queries/invoice";
import { listOrderLines, type OrderLineRow, type OrderRow } from "@argine/db/queries/orders";
import { findPractice } from "@argine/db/queries/practices";
import { listServiceStatusesOf, listUnconfirmedRefunds } from "@argine/db/queries/refunds";
import { now } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Deps } from "../deps.ts";
import { orderDocumentLinks } from "../invoice/invoice-service.ts";

// An order as the API answers it (core's orders-api): euros at the edge, the card's Italian error message,
// the links to its invoice, receipt and credit notes (ADR 016), the refunded lines, and until when the client
// may still withdraw (ADR 017).

export function orderView(
  config: Pick<Config, "publicUrl" | "documentLinkKey">,
  order: OrderRow,
  lines: readonly OrderLineRow[],
  practice: { ticketCode: string; status: string },
  documents: OrderDocuments,
  at: Date,
  unconfirmed: ReadonlySet<string>,
  services: readonly { practiceId: string; serviceType: ServiceType; status: string }[],
): Order {
  const own = lines.filter((line) => line.orderId === order.id);
  const open = withinWithdrawalPeriod(order.paidAt, at);
  const statusOf = (type: ServiceType) =>
    services.find((s) => s.practiceId === order.practiceId && s.serviceType === type)?.status;
  const withdrawable = (line: OrderLineRow) =>
    open &&
    lineWithdrawable(
      { productCode: line.productCode, finalCents: line.finalPriceCents, refunded: line.refundId !== null },
      statusOf,
    );
  return {
    id: order.id,
    practiceId: ownedOrder(order).practiceId,
    ticketCode: practice.ticketCode,
    practiceStatus: PracticeStatusSchema.parse(practice.status),
    status: order.status,
    paymentType: order.paymentType,
    lines: own.map((line) => ({
      productCode: line.productCode,
      name: line.name,
      price: fromCents(line.priceCents),
      discountedPrice: fromCents(line.discountedPriceCents),
      campaignDiscount: fromCents(line.campaignCents),
      voucherDiscount: fromCents(line.voucherCents),
      finalPrice: fromCents(line.finalPriceCents),
      vatRate: line.vatRate,
      refunded: line.refundId !== null && !unconfirmed.has(line.refundId),
      pendingRefundId: line.refundId !== null && unconfirmed.has(line.refundId) ? line.refundId : null,
      withdrawable: withdrawable(line),
    })),
    total: fromCents(order.totalCents),
    discount: fromCents(order.discountCents),
    campaignDiscount: fromCents(order.campaignCents),
    voucherDiscount: fromCents(order.voucherCents),
    amount: fromCents(order.amountCents),
    giftCardAmount: fromCents(order.giftCardCents),
    cardAmount: fromCents(order.cardCents),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
    error: order.status === "FAILED" ? cardErrorMessage(order.errorCode ?? undefined) : null,
    ...orderDocumentLinks(config, documents, order.id),
    withdrawableUntil:
      order.paidAt && own.some(withdrawable) ? withdrawalDeadline(order.paidAt).toISOString() : null,
  };
}

/** Several orders as the API answers them: their lines, documents and unconfirmed refunds, a query each. */
export async function orderViews<O extends OrderRow>(
  deps: Deps,
  orders: readonly O[],
  practiceOf: (order: O) => { ticketCode: string; status: string },
): Promise<Order[]> {
  const ids = orders.map((o) => o.id);
  const [lines, documents, pending, services] = await Promise.all([
    listOrderLines(deps.db, ids),
    listOrderDocuments(deps.db, ids),
    listUnconfirmedRefunds(deps.db, ids),
    listServiceStatusesOf(
      deps.db,
      orders.map((o) => ownedOrder(o).practiceId),
    ),
  ]);
  const at = now(deps.clock);
  const unconfirmed = new Set(pending.map((refund) => refund.id));
  return orders.map((o) =>
    orderView(deps.config, o, lines, practiceOf(o), documents, at, unconfirmed, services),
  );
}

/** One order as the API answers it, with its practice as it now is. */
export async function oneOrderView(deps: Deps, order: OrderRow): Promise<Order> {
  const practice = await findPractice(deps.db, ownedOrder(order).practiceId);
  if (!practice) throw new Error(`order ${order.id} without its practice`);
  const [view] = await orderViews(deps, [order], () => practice);
  if (!view) throw new Error(`order ${order.id} not shown`);
  return view;
}

/** The paid order as POST /v1/orders answers it, with its practice as it now is (OPEN). */
export async function paidAnswer(deps: Deps, order: OrderRow): Promise<OrderResponse> {
  return {
    order: await oneOrderView(deps, order),
    requires_action: false,
    payment_intent_client_secret: null,
  };
}

/**
 * The account and practice of an order, which an erased account's order no longer has (ADR 037: only its
 * money documents are kept): nothing more is done with such an order.
 */
export function ownedOrder<O extends OrderRow>(order: O): O & { userId: string; practiceId: string } {
  const { userId, practiceId } = order;
  if (userId === null || practiceId === null) throw new AppError("CONFLICT", MESSAGES.orderOfErasedAccount);
  return { ...order, userId, practiceId };
}
