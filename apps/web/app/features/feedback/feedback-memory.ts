import type { FeedbackResult } from "@argine/core/feedback/result";
import type { IsoDate } from "@argine/core/shared/calendar";
import {
  readSessionKey,
  removeSessionKey,
  SESSION_STORAGE_KEYS,
  writeSessionKey,
} from "../../shared/store/browser-storage.ts";
import { createStore, useStore } from "../../shared/store/create-store.ts";
import {
  type Draft,
  EMPTY_DRAFT,
  outlineDraft,
  STEP_COUNT,
  stepFields,
  validateDraft,
} from "./questionnaire-steps.ts";

// The questionnaire's memory, in three places so that Back, Forward and reload keep the answers:
// - the answers and the furthest step reached, in session storage (`feedbackDraft`): this tab only, gone
//   when the tab closes, when the questionnaire is sent, or with the quick exit;
// - the step on screen, in the state of the history entry: each step is an entry of the one `/feedback`
//   address, so nothing about the case shows in the address or the title;
// - the result, in this page's JavaScript only: a reload forgets it (the practice id stays for the login).

/** What POST /v1/feedback answered, less the claim token (session storage keeps it: feedbackClaim). */
export interface FeedbackSubmission {
  practiceId: string;
  ticketCode: string;
  /** The claim key, shown with the code on the result and printed in its PDF (ADR 010). */
  claimKey: string;
  feedback: FeedbackResult;
}

export const LAST_STEP = STEP_COUNT - 1;

// ---- The answers, in session storage ----

export interface StoredDraft {
  draft: Draft;
  /** The furthest step the user has reached with "Avanti" (0-based). */
  furthest: number;
}

function isStep(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

/** Only the questionnaire's own fields, each of its own type: anything else in storage is ignored. */
function sanitiseDraft(value: unknown): Draft {
  const source = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const draft: Record<string, unknown> = { ...EMPTY_DRAFT };
  for (const [field, empty] of Object.entries(EMPTY_DRAFT)) {
    const stored = source[field];
    if (Array.isArray(empty)) {
      if (Array.isArray(stored)) draft[field] = stored.filter((item) => typeof item === "string");
    } else if (typeof stored === typeof empty) {
      draft[field] = stored;
    }
  }
  return draft as Draft;
}

/** The answers kept in this tab, or null when there are none (or they are unreadable). */
export function loadDraft(): StoredDraft | null {
  const raw = readSessionKey(SESSION_STORAGE_KEYS.feedbackDraft);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { draft, furthest } = value as Record<string, unknown>;
    return { draft: sanitiseDraft(draft), furthest: isStep(furthest) ? Math.min(furthest, LAST_STEP) : 0 };
  } catch {
    return null;
  }
}

export function saveDraft(stored: StoredDraft): void {
  writeSessionKey(SESSION_STORAGE_KEYS.feedbackDraft, JSON.stringify(stored));
}

/** Sent, or started over: the answers leave the browser. */
export function forgetDraft(): void {
  removeSessionKey(SESSION_STORAGE_KEYS.feedbackDraft);
}

// ---- The step, in the history entry's state ----

/**
 * A questionnaire entry's history state. `depth` counts the questionnaire's entries right behind this one,
 * each the step before: "Indietro" then goes back in the history (so the browser's Forward returns) and
 * the result can rewind to where the questionnaire started.
 */
export interface StepState {
  step: number;
  depth: number;
}

/** The step state of a history entry; an entry without one (a link to /feedback) is the first step. */
export function readStepState(state: unknown): StepState {
  if (typeof state !== "object" || state === null) return { step: 0, depth: 0 };
  const { step, depth } = state as Record<string, unknown>;
  const safeStep = isStep(step) ? Math.min(step, LAST_STEP) : 0;
  return { step: safeStep, depth: isStep(depth) ? Math.min(depth, safeStep) : 0 };
}

/**
 * The step to show for the one a history entry asks: never past the furthest step reached, nor past the
 * first earlier step whose answers are missing or wrong (after the quick exit, a new start or a changed
 * answer, an old entry must not open a later step). `today` is asked only when there are answers to check: the
 * first date formatter of a page loads the time zone's data, which a first visit need not wait for.
 */
export function reachableStep(draft: Draft, furthest: number, wanted: number, today: () => IsoDate): number {
  const limit = Math.min(wanted, furthest, LAST_STEP);
  if (limit === 0) return 0;
  const errors = validateDraft(draft, today());
  const outline = outlineDraft(draft);
  for (let step = 0; step < limit; step++) {
    if (stepFields(outline, step).some((field) => errors[field] !== undefined)) return step;
  }
  return limit;
}

// ---- The result, in this page only ----

export interface FeedbackMemory {
  submission: FeedbackSubmission | null;
}

export const feedbackMemory = createStore<FeedbackMemory>({ submission: null });

export function useFeedbackMemory<S>(selector: (memory: FeedbackMemory) => S): S {
  return useStore(feedbackMemory, selector);
}

/** The result arrived: it replaces the answers, which leave the browser's storage. */
export function rememberSubmission(submission: FeedbackSubmission): void {
  forgetDraft();
  feedbackMemory.setState({ submission });
}

/** A new questionnaire: forget the answers and the result. */
export function forgetFeedback(): void {
  forgetDraft();
  feedbackMemory.setState({ submission: null });
}
