import { describe, expect, it } from "vitest";
import { formatBackAt, supportStatus } from "./support-hours.ts";

// The support chat's hours are Rome's (ADR 030), whatever the clock of the machine reading them.

describe("the support chat's hours", () => {
  it("is open on a weekday afternoon in Rome, in winter and in summer", () => {
    expect(supportStatus(new Date("2026-12-01T14:00:00Z"))).toEqual({ open: true }); // 15:00 CET
    expect(supportStatus(new Date("2027-06-01T16:30:00Z"))).toEqual({ open: true }); // 18:30 CEST
    // 19:30 CEST is closed, though 19:30 CET would be 18:30 UTC.
    expect(supportStatus(new Date("2027-06-01T17:30:00Z")).open).toBe(false);
  });

  it("says when the team is back, on Rome's calendar", () => {
    const tuesdayNight = new Date("2026-12-01T22:10:00Z"); // 23:10 on Tuesday
    const tuesday = supportStatus(tuesdayNight);
    expect(tuesday).toEqual({ open: false, backAt: new Date("2026-12-02T08:00:00Z") });
    if (!tuesday.open) expect(formatBackAt(tuesday.backAt, tuesdayNight)).toBe("domani alle 9:00");

    const earlyWednesday = new Date("2026-12-02T05:00:00Z"); // 6:00
    const early = supportStatus(earlyWednesday);
    if (!early.open) expect(formatBackAt(early.backAt, earlyWednesday)).toBe("oggi alle 9:00");

    const saturday = new Date("2026-12-05T15:00:00Z"); // 16:00, closed since 13:00
    const weekend = supportStatus(saturday);
    expect(weekend).toEqual({ open: false, backAt: new Date("2026-12-07T08:00:00Z") });
    if (!weekend.open) expect(formatBackAt(weekend.backAt, saturday)).toBe("lunedì alle 9:00");
  });

  it("walks across the night the clocks go forward without losing the hour", () => {
    // Saturday 27 March 2027, 23:30 CET: the clocks go forward that night; Monday 9:00 is 7:00 UTC.
    const night = new Date("2027-03-27T22:30:00Z");
    const status = supportStatus(night);
    expect(status).toEqual({ open: false, backAt: new Date("2027-03-29T07:00:00Z") });
    // Monday is two calendar days away, though less than 48 hours: not "domani".
    if (!status.open) expect(formatBackAt(status.backAt, night)).toBe("lunedì alle 9:00");
  });
});
