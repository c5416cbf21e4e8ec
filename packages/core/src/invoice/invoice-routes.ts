import { defineRoutes } from "../shared/api-contract.ts";
import type { InvoiceCallSchemas } from "./invoice-calls.ts";

// Method, path and success status of each call; its schemas are in invoice-calls.ts (shared/api-contract.ts).
// The paths stay under /orders, where the links handed out since ADR 016 point.

export const INVOICE_ROUTES = defineRoutes<InvoiceCallSchemas>()({
  /** The money documents (ADR 016): files, public by their token; the orders carry their links. */
  invoice: { method: "GET", path: "/orders/invoice" },
  receipt: { method: "GET", path: "/orders/receipt" },
  creditNote: { method: "GET", path: "/orders/credit-note" },
});
