import { z } from "zod";
import { joinCalls } from "../shared/api-contract.ts";
import { FeedbackRequestSchema } from "./answers.ts";
import { FeedbackCreatedSchema, PracticeFeedbackSchema } from "./feedback-api.ts";
import { FEEDBACK_ROUTES } from "./feedback-routes.ts";

// The free questionnaire's calls (docs/architecture.md, "The questionnaire"), declared once for the API
// routes and the web (shared/api-contract.ts). The PDF (GET /practices/{id}/feedback.pdf) is a download link,
// not a JSON call.

const SCHEMAS = {
  submit: { body: FeedbackRequestSchema, response: FeedbackCreatedSchema },
  read: { params: z.object({ id: z.uuid() }), response: PracticeFeedbackSchema },
};

export type FeedbackCallSchemas = typeof SCHEMAS;

/** The calls as the API declares its routes: each route of feedback-routes.ts with its schemas. */
export const FEEDBACK_CALLS = joinCalls(FEEDBACK_ROUTES, SCHEMAS);
