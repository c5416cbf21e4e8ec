import { createHmac, randomUUID } from "node:crypto";
import { BillingDataSchema } from "@argine/core/billing/billing-data";
import { AppError } from "@argine/core/errors/app-error";
import {
  type DocumentLine,
  type DocumentSeries,
  documentAvailable,
  documentNumber,
  type MoneyDocument,
} from "@argine/core/invoice/documents";
import { INVOICE_ROUTES } from "@argine/core/invoice/invoice-routes";
import { breakOutVat } from "@argine/core/invoice/vat";
import type { Order } from "@argine/core/orders/orders-api";
import { callPath } from "@argine/core/shared/api-contract";
import { romeCalendarDay } from "@argine/core/shared/calendar";
import type { Db } from "@argine/db/client";
import {
  documentsWithoutTokenHash,
  findCreditNoteByTokenHash,
  findInvoiceByTokenHash,
  findInvoiceOfOrder,
  findReceiptByTokenHash,
  insertCreditNote,
  insertInvoice,
  insertReceipt,
  type LinkedDocument,
  nextDocumentNumber,
  type OrderDocuments,
  type StoredDocument,
  setDocumentTokenHash,
} from "@argine/db/queries/invoice";
import type { OrderLineRow, OrderRow } from "@argine/db/queries/orders";
import { now } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Deps } from "../deps.ts";
import { hashToken } from "../identity/link-tokens.ts";
import { renderMoneyDocumentPdf, renderReceiptPdf } from "./document-pdf.ts";
import { fatturaPaFileName, fatturaPaProgressive, fatturaPaXml } from "./fatturapa.ts";

// The money documents (ADR 016): issued in the transaction where an order becomes PAID, fetched by
// their own unguessable token for a year. An order of 0 € (a campaign paid everything) gets none: no money
// moved, nothing to invoice or to receive.

/**
 * A document's link token (ADR 023): HMAC-SHA256 of its kind and id under DOCUMENT_LINK_KEY, 43 URL-safe
 * characters. The orders page makes it again from the id; the database keeps only its hash, so reading the
 * database hands out no working link.
 */
export const documentLinkToken = (key: Buffer, kind: LinkedDocument, id: string): string =>
  createHmac("sha256", key).update(`${kind}:${id}`).digest("base64url");

/** What a document's row keeps of its link: the token's hash. */
const linkHash = (config: Pick<Config, "documentLinkKey">, kind: LinkedDocument, id: string) =>
  hashToken(documentLinkToken(config.documentLinkKey, kind, id));

/** A new document's id and its link's hash, for its row. */
function linked(deps: Pick<Deps, "config">, kind: LinkedDocument) {
  const id = randomUUID();
  return { id, tokenHash: linkHash(deps.config, kind, id) };
}

/**
 * Documents issued while links were stored in clear have no hash since the migration that dropped the
 * tokens: each gets its derived link's (at start; the orders page then shows the new links).
 */
export async function hashLegacyDocumentLinks(deps: Pick<Deps, "db" | "config">): Promise<number> {
  const legacy = await documentsWithoutTokenHash(deps.db);
  for (const { kind, id } of legacy)
    await setDocumentTokenHash(deps.db, kind, id, linkHash(deps.config, kind, id));
  return legacy.length;
}

/**
 * The invoice and the payment's receipt of an order just paid, in its transaction: the number is taken there
 * (nextDocumentNumber), so a rollback gives it back and the numbers have no gaps. The invoice carries the
 * lines' final prices (the catalogue's, the campaign's and the voucher's discounts already off; the gift
 * card is a means of payment, so the full price stays), their VAT broken out, and snapshots of the seller
 * and the customer.
 */
export async function issuePaymentDocuments(
  deps: Deps,
  tx: Db,
  order: OrderRow,
  lines: readonly OrderLineRow[],
  customer: { name: string; email: string },
  at: Date,
): Promise<void> {
  if (order.amountCents <= 0) return;
  const content = documentContentOf(lines);
  if (content.totalCents !== order.amountCents) {
    throw new Error(`order ${order.id}: lines add up to ${content.totalCents}, not ${order.amountCents}`);
  }
  await insertInvoice(tx, {
    ...linked(deps, "invoice"),
    orderId: order.id,
    ...(await numbered(tx, "INVOICE", at)),
    issuedAt: at,
    seller: deps.config.company,
    customer: { ...customer, billing: BillingDataSchema.parse(order.invoice) },
    ...content,
    giftCardCents: order.giftCardCents,
    cardCents: order.cardCents,
  });
  await insertReceipt(tx, {
    ...linked(deps, "receipt"),
    orderId: order.id,
    refundId: null,
    issuedAt: at,
    amountCents: order.amountCents,
  });
}

