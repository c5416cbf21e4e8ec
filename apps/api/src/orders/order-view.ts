import type { Order, OrderResponse } from "@argine/core/orders/orders-api";
import { PRACTICE_STATUS } from "@argine/core/practices/practice-status";
import { cardErrorMessage } from "@argine/core/shared/messages";
import { fromCents } from "@argine/core/shared/money";
import { listOrderDocuments, type OrderDocuments } from "@argine/db/queries/invoice";
import { listOrderLines, type OrderLineRow, type OrderRow } from "@argine/db/queries/orders";
import { findPractice } from "@argine/db/queries/practices";
import type { Deps } from "../deps.ts";
import { orderDocumentLinks } from "../invoice/invoice-service.ts";

// An order as the API answers it (core's orders-api): euros at the edge, the card's Italian error message,
// the links to its invoice, receipt and credit notes.

export function orderView(
  deps: Pick<Deps, "config">,
  order: OrderRow,
  lines: readonly OrderLineRow[],
  documents: OrderDocuments,
  practice: { ticketCode: string; status: string },
): Order {
  return {
    id: order.id,
    practiceId: order.practiceId,
    ticketCode: practice.ticketCode,
    practiceStatus: PRACTICE_STATUS.schema.parse(practice.status),
    status: order.status,
    paymentType: order.paymentType,
    lines: lines
      .filter((line) => line.orderId === order.id)
      .map((line) => ({
        productCode: line.productCode,
        name: line.name,
        price: fromCents(line.priceCents),
        discountedPrice: fromCents(line.discountedPriceCents),
        campaignDiscount: fromCents(line.campaignCents),
        voucherDiscount: fromCents(line.voucherCents),
        finalPrice: fromCents(line.finalPriceCents),
        vatRate: line.vatRate,
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
    ...orderDocumentLinks(deps.config.publicUrl, documents, order.id),
  };
}

/** The paid order as POST /v1/orders answers it, with its practice as it now is (OPEN). */
export async function paidAnswer(deps: Deps, order: OrderRow): Promise<OrderResponse> {
  const practice = await findPractice(deps.db, order.practiceId);
  if (!practice) throw new Error(`order ${order.id} without its practice`);
  const lines = await listOrderLines(deps.db, [order.id]);
  const documents = await listOrderDocuments(deps.db, [order.id]);
  return {
    order: orderView(deps, order, lines, documents, practice),
    requires_action: false,
    payment_intent_client_secret: null,
  };
}
