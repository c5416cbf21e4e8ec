import { joinCalls } from "../shared/api-contract.ts";
import { DeadLetterListSchema, DeadLetterParamsSchema, DeadLetterRetrySchema } from "./jobs-api.ts";
import { JOBS_ROUTES } from "./jobs-routes.ts";

// The job queue's admin calls (ADR 012), declared once for the API routes and the web
// (shared/api-contract.ts).

const SCHEMAS = {
  deadLetters: { response: DeadLetterListSchema },
  retryDeadLetter: { params: DeadLetterParamsSchema, response: DeadLetterRetrySchema },
};

export type JobsCallSchemas = typeof SCHEMAS;

/** The calls as the API declares its routes: each route of jobs-routes.ts with its schemas. */
export const JOBS_CALLS = joinCalls(JOBS_ROUTES, SCHEMAS);
