import { afterEach, describe, expect, it } from "vitest";
import {
  clearAllLocalKeys,
  clearAllSessionKeys,
  clearFeedbackClaim,
  isDebugMode,
  LOCAL_STORAGE_KEYS,
  readFeedbackClaim,
  readLastKnownPracticeId,
  readUserData,
  SESSION_STORAGE_KEYS,
  writeFeedbackClaim,
  writeLastKnownPracticeId,
  writeUserData,
} from "./browser-storage.ts";

describe("browser local storage keys (spec §3)", () => {
  afterEach(() => localStorage.clear());

  it("userData defaults to {} and keeps only the id and the first name", () => {
    expect(readUserData()).toEqual({});
    writeUserData({ id: "u1", name: "Giulia", ...({ email: "g@example.it", taxCode: "X" } as object) });
    expect(JSON.parse(localStorage.getItem("userData") ?? "")).toEqual({ id: "u1", name: "Giulia" });
    expect(readUserData()).toEqual({ id: "u1", name: "Giulia" });
  });

  it("reads malformed userData as {}", () => {
    localStorage.setItem("userData", "not json");
    expect(readUserData()).toEqual({});
    localStorage.setItem("userData", '["a"]');
    expect(readUserData()).toEqual({});
  });

  it("the clear-all helper removes every key except debugMode", () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.debugMode, "true");
    localStorage.setItem(LOCAL_STORAGE_KEYS.consoleLog, "true");
    writeUserData({ id: "u1", name: "Giulia" });
    writeLastKnownPracticeId("p-1");
    localStorage.setItem("unrelated", "stays");

    clearAllLocalKeys();

    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.userData)).toBeNull();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.consoleLog)).toBeNull();
    expect(readLastKnownPracticeId()).toBeNull();
    expect(isDebugMode()).toBe(true);
    expect(localStorage.getItem("unrelated")).toBe("stays");
  });
});

describe("session storage keys", () => {
  afterEach(() => sessionStorage.clear());

  it("keeps the submitting tab's claim as { practiceId, claimToken } and nothing else", () => {
    expect(readFeedbackClaim()).toBeNull();
    writeFeedbackClaim({ practiceId: "p1", claimToken: "t1", ...({ claimKey: "K7QM-2XFD" } as object) });
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEYS.feedbackClaim) ?? "")).toEqual({
      practiceId: "p1",
      claimToken: "t1",
    });
    expect(readFeedbackClaim()).toEqual({ practiceId: "p1", claimToken: "t1" });
    clearFeedbackClaim();
    expect(readFeedbackClaim()).toBeNull();
  });

  it("reads a malformed claim as none", () => {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.feedbackClaim, "not json");
    expect(readFeedbackClaim()).toBeNull();
    sessionStorage.setItem(SESSION_STORAGE_KEYS.feedbackClaim, JSON.stringify({ practiceId: "p1" }));
    expect(readFeedbackClaim()).toBeNull();
  });

  it("the clear-all helper removes every session key of ours, and only those", () => {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.feedbackDraft, "{}");
    writeFeedbackClaim({ practiceId: "p1", claimToken: "t1" });
    sessionStorage.setItem("someone-else", "x");
    clearAllSessionKeys();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.feedbackDraft)).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.feedbackClaim)).toBeNull();
    expect(sessionStorage.getItem("someone-else")).toBe("x");
  });
});
