import { defineRoutes } from "../shared/api-contract.ts";
import type { AuditCallSchemas } from "./audit-calls.ts";

// Method, path and success status of each call; its schemas are in audit-calls.ts (shared/api-contract.ts).

export const AUDIT_ROUTES = defineRoutes<AuditCallSchemas>()({
  list: { method: "GET", path: "/admin/audit" },
});
