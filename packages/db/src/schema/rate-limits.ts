import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";

/**
 * The per-route request limits' counters when several API processes share them (ADR 032): one row a key
 * (route and caller), counting the calls of the window that ends at `resetsAt`.
 */
export const rateLimitCounts = pgTable("rate_limit_counts", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  resetsAt: timestamptz("resets_at").notNull(),
});
