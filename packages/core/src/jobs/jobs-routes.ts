import { defineRoutes } from "../shared/api-contract.ts";
import type { JobsCallSchemas } from "./jobs-calls.ts";

// Method, path and success status of each call; its schemas are in jobs-calls.ts (shared/api-contract.ts).

export const JOBS_ROUTES = defineRoutes<JobsCallSchemas>()({
  deadLetters: { method: "GET", path: "/admin/jobs/dead-letters" },
  retryDeadLetter: { method: "POST", path: "/admin/jobs/dead-letters/:id/retry", status: 202 },
});
