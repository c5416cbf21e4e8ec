import { defineRoutes } from "../shared/api-contract.ts";
import type { LegalizationCallSchemas } from "./legalization-calls.ts";

// Method, path and success status of each call; its schemas are in legalization-calls.ts.

export const LEGALIZATION_ROUTES = defineRoutes<LegalizationCallSchemas>()({
  session: { method: "GET", path: "/services/legalization/:id/session" },
  startSession: { method: "POST", path: "/services/legalization/:id/session", status: 201 },
  setStep: { method: "PATCH", path: "/services/legalization/:id/step" },
  stop: { method: "POST", path: "/services/legalization/:id/stop" },
  sessionFiles: { method: "GET", path: "/services/legalization/:id/session-files" },
});
