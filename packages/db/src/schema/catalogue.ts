import type { ProductCode } from "@argine/core/catalogue/product";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, updatedAt } from "./columns.ts";
import { users } from "./identity.ts";

// What is sold, and the campaigns, vouchers and gift cards that pay for part of it.

export const products = pgTable("products", {
  code: text("code").$type<ProductCode>().primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  priceCents: integer("price_cents").notNull(),
  discountedPriceCents: integer("discounted_price_cents").notNull(),
  /** VAT rate in percent, already included in the prices. */
  vatRate: integer("vat_rate").notNull().default(22),
  sortOrder: integer("sort_order").notNull(),
  active: boolean("active").notNull().default(true),
  updatedAt: updatedAt(),
});

export const campaigns = pgTable(
  "campaigns",
  {
    id: id(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    sponsor: text("sponsor").notNull(),
    coveragePercent: integer("coverage_percent").notNull(),
    maxAmountCents: integer("max_amount_cents"),
    /** What the sponsor has left to spend, taken atomically by each paid order; null is no limit. */
    budgetCents: integer("budget_cents"),
    productCodes: text("product_codes").array().$type<ProductCode[]>().notNull().default(sql`'{}'::text[]`),
    minAmountCents: integer("min_amount_cents").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
    startsAt: timestamptz("starts_at"),
    endsAt: timestamptz("ends_at"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("campaigns_code_key").on(t.code),
    check("campaigns_coverage_check", sql`${t.coveragePercent} between 0 and 100`),
    check("campaigns_budget_check", sql`${t.budgetCents} >= 0`),
  ],
);

export const vouchers = pgTable(
  "vouchers",
  {
    id: id(),
    code: text("code").notNull(),
    /** Percent of the discounted price (spec §9); null means the spec's default of 1. */
    discountAmount: integer("discount_amount"),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    expiresAt: timestamptz("expires_at"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("vouchers_code_key").on(t.code)],
);

export const giftCards = pgTable(
  "gift_cards",
  {
    id: id(),
    code: text("code").notNull(),
    /** The promo it was requested with (spec §3 "promo"), if any. */
    promo: text("promo"),
    amountCents: integer("amount_cents").notNull(),
    balanceCents: integer("balance_cents").notNull(),
    productCodes: text("product_codes").array().$type<ProductCode[]>().notNull().default(sql`'{}'::text[]`),
    assignedUserId: uuid("assigned_user_id").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamptz("expires_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gift_cards_code_key").on(t.code),
    // A promo gift card is one per account (spec §9).
    uniqueIndex("gift_cards_promo_user_key").on(t.promo, t.assignedUserId).where(sql`${t.promo} is not null`),
    // GET /v1/giftcard/user/assigned/{id}: a user's cards.
    index("gift_cards_assigned_user_idx").on(t.assignedUserId),
    check("gift_cards_balance_check", sql`${t.balanceCents} between 0 and ${t.amountCents}`),
  ],
);
