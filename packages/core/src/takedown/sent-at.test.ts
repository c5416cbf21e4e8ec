import { describe, expect, it } from "vitest";
import { takedownSentAt } from "./sent-at.ts";

const CREATED = new Date("2026-11-20T10:00:30.000Z");
const NOW = new Date("2026-11-24T09:00:00.000Z");
const at = (given: string) => takedownSentAt(given, CREATED, NOW);

describe("when staff say a notice was sent", () => {
  it("keeps an instant between the link's arrival and now", () => {
    expect(at("2026-11-21T15:30:00.000Z")).toEqual({ at: new Date("2026-11-21T15:30:00.000Z") });
    expect(at("2026-11-21T16:30:00+01:00")).toEqual({ at: new Date("2026-11-21T15:30:00.000Z") });
  });

  it("refuses the future past a few minutes of clock slack, and keeps the slack as now", () => {
    expect(at("2026-11-24T09:10:00.000Z")).toEqual({ refused: "future" });
    expect(at("2026-11-24T09:04:00.000Z")).toEqual({ at: NOW });
  });

  it("refuses a moment before the link, but not the start of the minute it came in", () => {
    expect(at("2026-11-19T23:00:00.000Z")).toEqual({ refused: "beforeLink" });
    expect(at("2026-11-20T10:00:00.000Z")).toEqual({ at: CREATED });
  });

  it("reads a day alone as a day of Italy, its midday kept within the link's life", () => {
    expect(at("2026-11-22")).toEqual({ at: new Date("2026-11-22T12:00:00.000Z") });
    expect(at("2026-11-25")).toEqual({ refused: "future" });
    expect(at("2026-11-19")).toEqual({ refused: "beforeLink" });
    // A link that came in after that midday, a day that is today before its midday: the nearer bound.
    expect(takedownSentAt("2026-11-20", new Date("2026-11-20T13:00:00.000Z"), NOW)).toEqual({
      at: new Date("2026-11-20T13:00:00.000Z"),
    });
    expect(takedownSentAt("2026-11-24", CREATED, new Date("2026-11-24T08:00:00.000Z"))).toEqual({
      at: new Date("2026-11-24T08:00:00.000Z"),
    });
  });

  it("counts days in Rome: 23:30 UTC on the 19th is already the 20th there", () => {
    const late = new Date("2026-11-19T23:30:00.000Z");
    expect(takedownSentAt("2026-11-20", late, NOW)).toEqual({ at: new Date("2026-11-20T12:00:00.000Z") });
  });
});
