import { orderStatusesBefore, SOLD_ORDER_STATUSES } from "@argine/core/orders/lifecycle";
import type { OrderStatus } from "@argine/core/orders/orders-api";
import type { ServiceType } from "@argine/core/services/service-type";
import { and, asc, count, eq, inArray, lt, lte, ne, notExists } from "drizzle-orm";
import type { Db } from "../client.ts";
import { orderLines, orders, paymentEvents, payments } from "../schema/orders.ts";
import { practices } from "../schema/practices.ts";
import { services } from "../schema/services.ts";
import { newestFirst, type Page } from "./paging.ts";

// The shop's orders (ADR 014): one per checkout attempt, its lines a snapshot of what was sold at which
// price, the card payment behind it and the provider's events already handled. Every change of status is
// a conditional update from AWAITING_PAYMENT, so the browser, the webhook and the job cannot both win.

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Omit<
  typeof orders.$inferInsert,
  "id" | "status" | "createdAt" | "updatedAt" | "paidAt"
>;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLine = Omit<OrderLineRow, "orderId" | "refundId">;
export type PaymentRow = typeof payments.$inferSelect;

/**
 * Inserts the order and its lines, unless this user already made an order with this idempotency key
 * (orders_user_idempotency_key decides, race-free): undefined then, and nothing is written.
 */
export async function insertOrder(
  db: Db,
  order: NewOrder & { createdAt: Date },
  lines: readonly NewOrderLine[],
): Promise<OrderRow | undefined> {
  const [row] = await db
    .insert(orders)
    .values({ ...order, updatedAt: order.createdAt })
    .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
    .returning();
  if (row && lines.length) await db.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: row.id })));
  return row;
}

/** The user's order of this checkout attempt (orders_user_idempotency_key). */
export async function findOrderByKey(
  db: Db,
  userId: string,
  idempotencyKey: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  return row;
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export function listOrderLines(db: Db, orderIds: readonly string[]): Promise<OrderLineRow[]> {
  if (!orderIds.length) return Promise.resolve([]);
  // The primary key (order_id, product_code) leads with the order.
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.position));
}

/**
 * Moves the order `to` a status if core's lifecycle table allows it from the order's status (PAID, FAILED
 * or ABANDONED from AWAITING_PAYMENT; the refunded ones from PAID): undefined when another caller moved it first.
 */
export async function settleOrder(
  db: Db,
  id: string,
  to: Exclude<OrderStatus, "AWAITING_PAYMENT">,
  at: Date,
  errorCode: string | null = null,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: to, updatedAt: at, errorCode, ...(to === "PAID" ? { paidAt: at } : {}) })
    .where(and(eq(orders.id, id), inArray(orders.status, orderStatusesBefore(to))))
    .returning();
  return row;
}

/**
 * Takes over the provider call of an order still awaiting its payment with none recorded (the call that
 * created it never answered: its process died, or it still runs), when that call, or the last one taken
 * over, began at or before `lapsedBefore`. While an order has no payment its `updated_at` is when its
 * provider call began (its creation, then each take-over), so of two retries at once one takes it; the
 * order as now, or undefined when it is not due or no longer waits.
 */
export async function claimProviderCall(
  db: Db,
  id: string,
  at: Date,
  lapsedBefore: Date,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ updatedAt: at })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.status, "AWAITING_PAYMENT"),
        lte(orders.updatedAt, lapsedBefore),
        notExists(db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orders.id))),
      ),
    )
    .returning();
  return row;
}

/** Whether another order of the practice still awaits its payment (orders_practice_idx). */
export async function otherOrderAwaiting(db: Db, practiceId: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.practiceId, practiceId), eq(orders.status, "AWAITING_PAYMENT"), ne(orders.id, exceptId)),
    )
    .limit(1);
  return Boolean(row);
}

/** The practice's orders still awaiting their payment, oldest first (orders_practice_idx). */
export function awaitingOrdersOfPractice(db: Db, practiceId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.practiceId, practiceId), eq(orders.status, "AWAITING_PAYMENT")))
    .orderBy(asc(orders.createdAt));
}

/** Orders still awaiting their payment created before `before`, oldest first (orders_awaiting_idx). */
export function ordersAwaitingSince(db: Db, before: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, "AWAITING_PAYMENT"), lt(orders.createdAt, before)))
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

export type UserOrderRow = OrderRow & { ticketCode: string; practiceStatus: string };

/** A page of the user's orders, newest first, with the practice's code (orders_user_created_idx). */
export async function listUserOrders(
  db: Db,
  userId: string,
  page: Page,
): Promise<{ total: number; data: UserOrderRow[] }> {
  // What was bought (refunded or not), or is being paid: a refused or abandoned attempt bought nothing and
  // stays out of the history (it stays in the table for support and the reconciliation).
  const shown = and(
    eq(orders.userId, userId),
    inArray(orders.status, [...SOLD_ORDER_STATUSES, "AWAITING_PAYMENT"]),
  );
  const [totalRow] = await db.select({ n: count() }).from(orders).where(shown);
  const rows = await newestFirst(
    db
      .select({ order: orders, ticketCode: practices.ticketCode, practiceStatus: practices.status })
      .from(orders)
      .innerJoin(practices, eq(practices.id, orders.practiceId))
      .where(shown)
      .$dynamic(),
    orders,
    page,
  );
  return {
    total: totalRow?.n ?? 0,
    data: rows.map((r) => ({ ...r.order, ticketCode: r.ticketCode, practiceStatus: r.practiceStatus })),
  };
}

// ─── Payments and the provider's events ──────────────────────────────────────────────────────────────────

/** The order's card payment, once its intent exists (payments_order_key: one per order). */
export async function recordPayment(
  db: Db,
  payment: Pick<PaymentRow, "orderId" | "provider" | "intentId" | "amountCents" | "status" | "errorCode">,
  at: Date,
): Promise<void> {
  await db
    .insert(payments)
    .values({ ...payment, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: payments.orderId,
      set: { status: payment.status, errorCode: payment.errorCode, updatedAt: at },
    });
}

export async function findPaymentOfOrder(db: Db, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return row;
}

/** The payment of a provider's intent (payments_provider_intent_key). */
export async function findPaymentByIntent(
  db: Db,
  provider: string,
  intentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.intentId, intentId)));
  return row;
}

/** Whether a webhook event was handled already (the primary key). */
export async function paymentEventRecorded(db: Db, provider: string, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ eventId: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
  return Boolean(row);
}

/** Records a handled webhook event; a redelivery handled at the same time records nothing more. */
export async function recordPaymentEvent(
  db: Db,
  event: { provider: string; eventId: string; type: string },
): Promise<void> {
  await db.insert(paymentEvents).values(event).onConflictDoNothing();
}

/** The service rows a paid order creates on its practice. */
export async function addPracticeServices(
  db: Db,
  practiceId: string,
  types: readonly ServiceType[],
  at: Date,
): Promise<void> {
  if (!types.length) return;
  await db
    .insert(services)
    .values(types.map((serviceType) => ({ practiceId, serviceType, createdAt: at, updatedAt: at })));
}
