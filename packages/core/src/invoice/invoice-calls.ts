import { joinCalls } from "../shared/api-contract.ts";
import {
  DocumentFileSchema,
  MoneyDocumentQuerySchema,
  PdfFileSchema,
  ReceiptQuerySchema,
} from "./invoice-api.ts";
import { INVOICE_ROUTES } from "./invoice-routes.ts";

// The money documents' downloads (ADR 016), declared once for the API routes and the links the API hands out
// (shared/api-contract.ts).

const SCHEMAS = {
  invoice: { query: MoneyDocumentQuerySchema, response: DocumentFileSchema },
  receipt: { query: ReceiptQuerySchema, response: PdfFileSchema },
  creditNote: { query: MoneyDocumentQuerySchema, response: DocumentFileSchema },
};

export type InvoiceCallSchemas = typeof SCHEMAS;

/** The calls as the API declares its routes: each route of invoice-routes.ts with its schemas. */
export const INVOICE_CALLS = joinCalls(INVOICE_ROUTES, SCHEMAS);
