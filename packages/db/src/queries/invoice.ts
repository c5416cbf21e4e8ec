import type { DocumentSeries } from "@argine/core/invoice/documents";
import type { OrderStatus, PaymentType } from "@argine/core/orders/orders-api";
import { and, asc, count, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import { users } from "../schema/identity.ts";
import { creditNotes, documentCounters, invoices, receipts } from "../schema/invoice.ts";
import { orders, payments, refunds } from "../schema/orders.ts";
import { practices } from "../schema/practices.ts";
import type { OrderRow } from "./orders.ts";
import { newestFirst, type Page } from "./paging.ts";

// Money documents (ADR 016): invoices, credit notes and receipts, and their numbering.

/**
 * The next number of a series in a year, in the caller's transaction (the one that stores the document).
 * An upsert on the counter's row (`document_counters` primary key): concurrent callers wait for its row
 * lock, and a transaction that rolls back gives its number back, so numbers are unique and have no gaps.
 */
export async function nextDocumentNumber(tx: Db, series: DocumentSeries, year: number): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.year],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ number: documentCounters.lastNumber });
  if (!row) throw new Error("document counter not moved");
  return row.number;
}

// ─── The accountant's view ───────────────────────────────────────────────────────────────────────────────

/** A period of Italian calendar days, both included ("2026-11-01" … "2026-11-30"). */
export interface RomeDays {
  from: string;
  to: string;
}

/** The instants a period of Rome days covers: from its first midnight to the midnight after its last day. */
function romeBounds(column: AnyPgColumn, days: RomeDays): SQL {
  return sql`${column} >= (${days.from}::date)::timestamp at time zone 'Europe/Rome'
    and ${column} < (${days.to}::date + 1)::timestamp at time zone 'Europe/Rome'`;
}

/** An invoice, or a credit note with the invoice it corrects and how its refund went back. */
export type StoredDocument =
  | { kind: "INVOICE"; invoice: InvoiceRow }
  | { kind: "CREDIT_NOTE"; creditNote: CreditNoteRow; invoice: InvoiceRow; refund: RefundShares };

/**
 * An erased account's documents stay (ADR 037) without their practice and person: the accountant's view shows
 * these in their place.
 */
const ERASED_TICKET = "—";
const ERASED_EMAIL = "account eliminato";
const ticketCodeOrErased = sql<string>`coalesce(${practices.ticketCode}, ${ERASED_TICKET})`;

/** A stored document and its practice's code: a row of the accountant's view. */
export type IssuedDocument = StoredDocument & { ticketCode: string };

/**
 * Every invoice and credit note issued in the period, in the order they were numbered (invoices_issued_idx,
 * credit_notes_issued_idx): the accountant's list and exports.
 */
export async function listDocumentsIssued(
  db: Db,
  days: RomeDays,
  kind?: "INVOICE" | "CREDIT_NOTE",
): Promise<IssuedDocument[]> {
  const issuedInvoices =
    kind === "CREDIT_NOTE"
      ? []
      : await db
          .select({ invoice: invoices, ticketCode: ticketCodeOrErased })
          .from(invoices)
          .innerJoin(orders, eq(orders.id, invoices.orderId))
          .leftJoin(practices, eq(practices.id, orders.practiceId))
          .where(romeBounds(invoices.issuedAt, days))
          .orderBy(asc(invoices.year), asc(invoices.number));
  const notes =
    kind === "INVOICE"
      ? []
      : await db
          .select({
            creditNote: creditNotes,
            ticketCode: ticketCodeOrErased,
            invoice: invoices,
            refund: { cardCents: refunds.cardCents, giftCardCents: refunds.giftCardCents },
          })
          .from(creditNotes)
          .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
          .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
          .innerJoin(orders, eq(orders.id, invoices.orderId))
          .leftJoin(practices, eq(practices.id, orders.practiceId))
          .where(romeBounds(creditNotes.issuedAt, days))
          .orderBy(asc(creditNotes.year), asc(creditNotes.number));
  return [
    ...issuedInvoices.map((row) => ({ kind: "INVOICE" as const, ...row })),
    ...notes.map((row) => ({ kind: "CREDIT_NOTE" as const, ...row })),
  ];
}

