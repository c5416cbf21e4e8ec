import { SOLD_ORDER_STATUSES } from "@argine/core/orders/lifecycle";
import type { RefundReason, RefundStatus } from "@argine/core/orders/refunds";
import type { ServiceType } from "@argine/core/services/service-type";
import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Db } from "../client.ts";
import { orderLines, orders, refunds } from "../schema/orders.ts";
import { services } from "../schema/services.ts";
import type { OrderLineRow, OrderRow } from "./orders.ts";

// Refunds (ADR 017): a refund row PENDING first, its lines claimed by a conditional update (a line is
// refunded once, whoever asks at the same time), then the provider, then SUCCEEDED with what follows in
// one transaction: the gift card's balance, the services cancelled, the credit note and the receipt.

export type RefundRow = typeof refunds.$inferSelect;

export async function findRefund(db: Db, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

/** A new PENDING refund; undefined when a refund with this id (the caller's idempotency key) exists. */
export async function insertRefund(
  tx: Db,
  refund: {
    id: string;
    orderId: string;
    reason: RefundReason;
    note: string | null;
    amountCents: number;
    cardCents: number;
    giftCardCents: number;
    requestedBy: string;
    at: Date;
  },
): Promise<RefundRow | undefined> {
  const { at, ...values } = refund;
  const [row] = await tx
    .insert(refunds)
    .values({ ...values, status: "PENDING", createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: refunds.id })
    .returning();
  return row;
}

/**
 * Points the order's lines `codes` at the refund, each only if no refund has it yet (`refund_id is null`,
 * on the primary key's rows): a concurrent refund of the same line waits for the row lock, then finds it
 * taken. Returns the lines claimed; fewer than asked means some were already refunded.
 */
export function claimOrderLines(
  tx: Db,
  orderId: string,
  codes: readonly string[],
  refundId: string,
): Promise<OrderLineRow[]> {
  return tx
    .update(orderLines)
    .set({ refundId })
    .where(
      and(
        eq(orderLines.orderId, orderId),
        inArray(orderLines.productCode, [...codes] as OrderLineRow["productCode"][]),
        isNull(orderLines.refundId),
      ),
    )
    .returning();
}

/**
 * Ends a refund the provider answered for: SUCCEEDED once (from PENDING or a FAILED attempt), so whoever
 * comes second gets undefined and does not give the gift card's share back twice. FAILED only from PENDING.
 */
export async function endRefund(
  tx: Db,
  id: string,
  to: Exclude<RefundStatus, "PENDING">,
  at: Date,
  providerRefundId: string | null = null,
): Promise<RefundRow | undefined> {
  const from: RefundStatus[] = to === "SUCCEEDED" ? ["PENDING", "FAILED"] : ["PENDING"];
  const [row] = await tx
    .update(refunds)
    .set({ status: to, updatedAt: at, ...(providerRefundId ? { providerRefundId } : {}) })
    .where(and(eq(refunds.id, id), inArray(refunds.status, from)))
    .returning();
  return row;
}

/** These orders' refunds not SUCCEEDED yet (refunds_order_idx): their lines are claimed, their money not back. */
export function listUnconfirmedRefunds(db: Db, orderIds: readonly string[]): Promise<{ id: string }[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(inArray(refunds.orderId, [...orderIds]), ne(refunds.status, "SUCCEEDED")));
}

/** The practice's services of these types, not cancelled yet, CANCELLED (services_practice_idx). */
export async function cancelPracticeServices(
  tx: Db,
  practiceId: string,
  types: readonly ServiceType[],
  at: Date,
): Promise<void> {
  if (!types.length) return;
  await tx
    .update(services)
    .set({ status: "CANCELLED", updatedAt: at })
    .where(
      and(
        eq(services.practiceId, practiceId),
        inArray(services.serviceType, [...types]),
        ne(services.status, "CANCELLED"),
      ),
    );
}

/**
 * The statuses of the practice's services of these types (services_practice_idx), their rows locked until
 * the caller's transaction ends: a status change made meanwhile waits for it, and one made just before is
 * the one read, so what the caller decides from them stays true until it commits.
 */
export function lockPracticeServiceStatuses(
  tx: Db,
  practiceId: string,
  types: readonly ServiceType[],
): Promise<{ serviceType: ServiceType; status: string }[]> {
  if (!types.length) return Promise.resolve([]);
  return tx
    .select({ serviceType: services.serviceType, status: services.status })
    .from(services)
    .where(and(eq(services.practiceId, practiceId), inArray(services.serviceType, [...types])))
    .for("update");
}

/**
 * The services of these practices with their status: what decides which paid lines the client may still
 * withdraw from (core `lineWithdrawable`), shown with the orders.
 */
export function listServiceStatusesOf(
  db: Db,
  practiceIds: readonly string[],
): Promise<{ practiceId: string; serviceType: ServiceType; status: string }[]> {
  if (!practiceIds.length) return Promise.resolve([]);
  return db
    .select({ practiceId: services.practiceId, serviceType: services.serviceType, status: services.status })
    .from(services)
    .where(inArray(services.practiceId, [...new Set(practiceIds)]));
}

/** The practice's paid (and refunded) orders, oldest first (orders_practice_idx). */
export function listPracticePaidOrders(db: Db, practiceId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.practiceId, practiceId), inArray(orders.status, [...SOLD_ORDER_STATUSES])))
    .orderBy(asc(orders.createdAt));
}
