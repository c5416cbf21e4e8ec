import type { BillingData } from "../billing/billing-data.ts";

// The documents issued when money moves (ADR 016): invoices, credit notes and receipts. What the API stores
// as each document's snapshot (db schema/invoice.ts) and renders as PDF and FatturaPA XML.

/** Each series is numbered on its own, from 1 every calendar year (Europe/Rome), without gaps. */
export const DOCUMENT_SERIES = ["INVOICE", "CREDIT_NOTE"] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

/** The number as printed and sent in FatturaPA's <Numero>: "2026/17", a credit note "NC-2026/3". */
export function documentNumber(series: DocumentSeries, year: number, number: number): string {
  return series === "INVOICE" ? `${year}/${number}` : `NC-${year}/${number}`;
}

/**
 * A document is public by its token for a year from its issue (money-shared: then 410, "Scrivici"): long
 * enough for the client's own records, short enough that an old link found in a mailbox stops working.
 */
export function documentAvailable(issuedAt: Date, at: Date): boolean {
  const until = new Date(issuedAt);
  until.setUTCFullYear(until.getUTCFullYear() + 1);
  return at.getTime() < until.getTime();
}

/** The seller: the company as configured in the API (COMPANY_* settings). */
export interface CompanyData {
  name: string;
  address: string;
  zip: string;
  city: string;
  /** Sigla, e.g. "RM". */
  province: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** Partita IVA: 11 digits with a valid check digit. */
  vatNumber: string;
  /** Codice fiscale of the company (often the partita IVA). */
  taxCode: string;
  /** Registro delle imprese: the office's sigla and the REA number. */
  rea: { office: string; number: string };
  /** Capitale sociale versato, in cents. */
  shareCapitalCents: number;
  /** FatturaPA RegimeFiscale, e.g. "RF01" (ordinario). */
  taxRegime: string;
  email: string;
  pec: string | null;
}

/** The customer as on the order: who, and the billing data they gave (spec §3 "Billing data"). */
export interface DocumentCustomer {
  name: string;
  email: string;
  billing: BillingData;
}

/** One line of an invoice or credit note: the gross (VAT included) and its split. */
export interface DocumentLine {
  productCode: string;
  description: string;
  grossCents: number;
  taxableCents: number;
  vatCents: number;
  /** Percent, e.g. 22. */
  vatRate: number;
}

/** An invoice or a credit note as issued: what its PDF prints and its FatturaPA file sends. */
export interface MoneyDocument {
  kind: "INVOICE" | "CREDIT_NOTE";
  /** documentNumber(): "2026/17", "NC-2026/3". */
  number: string;
  issuedAt: Date;
  seller: CompanyData;
  customer: DocumentCustomer;
  lines: readonly DocumentLine[];
  totalCents: number;
  /** How it was paid (invoice) or given back (credit note): together the total. */
  cardCents: number;
  giftCardCents: number;
  /** The invoice a credit note corrects. */
  relatedInvoice?: { number: string; issuedAt: Date };
}
