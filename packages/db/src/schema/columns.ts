import { timestamp, uuid } from "drizzle-orm/pg-core";

// What every domain's tables share. Amounts are integer cents (VAT included); the API converts them to euros
// at its edge. Not re-exported by index.ts: drizzle's schema object holds tables only.

/** A table's own key: a random UUID. */
export const id = () => uuid("id").primaryKey().defaultRandom();

/** A moment: every instant is stored with its time zone (timestamptz), microseconds unless `precision` says. */
export const timestamptz = <TName extends string>(
  name: TName,
  config: { precision?: 0 | 1 | 2 | 3 | 4 | 5 | 6 } = {},
) => timestamp(name, { withTimezone: true, ...config });

export const createdAt = () => timestamptz("created_at").notNull().defaultNow();
export const updatedAt = () => timestamptz("updated_at").notNull().defaultNow();
