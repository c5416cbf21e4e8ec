import type {
  CompanyData,
  DocumentCustomer,
  DocumentLine,
  DocumentSeries,
} from "@argine/core/invoice/documents";
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { orders, refunds } from "./orders.ts";

// The documents Italian law asks for when money moves (ADR 016): an invoice per paid order, a receipt per
// payment, a credit note per refund. Each is a snapshot (seller, customer, lines, totals as issued), so a
// later change of the company's data or the client's billing data never rewrites a document. Each is
// fetched by its own unguessable token (public for a year: GET /v1/orders/invoice?token=…), of which only the
// hash is kept (ADR 023).

/**
 * The last number given per series and year. Taking the next number is one `update … returning` on this row
 * inside the transaction that issues the document: concurrent issuers wait on the row lock, and a
 * transaction that rolls back gives its number back, so the numbers have no gaps.
 */
export const documentCounters = pgTable(
  "document_counters",
  {
    /** "INVOICE" or "CREDIT_NOTE": each numbered on its own. */
    series: text("series").$type<DocumentSeries>().notNull(),
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * A document's download capability (ADR 023): the SHA-256 (hex) of its token, which the API derives from the
 * document's id and DOCUMENT_LINK_KEY, so a read of the database hands out no working link. Null only for a
 * document issued before, until the next start gives it one.
 */
const tokenHash = () => text("token_hash");

/** What invoices and credit notes share: number, date, token hash and the snapshot. */
const documentColumns = () => ({
  id: uuid("id").primaryKey().defaultRandom(),
  year: integer("year").notNull(),
  number: integer("number").notNull(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
  /** The hash of the download capability, valid a year from issuedAt. */
  tokenHash: tokenHash(),
  /** The company's data as configured when issued. */
  seller: jsonb("seller").$type<CompanyData>().notNull(),
  /** The client's name, email and billing data (core BillingData) as on the order. */
  customer: jsonb("customer").$type<DocumentCustomer>().notNull(),
  /** One entry per line: description, product code, gross (VAT included), taxable, VAT, rate. */
  lines: jsonb("lines").$type<DocumentLine[]>().notNull(),
  taxableCents: integer("taxable_cents").notNull(),
  vatCents: integer("vat_cents").notNull(),
  totalCents: integer("total_cents").notNull(),
  createdAt: createdAt(),
});

export const invoices = pgTable(
  "invoices",
  {
    ...documentColumns(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /** The means of payment (a gift card is one, not a discount: ADR 015): together the total. */
    giftCardCents: integer("gift_card_cents").notNull().default(0),
    cardCents: integer("card_cents").notNull().default(0),
  },
  (t) => [
    uniqueIndex("invoices_order_key").on(t.orderId),
    uniqueIndex("invoices_number_key").on(t.year, t.number),
    uniqueIndex("invoices_token_hash_key").on(t.tokenHash),
    // The accountant's view: invoices of a period.
    index("invoices_issued_idx").on(t.issuedAt),
  ],
);

export const creditNotes = pgTable(
  "credit_notes",
  {
    ...documentColumns(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    refundId: uuid("refund_id")
      .notNull()
      .references(() => refunds.id),
  },
  (t) => [
    uniqueIndex("credit_notes_refund_key").on(t.refundId),
    uniqueIndex("credit_notes_number_key").on(t.year, t.number),
    uniqueIndex("credit_notes_token_hash_key").on(t.tokenHash),
    index("credit_notes_issued_idx").on(t.issuedAt),
    index("credit_notes_invoice_idx").on(t.invoiceId),
  ],
);

/**
 * A receipt for every payment: the order's (card, gift card) when it is paid, and one for each refund's
 * money going back. Numbered by the order it belongs to; fetched by its token like an invoice.
 */
export const receipts = pgTable(
  "receipts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /** Null for the payment's receipt; the refund's id for money given back. */
    refundId: uuid("refund_id").references(() => refunds.id),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    tokenHash: tokenHash(),
    amountCents: integer("amount_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("receipts_token_hash_key").on(t.tokenHash),
    // One payment receipt per order, one per refund.
    uniqueIndex("receipts_payment_key").on(t.orderId).where(sql`${t.refundId} is null`),
    uniqueIndex("receipts_refund_key").on(t.refundId),
  ],
);
