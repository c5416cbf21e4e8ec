import { defineCall } from "../shared/api-contract.ts";
import { DeadLetterListSchema, DeadLetterParamsSchema, DeadLetterRetrySchema } from "./jobs-api.ts";

// The job queue's admin calls (issue 13), declared once for the API routes and the web
// (shared/api-contract.ts).

export const JOBS_CALLS = {
  deadLetters: defineCall({
    method: "GET",
    path: "/admin/jobs/dead-letters",
    response: DeadLetterListSchema,
  }),
  retryDeadLetter: defineCall({
    method: "POST",
    path: "/admin/jobs/dead-letters/:id/retry",
    params: DeadLetterParamsSchema,
    response: DeadLetterRetrySchema,
    status: 202,
  }),
};
