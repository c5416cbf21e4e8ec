import { z } from "zod";

// The money documents' downloads (ADR 016): each document fetched by its own token, without an account.

/** GET /v1/orders/invoice, /credit-note: a document by its token, as PDF (default) or FatturaPA XML. */
// Any text: a wrong token is answered as an unknown one (404), whatever its shape.
export const DocumentTokenSchema = z.string().max(200);
export const DOCUMENT_FORMATS = ["pdf", "xml"] as const;
export const MoneyDocumentQuerySchema = z.object({
  token: DocumentTokenSchema,
  format: z.enum(DOCUMENT_FORMATS).default("pdf"),
});
export const ReceiptQuerySchema = z.object({ token: DocumentTokenSchema });
/** The file itself (a download, not JSON): the schema only documents it. */
export const DocumentFileSchema = z.string().meta({ description: "Il file: PDF, oppure XML FatturaPA" });
export const PdfFileSchema = z.string().meta({ description: "Il file PDF" });
