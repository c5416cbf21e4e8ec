import { defineRoutes } from "../shared/api-contract.ts";
import type { TakedownCallSchemas } from "./takedown-calls.ts";

// Method, path and success status of each call; its schemas are in takedown-calls.ts (shared/api-contract.ts).

export const TAKEDOWN_ROUTES = defineRoutes<TakedownCallSchemas>()({
  submitUrls: { method: "PATCH", path: "/services/takedown/:id/urls" },
  notices: { method: "GET", path: "/services/takedown/:id/notices" },
  noticePdf: { method: "GET", path: "/services/takedown/:id/notices/:noticeId/pdf" },
  recordNotice: { method: "PATCH", path: "/services/takedown/:id/notices/:noticeId" },
});
