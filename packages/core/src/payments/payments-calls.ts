import { joinCalls } from "../shared/api-contract.ts";
import { PaymentsConfigSchema } from "./payments-api.ts";
import { PAYMENTS_ROUTES } from "./payments-routes.ts";

// The payment provider's calls (ADR 015), each declared once for the API routes and the web
// (shared/api-contract.ts).

const SCHEMAS = {
  config: { response: PaymentsConfigSchema },
};

export type PaymentsCallSchemas = typeof SCHEMAS;

/** The calls as the API declares its routes: each route of payments-routes.ts with its schemas. */
export const PAYMENTS_CALLS = joinCalls(PAYMENTS_ROUTES, SCHEMAS);
