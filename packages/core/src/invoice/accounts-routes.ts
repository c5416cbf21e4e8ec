import { defineRoutes } from "../shared/api-contract.ts";
import type { AccountsCallSchemas } from "./accounts-calls.ts";

// Method, path and success status of each call; its schemas are in accounts-calls.ts (shared/api-contract.ts).

export const ACCOUNTS_ROUTES = defineRoutes<AccountsCallSchemas>()({
  documents: { method: "GET", path: "/admin/accounts/documents" },
  orders: { method: "GET", path: "/admin/accounts/orders" },
});

/** The period's files: every invoice and credit note as CSV rows, or as FatturaPA XML files in a ZIP. */
export const ACCOUNTS_EXPORT_PATHS = {
  csv: "/admin/accounts/export.csv",
  zip: "/admin/accounts/export.zip",
} as const;
export type AccountsExportFormat = keyof typeof ACCOUNTS_EXPORT_PATHS;