export interface AccountsOrderRow {
  order: typeof orders.$inferSelect;
  ticketCode: string;
  customerEmail: string;
  payment: typeof payments.$inferSelect | null;
  refundedCents: number;
  invoice: Pick<InvoiceRow, "year" | "number"> | null;
}

/**
 * A page of every user's orders created in the period, newest first (orders_created_idx), with the card
 * payment, what refunds gave back and the invoice's number.
 */
export async function listOrdersForAccounts(
  db: Db,
  filter: RomeDays & { status?: OrderStatus; paymentType?: PaymentType },
  page: Page,
): Promise<{ total: number; data: AccountsOrderRow[] }> {
  const where = and(
    romeBounds(orders.createdAt, filter),
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.paymentType ? eq(orders.paymentType, filter.paymentType) : undefined,
  );
  const [totalRow] = await db.select({ n: count() }).from(orders).where(where);
  const refunded = db
    .select({
      orderId: refunds.orderId,
      cents: sql<number>`sum(${refunds.amountCents})::int`.as("cents"),
    })
    .from(refunds)
    .where(eq(refunds.status, "SUCCEEDED"))
    .groupBy(refunds.orderId)
    .as("refunded");
  const rows = await newestFirst(
    db
      .select({
        order: orders,
        ticketCode: ticketCodeOrErased,
        customerEmail: sql<string>`coalesce(${users.email}, ${ERASED_EMAIL})`,
        payment: payments,
        refundedCents: sql<number>`coalesce(${refunded.cents}, 0)`,
        invoiceYear: invoices.year,
        invoiceNumber: invoices.number,
      })
      .from(orders)
      .leftJoin(practices, eq(practices.id, orders.practiceId))
      .leftJoin(users, eq(users.id, orders.userId))
      .leftJoin(payments, eq(payments.orderId, orders.id))
      .leftJoin(refunded, eq(refunded.orderId, orders.id))
      .leftJoin(invoices, eq(invoices.orderId, orders.id))
      .where(where)
      .$dynamic(),
    orders,
    page,
  );
  return {
    total: totalRow?.n ?? 0,
    data: rows.map(({ invoiceYear, invoiceNumber, refundedCents, ...row }) => ({
      ...row,
      refundedCents: Number(refundedCents),
      invoice:
        invoiceYear !== null && invoiceNumber !== null ? { year: invoiceYear, number: invoiceNumber } : null,
    })),
  };
}

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Omit<typeof invoices.$inferInsert, "createdAt">;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type ReceiptRow = typeof receipts.$inferSelect;
export type NewReceipt = Omit<typeof receipts.$inferInsert, "createdAt">;

/** Stores an invoice, in the transaction that took its number (invoices_order_key: one per order). */
export async function insertInvoice(tx: Db, invoice: NewInvoice): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(invoice).returning();
  if (!row) throw new Error("invoice not stored");
  return row;
}

/** Stores a credit note, in the transaction that took its number (credit_notes_refund_key: one per refund). */
export async function insertCreditNote(
  tx: Db,
  note: Omit<typeof creditNotes.$inferInsert, "createdAt">,
): Promise<CreditNoteRow> {
  const [row] = await tx.insert(creditNotes).values(note).returning();
  if (!row) throw new Error("credit note not stored");
  return row;
}

/** Stores a receipt (receipts_payment_key: one for an order's payment; receipts_refund_key: one a refund). */
export async function insertReceipt(tx: Db, receipt: NewReceipt): Promise<ReceiptRow> {
  const [row] = await tx.insert(receipts).values(receipt).returning();
  if (!row) throw new Error("receipt not stored");
  return row;
}

/**
 * The invoice a download link names, by its token's hash (invoices_token_hash_key), while its order still has
 * its account: an erased account's documents are read by the admins only (ADR 037).
 */
export async function findInvoiceByTokenHash(db: Db, tokenHash: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.tokenHash, tokenHash), isNotNull(orders.userId)));
  return row?.invoice;
}

/** The invoice of an order (invoices_order_key). */
export async function findInvoiceOfOrder(db: Db, orderId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row;
}

/** How a refund's money went back: its card and gift-card shares. */
export type RefundShares = { cardCents: number; giftCardCents: number };

/**
 * A credit note by its link's hash (credit_notes_token_hash_key), with the invoice it corrects and the refund
 * it documents (their primary keys).
 */
