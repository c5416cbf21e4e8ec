import { describe, expect, it } from "vitest";
import {
  isFreshSignIn,
  SIGN_IN_MAX_DELAY_MS,
  signInDelayMs,
  signInHeldUntil,
  waitInWords,
} from "./sign-in-guard.ts";

describe("sign-in delay", () => {
  it("lets the first five failures through without a wait", () => {
    for (let n = 0; n < 5; n++) expect(signInDelayMs(n)).toBe(0);
  });

  it("doubles from one second at the fifth failure, then stays at five minutes", () => {
    expect([5, 6, 7, 8, 9, 10, 13].map(signInDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 256000,
    ]);
    expect(signInDelayMs(14)).toBe(SIGN_IN_MAX_DELAY_MS);
    expect(signInDelayMs(1_000_000)).toBe(SIGN_IN_MAX_DELAY_MS);
  });

  it("holds a key from its last failure for the delay", () => {
    const last = new Date("2026-12-03T10:00:00Z");
    expect(signInHeldUntil(4, last)).toBeNull();
    expect(signInHeldUntil(7, last)?.toISOString()).toBe("2026-12-03T10:00:04.000Z");
    expect(signInHeldUntil(7, null)).toBeNull();
  });

  it("says the wait in Italian, rounded up", () => {
    expect(waitInWords(400)).toBe("1 secondo");
    expect(waitInWords(31_500)).toBe("32 secondi");
    expect(waitInWords(61_000)).toBe("2 minuti");
    expect(waitInWords(60_000)).toBe("1 minuto");
  });
});

describe("fresh sign-in for a staff grant", () => {
  const at = new Date("2026-12-03T10:00:00Z");
  it("accepts a sign-in of the last five minutes only", () => {
    expect(isFreshSignIn(new Date(at.getTime() - 299_000), at)).toBe(true);
    expect(isFreshSignIn(new Date(at.getTime() - 301_000), at)).toBe(false);
    expect(isFreshSignIn(null, at)).toBe(false);
  });
});
