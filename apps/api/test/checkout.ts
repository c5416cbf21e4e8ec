import type { Db } from "@argine/db/client";
import { orders, practices, services } from "@argine/db/schema";
import { eq } from "drizzle-orm";

// What the payment providers' checkout tests share: the billing data a checkout sends, and what a practice
// with one order has become (its order's and its own status, the services it was given).

export const BILLING = {
  taxCode: "RSSMRA85T10A562S",
  address: "Via Roma 1",
  zip: "00184",
  city: "Roma",
  province: "RM",
  country: "IT",
};

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
