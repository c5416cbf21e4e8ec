import { z } from "zod";
import { FeedbackResultSchema } from "./result.ts";

// The answers of the questionnaire's calls (the request is answers.ts' FeedbackRequestSchema): what the API
// service returns and the route declares.

/** The practice the questionnaire opened, with its result. */
const PracticeResultSchema = z.object({
  practiceId: z.uuid(),
  ticketCode: z.string(),
  feedback: FeedbackResultSchema,
});

/** POST /v1/feedback (201): the new practice with its claim secrets, shown this once. */
export const FeedbackCreatedSchema = PracticeResultSchema.extend({
  /** For the submitting browser only: claims the practice once after sign-in, within 48 hours (ADR 010). */
  claimToken: z.string(),
  /** Shown once on the result and printed in its PDF: with the code, claims the practice from any device. */
  claimKey: z.string(),
});
export type FeedbackCreated = z.infer<typeof FeedbackCreatedSchema>;

/** GET /v1/practices/{id}/feedback: the public read by the practice's unguessable id. */
export const PracticeFeedbackSchema = PracticeResultSchema.extend({ createdAt: z.string() });
export type PracticeFeedback = z.infer<typeof PracticeFeedbackSchema>;
