import type { FeedbackResult } from "@argine/core/feedback/result";
import { createStore, useStore } from "../store/create-store.ts";
import type { Draft } from "./questionnaire-steps.ts";

// The questionnaire's memory, in this page's JavaScript only: never localStorage, sessionStorage, a cookie,
// the address or the history. It lets the user follow a link (the privacy policy, the registration page)
// and come back to the same step or result; a reload, closing the tab or the quick exit wipes it. The
// answers are dropped as soon as the result arrives: after that only the result is kept.

/** What POST /v1/feedback answered, less the claim token (session storage keeps it: feedbackClaim). */
export interface FeedbackSubmission {
  practiceId: string;
  ticketCode: string;
  /** The claim key, shown with the code on the result and printed in its PDF (issue 12). */
  claimKey: string;
  feedback: FeedbackResult;
}

export interface FeedbackMemory {
  /** The answers of a questionnaire in progress (null before the first step is left). */
  draft: Draft | null;
  step: number;
  submission: FeedbackSubmission | null;
}

const EMPTY: FeedbackMemory = { draft: null, step: 0, submission: null };

export const feedbackMemory = createStore<FeedbackMemory>(EMPTY);

export function useFeedbackMemory<S>(selector: (memory: FeedbackMemory) => S): S {
  return useStore(feedbackMemory, selector);
}

export function rememberDraft(draft: Draft, step: number): void {
  feedbackMemory.setState((current) => ({ ...current, draft, step }));
}

export function rememberSubmission(submission: FeedbackSubmission): void {
  feedbackMemory.setState({ draft: null, step: 0, submission });
}

/** A new questionnaire: forget the answers and the result. */
export function forgetFeedback(): void {
  feedbackMemory.setState(EMPTY);
}