/**
 * What an invoice and a credit note carry of order lines: their final prices (VAT included) with the VAT
 * broken out, and the totals.
 */
function documentContentOf(lines: readonly OrderLineRow[]) {
  const vat = breakOutVat(lines.map((line) => ({ grossCents: line.finalPriceCents, vatRate: line.vatRate })));
  const documentLines = lines.map((line, index): DocumentLine => {
    const split = vat.lines[index] ?? { taxableCents: 0, vatCents: 0 };
    return {
      productCode: line.productCode,
      description: line.name,
      grossCents: line.finalPriceCents,
      vatRate: line.vatRate,
      ...split,
    };
  });
  return {
    lines: documentLines,
    taxableCents: vat.taxableCents,
    vatCents: vat.vatCents,
    totalCents: vat.totalCents,
  };
}

/** The series' next number in the Rome calendar year of `at`: each series restarts every year. */
async function numbered(tx: Db, series: DocumentSeries, at: Date) {
  const year = Number(romeCalendarDay(at).slice(0, 4));
  return { year, number: await nextDocumentNumber(tx, series, year) };
}

/**
 * A refund's documents, in the transaction that completes it (ADR 017): the credit note when the order has
 * an invoice (an order a campaign paid wholly has none) — the refunded lines with their VAT broken out as on
 * the invoice, seller and customer copied from it, numbered in its own yearly series — and the receipt of the
 * money going back.
 */
export async function issueRefundDocuments(
  deps: Pick<Deps, "config">,
  tx: Db,
  refund: { id: string; orderId: string; amountCents: number },
  lines: readonly OrderLineRow[],
  at: Date,
): Promise<void> {
  const invoice = await findInvoiceOfOrder(tx, refund.orderId);
  if (invoice) {
    await insertCreditNote(tx, {
      ...linked(deps, "creditNote"),
      invoiceId: invoice.id,
      refundId: refund.id,
      ...(await numbered(tx, "CREDIT_NOTE", at)),
      issuedAt: at,
      seller: invoice.seller,
      customer: invoice.customer,
      ...documentContentOf(lines),
    });
  }
  await insertReceipt(tx, {
    ...linked(deps, "receipt"),
    orderId: refund.orderId,
    refundId: refund.id,
    issuedAt: at,
    amountCents: refund.amountCents,
  });
}

/** A stored invoice or credit note as issued: what its PDF prints and its FatturaPA file sends. */
export function moneyDocumentOf(row: StoredDocument): MoneyDocument {
  const document = row.kind === "INVOICE" ? row.invoice : row.creditNote;
  const common = {
    kind: row.kind,
    number: documentNumber(row.kind, document.year, document.number),
    issuedAt: document.issuedAt,
    seller: document.seller,
    customer: document.customer,
    lines: document.lines,
    totalCents: document.totalCents,
  };
  if (row.kind === "INVOICE") {
    return { ...common, cardCents: row.invoice.cardCents, giftCardCents: row.invoice.giftCardCents };
  }
  return {
    ...common,
    ...row.refund,
    relatedInvoice: {
      number: documentNumber("INVOICE", row.invoice.year, row.invoice.number),
      issuedAt: row.invoice.issuedAt,
    },
  };
}

/** A stored invoice or credit note as its FatturaPA file: named as SdI names it, and its XML. */
export function fatturaPaFileOf(row: StoredDocument): { fileName: string; xml: string } {
  const document = row.kind === "INVOICE" ? row.invoice : row.creditNote;
  const progressive = fatturaPaProgressive(row.kind, document.year, document.number);
  return {
    fileName: fatturaPaFileName(document.seller, progressive),
    xml: fatturaPaXml(moneyDocumentOf(row), progressive),
  };
}

/** A document's file as the route sends it. */
export interface DocumentFile {
  filename: string;
  contentType: "application/pdf" | "application/xml";
  body: Buffer | string;
}

