import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns.ts";
import { users } from "./identity.ts";

// A client's billing data (core billing/), saved with each order; the money documents keep their own copy
// as issued (invoice.ts).

/** Billing data (spec §3 "Billing data"), one row per user. */
export const billingProfiles = pgTable("billing_profiles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  taxCode: text("tax_code").notNull(),
  address: text("address").notNull(),
  cap: text("cap").notNull(),
  city: text("city").notNull(),
  province: text("province"),
  country: text("country").notNull().default("IT"),
  updatedAt: updatedAt(),
});
