import { timestamp } from "drizzle-orm/pg-core";

// What every domain's tables share. Amounts are integer cents (VAT included); the API converts them to euros
// at its edge. Not re-exported by index.ts: drizzle's schema object holds tables only.
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
