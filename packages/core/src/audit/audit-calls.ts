import { joinCalls } from "../shared/api-contract.ts";
import { AuditListQuerySchema, AuditListSchema } from "./audit-api.ts";
import { AUDIT_ROUTES } from "./audit-routes.ts";

// The admins' browse of the audit log, declared once for the API routes and the web (shared/api-contract.ts).

const SCHEMAS = {
  list: { query: AuditListQuerySchema, response: AuditListSchema },
};

export type AuditCallSchemas = typeof SCHEMAS;

export const AUDIT_CALLS = joinCalls(AUDIT_ROUTES, SCHEMAS);
