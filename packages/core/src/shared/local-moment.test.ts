import { describe, expect, it } from "vitest";
import { isLocalMoment, isoToLocalMoment, localMomentToIso } from "./local-moment.ts";

describe("a datetime-local moment", () => {
  it("is read and written back in the same time zone", () => {
    const iso = localMomentToIso("2026-11-20T14:05");
    expect(isoToLocalMoment(iso)).toBe("2026-11-20T14:05");
    expect(new Date(iso).getHours()).toBe(14);
  });

  it("refuses what is not a real moment", () => {
    expect(isLocalMoment("2026-11-20T14:05")).toBe(true);
    expect(isLocalMoment("2026-02-30T10:00")).toBe(false);
    expect(isLocalMoment("2026-11-20T24:00")).toBe(false);
    expect(isLocalMoment("2026-11-20")).toBe(false);
    expect(isLocalMoment("ieri")).toBe(false);
  });

  it("writes nothing for an invalid instant", () => {
    expect(isoToLocalMoment("x")).toBe("");
  });
});
