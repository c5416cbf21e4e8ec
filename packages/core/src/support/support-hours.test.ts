import { describe, expect, it } from "vitest";
import { formatBackAt, formatRomeTime, supportStatus } from "./support-hours.ts";

// The support chat's hours are Rome's (ADR 030), whatever the clock of the machine reading them.

describe("the support chat's hours", () => {
  it("is open on a weekday afternoon in Rome, in winter and in summer", () => {
    expect(supportStatus(new Date("2026-12-01T14:00:00Z"))).toEqual({ state: "open" }); // 15:00 CET
    expect(supportStatus(new Date("2027-06-01T15:30:00Z"))).toEqual({ state: "open" }); // 17:30 CEST
    // 19:30 CEST is closed, though 19:30 CET would be 18:30 UTC.
    expect(supportStatus(new Date("2027-06-01T17:30:00Z")).state).toBe("closed");
  });

  it("says when the team is back, on Rome's calendar", () => {
    const tuesdayNight = new Date("2026-12-01T22:10:00Z"); // 23:10 on Tuesday
    const tuesday = supportStatus(tuesdayNight);
    expect(tuesday).toEqual({ state: "closed", backAt: new Date("2026-12-02T08:00:00Z") });
    if (tuesday.state === "closed")
      expect(formatBackAt(tuesday.backAt, tuesdayNight)).toBe("domani alle 9:00");

    const earlyWednesday = new Date("2026-12-02T05:00:00Z"); // 6:00
    const early = supportStatus(earlyWednesday);
    if (early.state === "closed") expect(formatBackAt(early.backAt, earlyWednesday)).toBe("oggi alle 9:00");

    const saturday = new Date("2026-12-05T15:00:00Z"); // 16:00, closed since 13:00
    const weekend = supportStatus(saturday);
    expect(weekend).toEqual({ state: "closed", backAt: new Date("2026-12-07T08:00:00Z") });
    if (weekend.state === "closed") expect(formatBackAt(weekend.backAt, saturday)).toBe("lunedì alle 9:00");
  });

  it("walks across the night the clocks go forward without losing the hour", () => {
    // Saturday 28 March 2026, 23:30 CET: the clocks go forward that night; Monday 9:00 is 7:00 UTC.
    const night = new Date("2026-03-28T22:30:00Z");
    const status = supportStatus(night);
    expect(status).toEqual({ state: "closed", backAt: new Date("2026-03-30T07:00:00Z") });
    // Monday is two calendar days away, though less than 48 hours: not "domani".
    if (status.state === "closed") expect(formatBackAt(status.backAt, night)).toBe("lunedì alle 9:00");
  });

  it("promises the answer within the hour only while an hour is left before closing", () => {
    // Saturday 5 December 2026, 12:00 in Rome: an hour to go, the promise holds.
    expect(supportStatus(new Date("2026-12-05T11:00:00Z"))).toEqual({ state: "open" });
    // 12:55: five minutes to closing; the team is there, but the answer may come on Monday.
    const fiveToOne = new Date("2026-12-05T11:55:00Z");
    const saturday = supportStatus(fiveToOne);
    expect(saturday).toEqual({
      state: "closing",
      closesAt: new Date("2026-12-05T12:00:00Z"),
      backAt: new Date("2026-12-07T08:00:00Z"),
    });
    if (saturday.state === "closing") {
      expect(formatRomeTime(saturday.closesAt)).toBe("13:00");
      expect(formatBackAt(saturday.backAt, fiveToOne)).toBe("lunedì alle 9:00");
    }
    // A weekday at 18:30: back tomorrow morning.
    const weekdayEvening = new Date("2026-12-01T17:30:00Z");
    const tuesday = supportStatus(weekdayEvening);
    expect(tuesday.state).toBe("closing");
    if (tuesday.state === "closing")
      expect(formatBackAt(tuesday.backAt, weekdayEvening)).toBe("domani alle 9:00");
  });

  it("is closed on the national holidays, and says the first working day after them", () => {
    // Tuesday 8 December 2026 (Immacolata) at 11:00: closed, back on Wednesday.
    const immacolata = new Date("2026-12-08T10:00:00Z");
    expect(supportStatus(immacolata)).toEqual({ state: "closed", backAt: new Date("2026-12-09T08:00:00Z") });
    // Friday 25 December 2026 at 10:00: Christmas, then Santo Stefano on Saturday, then Sunday: back Monday 28.
    const christmas = new Date("2026-12-25T09:00:00Z");
    const status = supportStatus(christmas);
    expect(status).toEqual({ state: "closed", backAt: new Date("2026-12-28T08:00:00Z") });
    if (status.state === "closed") expect(formatBackAt(status.backAt, christmas)).toBe("lunedì alle 9:00");
    // Easter Monday 2027 (29 March, the day after the clocks went forward), computed: back on Tuesday.
    const easterMonday = new Date("2027-03-29T08:00:00Z");
    const easter = supportStatus(easterMonday);
    expect(easter).toEqual({ state: "closed", backAt: new Date("2027-03-30T07:00:00Z") });
    if (easter.state === "closed") expect(formatBackAt(easter.backAt, easterMonday)).toBe("domani alle 9:00");
    // The evening before a holiday, the promise stops an hour before closing as on any day.
    expect(supportStatus(new Date("2026-12-07T17:30:00Z"))).toEqual({
      state: "closing",
      closesAt: new Date("2026-12-07T18:00:00Z"),
      backAt: new Date("2026-12-09T08:00:00Z"),
    });
  });
});
