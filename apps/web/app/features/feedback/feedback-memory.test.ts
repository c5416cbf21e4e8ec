import { addDays, romeCalendarDay } from "@argine/core/shared/calendar";
import { afterEach, describe, expect, it } from "vitest";
import { clearAllSessionKeys, SESSION_STORAGE_KEYS } from "../../shared/store/browser-storage.ts";
import {
  feedbackMemory,
  forgetFeedback,
  LAST_STEP,
  loadDraft,
  reachableStep,
  readStepState,
  rememberSubmission,
  saveDraft,
} from "./feedback-memory.ts";
import { EMPTY_DRAFT } from "./questionnaire-steps.ts";

const TODAY = romeCalendarDay(new Date());
const FIRST = addDays(TODAY, -40);
const LAST = addDays(TODAY, -10);

afterEach(() => {
  forgetFeedback();
  sessionStorage.clear();
});

describe("the questionnaire's answers in session storage", () => {
  it("keeps the answers and the furthest step in this tab, under feedbackDraft only", () => {
    expect(loadDraft()).toBeNull();
    saveDraft({ draft: { ...EMPTY_DRAFT, category: "THREAT", effects: ["ANXIETY_FEAR"] }, furthest: 2 });
    expect(Object.keys(sessionStorage)).toEqual([SESSION_STORAGE_KEYS.feedbackDraft]);
    expect(Object.keys(localStorage)).toEqual([]);
    expect(loadDraft()).toEqual({
      draft: { ...EMPTY_DRAFT, category: "THREAT", effects: ["ANXIETY_FEAR"] },
      furthest: 2,
    });
  });

  it("reads only the questionnaire's fields, each of its type; anything malformed is no draft", () => {
    sessionStorage.setItem(
      SESSION_STORAGE_KEYS.feedbackDraft,
      JSON.stringify({
        draft: {
          category: "THREAT",
          platform: 3,
          effects: ["ANXIETY_FEAR", 7],
          statementOfTruth: "yes",
          extra: "x",
        },
        furthest: 99,
      }),
    );
    expect(loadDraft()).toEqual({
      draft: { ...EMPTY_DRAFT, category: "THREAT", effects: ["ANXIETY_FEAR"] },
      furthest: LAST_STEP,
    });
    sessionStorage.setItem(SESSION_STORAGE_KEYS.feedbackDraft, "{not json");
    expect(loadDraft()).toBeNull();
    sessionStorage.setItem(SESSION_STORAGE_KEYS.feedbackDraft, JSON.stringify({ draft: {}, furthest: -1 }));
    expect(loadDraft()).toEqual({ draft: EMPTY_DRAFT, furthest: 0 });
  });

  it("the result replaces the answers, and the quick exit's clear-all removes them", () => {
    saveDraft({ draft: { ...EMPTY_DRAFT, category: "THREAT" }, furthest: 6 });
    rememberSubmission({ practiceId: "p", ticketCode: "AR-1", claimKey: "K7QM-2XFD", feedback: {} as never });
    expect(loadDraft()).toBeNull();
    expect(feedbackMemory.getState().submission?.ticketCode).toBe("AR-1");

    saveDraft({ draft: EMPTY_DRAFT, furthest: 1 });
    sessionStorage.setItem(SESSION_STORAGE_KEYS.feedbackClaim, "t");
    clearAllSessionKeys();
    expect(loadDraft()).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.feedbackClaim)).toBeNull();
  });
});

describe("the step in the history entry's state", () => {
  it("an entry without a step state is the first step; a bad one is read safely", () => {
    expect(readStepState(null)).toEqual({ step: 0, depth: 0 });
    expect(readStepState({ step: 3, depth: 3 })).toEqual({ step: 3, depth: 3 });
    expect(readStepState({ step: 3, depth: 9 })).toEqual({ step: 3, depth: 3 });
    expect(readStepState({ step: 40, depth: 1 })).toEqual({ step: LAST_STEP, depth: 1 });
    expect(readStepState({ step: "2", depth: -1 })).toEqual({ step: 0, depth: 0 });
    expect(readStepState({ step: 1.5 })).toEqual({ step: 0, depth: 0 });
  });

  it("never opens a step past the furthest reached, nor past an earlier step left incomplete", () => {
    const dated = { ...EMPTY_DRAFT, category: "THREAT", firstEventDate: FIRST, lastEventDate: LAST };
    expect(reachableStep(dated, 4, 2, () => TODAY)).toBe(2);
    expect(reachableStep(dated, 1, 4, () => TODAY)).toBe(1);
    // No category (after the quick exit or a new start): the first step.
    expect(reachableStep(EMPTY_DRAFT, 6, 5, () => TODAY)).toBe(0);
    // The dates of step 2 are missing: step 2 it is.
    expect(reachableStep({ ...dated, lastEventDate: "" }, 6, 5, () => TODAY)).toBe(1);
    expect(reachableStep(dated, 6, 99, () => TODAY)).toBeLessThanOrEqual(LAST_STEP);
  });
});
