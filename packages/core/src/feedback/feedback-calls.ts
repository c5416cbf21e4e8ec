import { z } from "zod";
import { defineCall } from "../shared/api-contract.ts";
import { FeedbackRequestSchema } from "./answers.ts";
import { FeedbackCreatedSchema, PracticeFeedbackSchema } from "./feedback-api.ts";

// The free questionnaire's calls (feedback-contract.md "HTTP"), declared once for the API routes and the web
// (shared/api-contract.ts). The PDF (GET /practices/{id}/feedback.pdf) is a download link, not a JSON call.

export const FEEDBACK_CALLS = {
  submit: defineCall({
    method: "POST",
    path: "/feedback",
    body: FeedbackRequestSchema,
    response: FeedbackCreatedSchema,
    status: 201,
  }),
  /** The public read by the practice's unguessable id. */
  read: defineCall({
    method: "GET",
    path: "/practices/:id/feedback",
    params: z.object({ id: z.uuid() }),
    response: PracticeFeedbackSchema,
  }),
};
