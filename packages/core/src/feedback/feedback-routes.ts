import { defineRoutes } from "../shared/api-contract.ts";
import type { FeedbackCallSchemas } from "./feedback-calls.ts";

// Method, path and success status of each call; its schemas are in feedback-calls.ts (shared/api-contract.ts).

export const FEEDBACK_ROUTES = defineRoutes<FeedbackCallSchemas>()({
  submit: { method: "POST", path: "/feedback", status: 201 },
  /** The public read by the practice's unguessable id. */
  read: { method: "GET", path: "/practices/:id/feedback" },
});
