import { defineRoutes } from "../shared/api-contract.ts";
import type { ServicesCallSchemas } from "./services-calls.ts";

// Method, path and success status of each call; its schemas are in services-calls.ts (shared/api-contract.ts).

export const SERVICES_ROUTES = defineRoutes<ServicesCallSchemas>()({
  signedUrl: { method: "GET", path: "/services/:id/signed-url" },
  registerUpload: { method: "PATCH", path: "/services/:serviceId/upload" },
  deleteUpload: { method: "DELETE", path: "/services/:serviceId/upload" },
  documentUrl: { method: "GET", path: "/services/:serviceId/upload" },
  changeStatus: { method: "PATCH", path: "/services/:id/status" },
  queue: { method: "GET", path: "/services/queue" },
  team: { method: "GET", path: "/services/team" },
  assign: { method: "PUT", path: "/services/:id/assignment" },
  mandate: { method: "GET", path: "/services/:id/mandate" },
  acceptMandate: { method: "POST", path: "/services/:id/mandate" },
  injunctionDraft: { method: "GET", path: "/services/:id/injunction-draft" },
});
