import type { OrderStatus } from "./orders-api.ts";

// An order's life (ADR 014): created AWAITING_PAYMENT, then exactly one of PAID (the card, a gift card or a
// campaign paid it), FAILED (the card was refused) or ABANDONED (left unpaid, or cancelled by the
// reconciliation job). The last three are final: a new attempt is a new order with a new idempotency key.
// Each move is a conditional update (`where status = 'AWAITING_PAYMENT'`), so of the browser's second call,
// the webhook and the job, exactly one wins.
// A paid order's money may go back (ADR 017): some lines (PARTIALLY_REFUNDED, again for more lines) or the
// last ones (REFUNDED, final). The lines themselves are the guard against a double refund (order_lines.refund_id).

const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  AWAITING_PAYMENT: ["PAID", "FAILED", "ABANDONED"],
  PAID: ["PARTIALLY_REFUNDED", "REFUNDED"],
  FAILED: [],
  ABANDONED: [],
  PARTIALLY_REFUNDED: ["PARTIALLY_REFUNDED", "REFUNDED"],
  REFUNDED: [],
};

/** Statuses of an order paid and not wholly given back: what a refund starts from. */
export const PAID_ORDER_STATUSES = ["PAID", "PARTIALLY_REFUNDED"] as const satisfies readonly OrderStatus[];

/**
 * Statuses of an order that was paid, even if all of it went back since: it keeps its invoice and receipt,
 * and the client's history and the lawyer's case page show it.
 */
export const SOLD_ORDER_STATUSES = [
  ...PAID_ORDER_STATUSES,
  "REFUNDED",
] as const satisfies readonly OrderStatus[];

export function wasPaid(status: OrderStatus): boolean {
  return (SOLD_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

export function canOrderTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The statuses an order may be in to move `to` this one: what a conditional update's WHERE accepts. */
export function orderStatusesBefore(to: OrderStatus): OrderStatus[] {
  return (Object.keys(TRANSITIONS) as OrderStatus[]).filter((from) => canOrderTransition(from, to));
}