/** Unknown: 404; past its year: 410, whose message says how to get a copy. */
function available<T>(deps: Deps, found: T | undefined, issuedAt: (found: T) => Date): T {
  if (!found) throw new AppError("NOT_FOUND");
  if (!documentAvailable(issuedAt(found), now(deps.clock))) throw new AppError("GONE");
  return found;
}

/** The file name: the document's number with "/" as "-" ("fattura-2026-17.pdf"). */
const fileName = (stem: string, number: string, format: "pdf" | "xml") =>
  `${stem}-${number.replace(/\//g, "-").toLowerCase()}.${format}`;

async function moneyDocumentFile(
  stem: string,
  row: StoredDocument,
  format: "pdf" | "xml",
): Promise<DocumentFile> {
  const document = moneyDocumentOf(row);
  if (format === "xml") {
    return {
      filename: fileName(stem, document.number, "xml"),
      contentType: "application/xml",
      body: fatturaPaFileOf(row).xml,
    };
  }
  return {
    filename: fileName(stem, document.number, "pdf"),
    contentType: "application/pdf",
    body: await renderMoneyDocumentPdf(document),
  };
}

/** GET /v1/orders/invoice?token=: the invoice, as PDF or FatturaPA XML. */
export async function invoiceFile(deps: Deps, token: string, format: "pdf" | "xml"): Promise<DocumentFile> {
  const invoice = available(
    deps,
    await findInvoiceByTokenHash(deps.db, hashToken(token)),
    (row) => row.issuedAt,
  );
  return moneyDocumentFile("fattura", { kind: "INVOICE", invoice }, format);
}

/** GET /v1/orders/credit-note?token=: the credit note, as PDF or FatturaPA XML. */
export async function creditNoteFile(
  deps: Deps,
  token: string,
  format: "pdf" | "xml",
): Promise<DocumentFile> {
  const found = available(
    deps,
    await findCreditNoteByTokenHash(deps.db, hashToken(token)),
    (row) => row.creditNote.issuedAt,
  );
  return moneyDocumentFile("nota-di-credito", { kind: "CREDIT_NOTE", ...found }, format);
}

/** GET /v1/orders/receipt?token=: the receipt of a payment or of a refund, as PDF. */
export async function receiptFile(deps: Deps, token: string): Promise<DocumentFile> {
  const found = available(
    deps,
    await findReceiptByTokenHash(deps.db, hashToken(token)),
    (row) => row.receipt.issuedAt,
  );
  const { receipt, order, refund } = found;
  const body = await renderReceiptPdf({
    kind: refund ? "REFUND" : "PAYMENT",
    issuedAt: receipt.issuedAt,
    seller: deps.config.company,
    orderId: order.id,
    ticketCode: found.ticketCode,
    orderDate: order.paidAt ?? order.createdAt,
    amountCents: receipt.amountCents,
    cardCents: refund ? refund.cardCents : order.cardCents,
    giftCardCents: refund ? refund.giftCardCents : order.giftCardCents,
  });
  const day = romeCalendarDay(receipt.issuedAt);
  return {
    filename: `ricevuta-${refund ? "rimborso" : "pagamento"}-${found.ticketCode.toLowerCase()}-${day}.pdf`,
    contentType: "application/pdf",
    body,
  };
}

/** The documents' links of one order, for GET /v1/orders (core OrderSchema). */
export function orderDocumentLinks(
  { publicUrl, documentLinkKey }: Pick<Config, "publicUrl" | "documentLinkKey">,
  documents: OrderDocuments,
  orderId: string,
): Pick<Order, "invoiceUrl" | "receiptUrl" | "creditNotes"> {
  const link = (kind: LinkedDocument, id: string) =>
    `${publicUrl}${callPath(INVOICE_ROUTES[kind])}?token=${documentLinkToken(documentLinkKey, kind, id)}`;
  const invoice = documents.invoices.find((row) => row.orderId === orderId);
  const receipt = documents.receipts.find((row) => row.orderId === orderId);
  return {
    invoiceUrl: invoice ? link("invoice", invoice.id) : null,
    receiptUrl: receipt ? link("receipt", receipt.id) : null,
    creditNotes: documents.creditNotes
      .filter((row) => row.orderId === orderId)
      .map((row) => ({
        number: documentNumber("CREDIT_NOTE", row.year, row.number),
        url: link("creditNote", row.id),
      })),
  };
}
