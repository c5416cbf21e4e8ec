import { defineRoutes } from "../shared/api-contract.ts";
import type { RetentionCallSchemas } from "./retention-calls.ts";

// Method, path and success status of each call; its schemas are in retention-calls.ts (shared/api-contract.ts).

export const RETENTION_ROUTES = defineRoutes<RetentionCallSchemas>()({
  archive: { method: "GET", path: "/services/:id/legalization-archive" },
});
