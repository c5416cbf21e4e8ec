import { joinCalls } from "../shared/api-contract.ts";
import {
  AccountsDocumentListSchema,
  AccountsDocumentsQuerySchema,
  AccountsOrderListSchema,
  AccountsOrdersQuerySchema,
} from "./accounts-api.ts";
import { ACCOUNTS_ROUTES } from "./accounts-routes.ts";

// The accountant's calls (ADR 016), declared once for the API routes and the web (shared/api-contract.ts).
// The two exports (GET /admin/accounts/export.csv and export.zip, the same period query) are files, not JSON
// calls: accounts-routes.ts names their paths.

const SCHEMAS = {
  documents: { query: AccountsDocumentsQuerySchema, response: AccountsDocumentListSchema },
  orders: { query: AccountsOrdersQuerySchema, response: AccountsOrderListSchema },
};

export type AccountsCallSchemas = typeof SCHEMAS;

export const ACCOUNTS_CALLS = joinCalls(ACCOUNTS_ROUTES, SCHEMAS);