export async function findCreditNoteByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<{ creditNote: CreditNoteRow; invoice: InvoiceRow; refund: RefundShares } | undefined> {
  const [row] = await db
    .select({
      creditNote: creditNotes,
      invoice: invoices,
      refund: { cardCents: refunds.cardCents, giftCardCents: refunds.giftCardCents },
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
    // An erased account's credit notes are the admins' only (ADR 037).
    .innerJoin(orders, and(eq(orders.id, invoices.orderId), isNotNull(orders.userId)))
    .where(eq(creditNotes.tokenHash, tokenHash));
  return row;
}

/**
 * A receipt by its link's hash (receipts_token_hash_key), with its order, the practice's number and, for
 * money given back, the refund (primary keys).
 */
export async function findReceiptByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<
  { receipt: ReceiptRow; order: OrderRow; ticketCode: string; refund: RefundShares | null } | undefined
> {
  const [row] = await db
    .select({
      receipt: receipts,
      order: orders,
      ticketCode: practices.ticketCode,
      refund: { cardCents: refunds.cardCents, giftCardCents: refunds.giftCardCents },
    })
    .from(receipts)
    .innerJoin(orders, eq(orders.id, receipts.orderId))
    .innerJoin(practices, eq(practices.id, orders.practiceId))
    .leftJoin(refunds, eq(refunds.id, receipts.refundId))
    .where(eq(receipts.tokenHash, tokenHash));
  return row;
}

/** What the orders page links to: an order's documents, by their numbers and ids (a link is made from its id). */
export interface OrderDocuments {
  invoices: Pick<InvoiceRow, "id" | "orderId" | "year" | "number">[];
  /** The payments' receipts (not the refunds'). */
  receipts: Pick<ReceiptRow, "id" | "orderId">[];
  creditNotes: (Pick<CreditNoteRow, "id" | "year" | "number" | "issuedAt"> & { orderId: string })[];
}

/** The documents of a page of orders, three reads whatever the page's size. */
export async function listOrderDocuments(db: Db, orderIds: readonly string[]): Promise<OrderDocuments> {
  if (!orderIds.length) return { invoices: [], receipts: [], creditNotes: [] };
  const ids = [...orderIds];
  const [invoiceRows, receiptRows, creditNoteRows] = await Promise.all([
    // invoices_order_key.
    db
      .select({ id: invoices.id, orderId: invoices.orderId, year: invoices.year, number: invoices.number })
      .from(invoices)
      .where(inArray(invoices.orderId, ids)),
    // receipts_payment_key (partial: refund_id is null).
    db
      .select({ id: receipts.id, orderId: receipts.orderId })
      .from(receipts)
      .where(and(inArray(receipts.orderId, ids), isNull(receipts.refundId))),
    // invoices_order_key, then credit_notes_invoice_idx.
    db
      .select({
        id: creditNotes.id,
        orderId: invoices.orderId,
        year: creditNotes.year,
        number: creditNotes.number,
        issuedAt: creditNotes.issuedAt,
      })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .where(inArray(invoices.orderId, ids))
      .orderBy(asc(creditNotes.issuedAt)),
  ]);
  return { invoices: invoiceRows, receipts: receiptRows, creditNotes: creditNoteRows };
}

/** The three kinds of document fetched by a link of their own. */
export type LinkedDocument = "invoice" | "receipt" | "creditNote";

const LINKED_TABLES = { invoice: invoices, receipt: receipts, creditNote: creditNotes } as const;

/** The documents without a token hash yet: issued while links were stored in clear (ADR 023). */
export async function documentsWithoutTokenHash(db: Db): Promise<{ kind: LinkedDocument; id: string }[]> {
  const kinds = Object.keys(LINKED_TABLES) as LinkedDocument[];
  const found = await Promise.all(
    kinds.map(async (kind) => {
      const table = LINKED_TABLES[kind];
      const rows = await db.select({ id: table.id }).from(table).where(isNull(table.tokenHash));
      return rows.map(({ id }) => ({ kind, id }));
    }),
  );
  return found.flat();
}

/** Gives a document its token's hash, unless it has one already. */
export async function setDocumentTokenHash(
  db: Db,
  kind: LinkedDocument,
  id: string,
  tokenHash: string,
): Promise<void> {
  const table = LINKED_TABLES[kind];
  await db
    .update(table)
    .set({ tokenHash })
    .where(and(eq(table.id, id), isNull(table.tokenHash)));
}
