import { randomUUID } from "node:crypto";
import { type OrderCreateBody, OrderCreateBodySchema } from "@argine/core/orders/orders-api";
import type { Db } from "@argine/db/client";
import { orders, practices, services } from "@argine/db/schema";
import { eq } from "drizzle-orm";

// What the shop's, the payment providers' and the money documents' tests check out with: one client's billing
// data (a valid codice fiscale, an address in Rome), a checkout's body around it, and what a practice with one
// order has become.

export const TEST_BILLING: OrderCreateBody["invoice"] = {
  taxCode: "RSSMRA85T10A562S",
  address: "Via Roma 1",
  zip: "00184",
  city: "Roma",
  province: "RM",
  country: "IT",
};

/** POST /v1/orders's body for the practice's `items`, a new attempt each time, with `extra` fields. */
export const checkoutBody = (practiceId: string, items: string[], extra: Record<string, unknown> = {}) =>
  OrderCreateBodySchema.parse({
    practiceId,
    items,
    invoice: TEST_BILLING,
    salesConditionsAccepted: true,
    withdrawalWaiverAccepted: true,
    idempotencyKey: randomUUID(),
    ...extra,
  });

/** An order's status and its practice's, for a practice with one order. */
export async function statuses(db: Db, practiceId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.practiceId, practiceId));
  const [practice] = await db.select().from(practices).where(eq(practices.id, practiceId));
  return [order?.status, practice?.status];
}

/** The practice's service rows, by type. */
export async function servicesOf(db: Db, practiceId: string) {
  const rows = await db.select().from(services).where(eq(services.practiceId, practiceId));
  return rows.map((r) => r.serviceType).sort();
}
