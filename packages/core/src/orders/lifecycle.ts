import type { OrderStatus } from "./orders-api.ts";

// An order's life (ADR 014): created AWAITING_PAYMENT, then exactly one of PAID (the card, a gift card or a
// campaign paid it), FAILED (the card was refused) or ABANDONED (left unpaid, or cancelled by the
// reconciliation job). The last three are final: a new attempt is a new order with a new idempotency key.
// Each move is a conditional update (`where status = 'AWAITING_PAYMENT'`), so of the browser's second call,
// the webhook and the job, exactly one wins.

const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  AWAITING_PAYMENT: ["PAID", "FAILED", "ABANDONED"],
  PAID: [],
  FAILED: [],
  ABANDONED: [],
};

export function canOrderTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The statuses an order may be in to move `to` this one: what a conditional update's WHERE accepts. */
export function orderStatusesBefore(to: OrderStatus): OrderStatus[] {
  return (Object.keys(TRANSITIONS) as OrderStatus[]).filter((from) => canOrderTransition(from, to));
}
