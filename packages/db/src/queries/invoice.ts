import type { DocumentSeries } from "@argine/core/invoice/documents";
import type { OrderStatus, PaymentType } from "@argine/core/orders/orders-api";
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import { users } from "../schema/identity.ts";
import { creditNotes, documentCounters, invoices } from "../schema/invoice.ts";
import { orders, payments, refunds } from "../schema/orders.ts";
import { practices } from "../schema/practices.ts";

// Money documents (issue 16): invoices, credit notes and receipts, and their numbering.

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

export type InvoiceRow = typeof invoices.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;

export type IssuedDocument =
  | { kind: "INVOICE"; document: InvoiceRow; ticketCode: string }
  | {
      kind: "CREDIT_NOTE";
      document: CreditNoteRow;
      ticketCode: string;
      invoice: Pick<InvoiceRow, "year" | "number" | "issuedAt" | "orderId">;
      /** How the money went back: the refund's card and gift-card shares. */
      refund: { cardCents: number; giftCardCents: number };
    };

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
          .select({ document: invoices, ticketCode: practices.ticketCode })
          .from(invoices)
          .innerJoin(orders, eq(orders.id, invoices.orderId))
          .innerJoin(practices, eq(practices.id, orders.practiceId))
          .where(romeBounds(invoices.issuedAt, days))
          .orderBy(asc(invoices.year), asc(invoices.number));
  const notes =
    kind === "INVOICE"
      ? []
      : await db
          .select({
            document: creditNotes,
            ticketCode: practices.ticketCode,
            invoice: {
              year: invoices.year,
              number: invoices.number,
              issuedAt: invoices.issuedAt,
              orderId: invoices.orderId,
            },
            refund: { cardCents: refunds.cardCents, giftCardCents: refunds.giftCardCents },
          })
          .from(creditNotes)
          .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
          .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
          .innerJoin(orders, eq(orders.id, invoices.orderId))
          .innerJoin(practices, eq(practices.id, orders.practiceId))
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
  page: { limit: number; offset: number },
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
  const rows = await db
    .select({
      order: orders,
      ticketCode: practices.ticketCode,
      customerEmail: users.email,
      payment: payments,
      refundedCents: sql<number>`coalesce(${refunded.cents}, 0)`,
      invoiceYear: invoices.year,
      invoiceNumber: invoices.number,
    })
    .from(orders)
    .innerJoin(practices, eq(practices.id, orders.practiceId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(refunded, eq(refunded.orderId, orders.id))
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
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
