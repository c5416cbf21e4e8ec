import { defineRoutes } from "../shared/api-contract.ts";
import type { OwnDataCallSchemas } from "./own-data-calls.ts";

// Method, path and success status of each call; its schemas are in own-data-calls.ts (shared/api-contract.ts).

export const OWN_DATA_ROUTES = defineRoutes<OwnDataCallSchemas>()({
  exportState: { method: "GET", path: "/users/me/export" },
  requestExport: { method: "POST", path: "/users/me/export", status: 202 },
  downloadExport: { method: "GET", path: "/users/me/export/download" },
  /** "Elimina il mio account" (ADR 037): with the current password. */
  erase: { method: "POST", path: "/users/me/erasure", status: 204 },
});
