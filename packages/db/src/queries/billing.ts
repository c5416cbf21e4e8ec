import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { billingProfiles } from "../schema/billing.ts";

// A client's billing data (core billing/): one row per user, written by the profile and by each order.

export type BillingRow = typeof billingProfiles.$inferSelect;

export async function findBilling(db: Db, userId: string): Promise<BillingRow | undefined> {
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId));
  return row;
}

export async function upsertBilling(db: Db, billing: Omit<BillingRow, "updatedAt">): Promise<void> {
  const { userId, ...fields } = billing;
  await db
    .insert(billingProfiles)
    .values(billing)
    .onConflictDoUpdate({ target: billingProfiles.userId, set: { ...fields, updatedAt: new Date() } });
}
