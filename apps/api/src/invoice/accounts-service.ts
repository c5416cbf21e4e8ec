import type {
  AccountsDocument,
  AccountsDocumentsQuery,
  AccountsOrdersQuery,
  AccountsPeriod,
} from "@argine/core/invoice/accounts-api";
import { ACCOUNTS_DOCUMENT_KIND, accountsExportFileName } from "@argine/core/invoice/accounts-api";
import { documentNumber } from "@argine/core/invoice/documents";
import { formatShortItalianDay, romeCalendarDay } from "@argine/core/shared/calendar";
import { fromCents } from "@argine/core/shared/money";
import { pageWindow } from "@argine/core/shared/paging";
import { type IssuedDocument, listDocumentsIssued, listOrdersForAccounts } from "@argine/db/queries/invoice";
import { strToU8, zipSync } from "fflate";
import type { Deps } from "../deps.ts";
import { fatturaPaFileOf, moneyDocumentOf } from "./invoice-service.ts";

// The accountant's view (admins only, invoice/policy.ts): the orders of a period with their
// payments, its invoices and credit notes, and the period's exports. The exports read the same rows as the
// list, so the files hold exactly the documents the page shows.

function toAccountsDocument(issued: IssuedDocument): AccountsDocument {
  const document = moneyDocumentOf(issued);
  const stored = issued.kind === "INVOICE" ? issued.invoice : issued.creditNote;
  return {
    id: stored.id,
    kind: issued.kind,
    number: document.number,
    issuedAt: document.issuedAt.toISOString(),
    customerName: document.customer.name,
    taxCode: document.customer.billing.taxCode,
    taxable: fromCents(stored.taxableCents),
    vat: fromCents(stored.vatCents),
    total: fromCents(document.totalCents),
    cardAmount: fromCents(document.cardCents),
    giftCardAmount: fromCents(document.giftCardCents),
    invoiceNumber: document.relatedInvoice?.number ?? null,
    orderId: issued.invoice.orderId,
    ticketCode: issued.ticketCode,
  };
}

export async function listAccountsDocuments(
  deps: Deps,
  query: AccountsDocumentsQuery,
): Promise<AccountsDocument[]> {
  const issued = await listDocumentsIssued(deps.db, query, query.kind);
  return issued.map(toAccountsDocument);
}

export async function listAccountsOrders(deps: Deps, query: AccountsOrdersQuery) {
  const { total, data } = await listOrdersForAccounts(deps.db, query, pageWindow(query));
  return {
    total,
    data: data.map(({ order, ticketCode, customerEmail, payment, refundedCents, invoice }) => ({
      id: order.id,
      ticketCode,
      customerEmail,
      status: order.status,
      paymentType: order.paymentType,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      amount: fromCents(order.amountCents),
      cardAmount: fromCents(order.cardCents),
      giftCardAmount: fromCents(order.giftCardCents),
      campaignDiscount: fromCents(order.campaignCents),
      refunded: fromCents(refundedCents),
      payment: payment && {
        provider: payment.provider,
        intentId: payment.intentId,
        status: payment.status,
        errorCode: payment.errorCode,
      },
      invoiceNumber: invoice && documentNumber("INVOICE", invoice.year, invoice.number),
    })),
  };
}

// ─── Exports ─────────────────────────────────────────────────────────────────────────────────────────────

const CSV_COLUMNS = [
  "Tipo",
  "Numero",
  "Data",
  "Fattura collegata",
  "Cliente",
  "Codice fiscale",
  "Indirizzo",
  "CAP",
  "Città",
  "Provincia",
  "Paese",
  "Imponibile",
  "IVA",
  "Totale",
  "Pagato con carta",
  "Pagato con gift card",
  "Pratica",
  "Ordine",
] as const;

/**
 * An amount cell: cents as a spreadsheet reads them in Italy, "1234,50", a credit note's negative ("-99,00").
 * Only digits, a comma and our own minus: a spreadsheet reads it as a number, never as a formula, so it is
 * the one kind of cell left as it is (ADR 023).
 */
function csvAmount(cents: number, sign: 1 | -1): CsvCell {
  const value = sign * cents;
  const abs = Math.abs(value);
  return { amount: `${value < 0 ? "-" : ""}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, "0")}` };
}

/** A cell: a text (anything a client typed among them), or an amount we wrote (csvAmount). */
type CsvCell = string | { amount: string };

/**
 * One CSV cell, quoted when it holds the separator, a quote or a line break. A text a spreadsheet would run
 * as a formula (starting with = + - @, a tab or a carriage return: "-1+2", "@SUM(…)" in a name or an
 * address) is led by an apostrophe, as OWASP advises, whatever follows the sign (ADR 023).
 */
function csvCell(cell: CsvCell): string {
  const value = typeof cell === "string" ? (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell) : cell.amount;
  return /[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The period's invoices and credit notes, a row each, as a CSV for an Italian spreadsheet: semicolons, decimal
 * commas, a byte-order mark so accents survive, credit notes with negative amounts so a column adds up.
 */
export async function accountsCsv(
  deps: Deps,
  period: AccountsPeriod,
): Promise<{ fileName: string; body: string }> {
  const issued = await listDocumentsIssued(deps.db, period);
  const rows = issued.map((doc): CsvCell[] => {
    const document = moneyDocumentOf(doc);
    const stored = doc.kind === "INVOICE" ? doc.invoice : doc.creditNote;
    const { billing } = document.customer;
    const sign = doc.kind === "INVOICE" ? 1 : -1;
    return [
      ACCOUNTS_DOCUMENT_KIND.labels[doc.kind],
      document.number,
      formatShortItalianDay(romeCalendarDay(document.issuedAt)),
      document.relatedInvoice?.number ?? "",
      document.customer.name,
      billing.taxCode,
      billing.address,
      billing.zip ?? "",
      billing.city,
      billing.province ?? "",
      billing.country,
      csvAmount(stored.taxableCents, sign),
      csvAmount(stored.vatCents, sign),
      csvAmount(document.totalCents, sign),
      csvAmount(document.cardCents, sign),
      csvAmount(document.giftCardCents, sign),
      doc.ticketCode,
      doc.invoice.orderId,
    ];
  });
  const body = [CSV_COLUMNS, ...rows].map((row) => row.map(csvCell).join(";")).join("\r\n");
  return { fileName: accountsExportFileName("csv", period), body: `\uFEFF${body}\r\n` };
}

/** The period's invoices and credit notes as FatturaPA XML files, named as SdI names them, in one ZIP. */
export async function accountsZip(
  deps: Deps,
  period: AccountsPeriod,
): Promise<{ fileName: string; body: Uint8Array }> {
  const issued = await listDocumentsIssued(deps.db, period);
  const files = Object.fromEntries(
    issued.map((doc) => {
      const { fileName, xml } = fatturaPaFileOf(doc);
      return [fileName, strToU8(xml)];
    }),
  );
  return { fileName: accountsExportFileName("zip", period), body: zipSync(files, { level: 6 }) };
}
