import type { FeedbackCreated } from "@argine/core/feedback/feedback-api";
import { FEEDBACK_ROUTES } from "@argine/core/feedback/feedback-routes";
import type { CallBody } from "@argine/core/shared/api-contract";
import { queryOptions } from "@tanstack/react-query";
import { config } from "../../config.ts";
import { useWrite, type WriteOptions } from "../../shared/async/use-write.ts";
import { call } from "../../shared/http/call.ts";

// The questionnaire's public calls (docs/architecture.md, "The questionnaire"): no bearer token, no cookie.

export type FeedbackRequestBody = CallBody<typeof FEEDBACK_ROUTES.submit>;
export type { FeedbackCreated };

/**
 * POST /v1/feedback → 201 with the new (unowned) practice and its result; 400 / 429 reject. Nothing cached
 * shows an unowned practice, so there is nothing to refresh.
 */
export const useSubmitFeedback = (options?: WriteOptions<FeedbackCreated, FeedbackRequestBody>) =>
  useWrite((body) => call(FEEDBACK_ROUTES.submit, { body, auth: false }), {}, options);

/**
 * GET /v1/practices/{id}/feedback.pdf: the address of the PDF, for a plain download link. With the claim key
 * (the result screen's link), the PDF prints it: the server prints only a key the request already carries.
 */
export function feedbackPdfUrl(practiceId: string, claimKey?: string): string {
  const url = `${config.apiBaseUrl}/v1/practices/${encodeURIComponent(practiceId)}/feedback.pdf`;
  return claimKey ? `${url}?claimKey=${encodeURIComponent(claimKey)}` : url;
}

/**
 * GET /v1/practices/{id}/feedback: a practice's questionnaire result (a public read by its id), for the terms
 * other screens give (the diary's «Come presentare la querela»). They read well without it: a failure says
 * nothing.
 */
export function practiceFeedbackQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: ["feedback", practiceId] as const,
    queryFn: ({ signal }) => call(FEEDBACK_ROUTES.read, { params: { id: practiceId }, signal }),
    meta: { hideError: true },
  });
}
