import type { Answers } from "@argine/core/feedback/answers";
import type { FeedbackResult } from "@argine/core/feedback/result";
import { config } from "../../config.ts";
import { apiClient } from "../../shared/http/api-client.ts";

// The questionnaire's public calls (feedback-contract.md, "HTTP"): no bearer token, no cookie.

export interface FeedbackRequestBody {
  answers: Answers;
  statementOfTruth: true;
  privacyAccepted: true;
}

export interface FeedbackCreated {
  practiceId: string;
  ticketCode: string;
  /** Claims the practice once after sign-in, from this tab only (session storage). */
  claimToken: string;
  /** Shown once on the result: with the code, claims the practice from any device. */
  claimKey: string;
  feedback: FeedbackResult;
}

/** POST /v1/feedback → 201 with the new (unowned) practice and its result; 400 / 429 reject. */
export function submitFeedback(body: FeedbackRequestBody): Promise<FeedbackCreated> {
  return apiClient.post<FeedbackCreated>("/v1/feedback", body, { auth: false });
}

/**
 * GET /v1/practices/{id}/feedback.pdf: the address of the PDF, for a plain download link. With the claim key
 * (the result screen's link), the PDF prints it: the server prints only a key the request already carries.
 */
export function feedbackPdfUrl(practiceId: string, claimKey?: string): string {
  const url = `${config.apiBaseUrl}/v1/practices/${encodeURIComponent(practiceId)}/feedback.pdf`;
  return claimKey ? `${url}?claimKey=${encodeURIComponent(claimKey)}` : url;
}
