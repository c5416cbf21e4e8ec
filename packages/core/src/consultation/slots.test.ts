import { describe, expect, it } from "vitest";
import {
  type AvailabilityRules,
  isOfferedSlot,
  romeInstant,
  romeOffsetMinutes,
  romeWallClock,
  slotEnd,
  slotStarts,
  weekdayOf,
} from "./slots.ts";

// The slots on Rome's wall clock: a 10:00 slot is 10:00 in Rome on both sides of the daylight-saving changes
// of 2027 (Sunday 28 March, clocks forward 02:00 → 03:00; Sunday 31 October, back 03:00 → 02:00).

const OFFICE: AvailabilityRules = {
  weekly: [1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday: weekday as 1, from: "09:30", to: "13:00" },
    { weekday: weekday as 1, from: "14:30", to: "18:00" },
  ]),
  exceptions: [],
};

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe("Rome's wall clock", () => {
  it("knows the offset on each side of the changes", () => {
    expect(romeOffsetMinutes(new Date("2027-03-28T00:59:00Z"))).toBe(60);
    expect(romeOffsetMinutes(new Date("2027-03-28T01:00:00Z"))).toBe(120);
    expect(romeOffsetMinutes(new Date("2027-10-31T00:59:00Z"))).toBe(120);
    expect(romeOffsetMinutes(new Date("2027-10-31T01:00:00Z"))).toBe(60);
  });

  it("reads instants as Rome's day, time and weekday", () => {
    expect(romeWallClock(new Date("2027-03-29T08:00:00Z"))).toEqual({
      date: "2027-03-29",
      time: "10:00",
      weekday: 1,
    });
    // 23:30 UTC on New Year's Eve is already the next year in Rome.
    expect(romeWallClock(new Date("2026-12-31T23:30:00Z"))).toEqual({
      date: "2027-01-01",
      time: "00:30",
      weekday: 5,
    });
    expect(weekdayOf("2027-03-28")).toBe(7);
  });

  it("turns a Rome moment into its instant, winter and summer", () => {
    expect(romeInstant("2027-03-22", "10:00")?.toISOString()).toBe("2027-03-22T09:00:00.000Z");
    expect(romeInstant("2027-03-29", "10:00")?.toISOString()).toBe("2027-03-29T08:00:00.000Z");
    expect(romeInstant("2027-10-29", "10:00")?.toISOString()).toBe("2027-10-29T08:00:00.000Z");
    expect(romeInstant("2027-11-01", "10:00")?.toISOString()).toBe("2027-11-01T09:00:00.000Z");
    // The changes' own nights: the hour skipped is none, the hour repeated is its first occurrence.
    expect(romeInstant("2027-03-28", "01:30")?.toISOString()).toBe("2027-03-28T00:30:00.000Z");
    expect(romeInstant("2027-03-28", "02:30")).toBeNull();
    expect(romeInstant("2027-03-28", "03:00")?.toISOString()).toBe("2027-03-28T01:00:00.000Z");
    expect(romeInstant("2027-10-31", "02:30")?.toISOString()).toBe("2027-10-31T00:30:00.000Z");
    expect(romeInstant("2027-10-31", "03:00")?.toISOString()).toBe("2027-10-31T02:00:00.000Z");
  });
});

describe("the slots", () => {
  it("cuts each range into 30-minute starts, one that would end past the range left out", () => {
    const day = slotStarts(
      { weekly: [{ weekday: 1, from: "09:30", to: "11:15" }], exceptions: [] },
      "2027-03-22",
      "2027-03-22",
    );
    expect(day.map((d) => romeWallClock(d).time)).toEqual(["09:30", "10:00", "10:30"]);
    expect(slotEnd(day[0] as Date).toISOString()).toBe("2027-03-22T09:00:00.000Z");
  });

  it("keeps 10:00 at 10:00 in Rome across the March change", () => {
    const starts = slotStarts(OFFICE, "2027-03-22", "2027-03-30");
    const tens = starts.filter((d) => romeWallClock(d).time === "10:00");
    // Monday to Friday of the week before, then Tuesday after the change: no weekend slots, and none on
    // Easter Monday (29 March 2027), a national holiday.
    expect(iso(tens)).toEqual([
      "2027-03-22T09:00:00.000Z",
      "2027-03-23T09:00:00.000Z",
      "2027-03-24T09:00:00.000Z",
      "2027-03-25T09:00:00.000Z",
      "2027-03-26T09:00:00.000Z",
      "2027-03-30T08:00:00.000Z",
    ]);
    // Each weekday has the same 14 slots on both sides.
    for (const date of ["2027-03-26", "2027-03-30"])
      expect(starts.filter((d) => romeWallClock(d).date === date)).toHaveLength(14);
  });

  it("keeps 10:00 at 10:00 in Rome across the October change", () => {
    // Monday 1 November 2027 is Ognissanti: the Tuesday after is the first day open.
    const starts = slotStarts(OFFICE, "2027-10-29", "2027-11-02");
    expect(iso(starts.filter((d) => romeWallClock(d).time === "10:00"))).toEqual([
      "2027-10-29T08:00:00.000Z",
      "2027-11-02T09:00:00.000Z",
    ]);
  });

  it("offers the change nights' existing times only, once each", () => {
    const night: AvailabilityRules = { weekly: [{ weekday: 7, from: "01:00", to: "04:00" }], exceptions: [] };
    expect(slotStarts(night, "2027-03-28", "2027-03-28").map((d) => romeWallClock(d).time)).toEqual([
      "01:00",
      "01:30",
      "03:00",
      "03:30",
    ]);
    const autumn = slotStarts(night, "2027-10-31", "2027-10-31");
    expect(autumn.map((d) => romeWallClock(d).time)).toEqual([
      "01:00",
      "01:30",
      "02:00",
      "02:30",
      "03:00",
      "03:30",
    ]);
    expect(new Set(iso(autumn)).size).toBe(autumn.length);
  });

  it("lets an exception close a day or give it other hours", () => {
    const rules: AvailabilityRules = {
      ...OFFICE,
      exceptions: [
        { date: "2027-03-23", ranges: [] },
        { date: "2027-03-24", ranges: [{ from: "16:00", to: "17:00" }] },
        // A Saturday opened for once.
        { date: "2027-03-27", ranges: [{ from: "10:00", to: "10:30" }] },
      ],
    };
    const starts = slotStarts(rules, "2027-03-23", "2027-03-27");
    const byDay = (date: string) =>
      starts.filter((d) => romeWallClock(d).date === date).map((d) => romeWallClock(d).time);
    expect(byDay("2027-03-23")).toEqual([]);
    expect(byDay("2027-03-24")).toEqual(["16:00", "16:30"]);
    expect(byDay("2027-03-25")).toHaveLength(14);
    expect(byDay("2027-03-27")).toEqual(["10:00"]);
  });

  it("tells an offered start from one off the grid or on a closed day", () => {
    expect(isOfferedSlot(OFFICE, new Date("2027-03-30T08:00:00Z"))).toBe(true);
    // 10:00 in winter's offset on a summer day is 11:00 in Rome: offered too, but a different slot.
    expect(isOfferedSlot(OFFICE, new Date("2027-03-30T09:00:00Z"))).toBe(true);
    expect(isOfferedSlot(OFFICE, new Date("2027-03-30T08:15:00Z"))).toBe(false);
    expect(isOfferedSlot(OFFICE, new Date("2027-03-30T11:00:00Z"))).toBe(false); // 13:00: lunch
    expect(isOfferedSlot(OFFICE, new Date("2027-03-28T08:00:00Z"))).toBe(false); // Sunday
    expect(isOfferedSlot(OFFICE, new Date("2027-03-29T08:00:00Z"))).toBe(false); // Easter Monday
    expect(isOfferedSlot(OFFICE, new Date("2027-03-30T08:00:00.500Z"))).toBe(false);
    expect(isOfferedSlot(OFFICE, new Date("nope"))).toBe(false);
  });

  it("closes the national holidays unless a special day opens one", () => {
    // Tuesday 8 December 2026 (Immacolata): a weekday of the office, and no slot.
    expect(slotStarts(OFFICE, "2026-12-07", "2026-12-09").map((d) => romeWallClock(d).date)).not.toContain(
      "2026-12-08",
    );
    expect(slotStarts(OFFICE, "2026-12-08", "2026-12-08")).toEqual([]);
    // Christmas and Santo Stefano, whatever weekday they fall on.
    expect(slotStarts(OFFICE, "2028-12-25", "2028-12-26")).toEqual([]);
    // A special day with hours opens the holiday; the ones around it keep their week.
    const opened: AvailabilityRules = {
      ...OFFICE,
      exceptions: [{ date: "2026-12-08", ranges: [{ from: "10:00", to: "11:00" }] }],
    };
    expect(slotStarts(opened, "2026-12-08", "2026-12-08").map((d) => romeWallClock(d).time)).toEqual([
      "10:00",
      "10:30",
    ]);
    expect(isOfferedSlot(opened, new Date("2026-12-08T09:00:00Z"))).toBe(true);
    expect(slotStarts(opened, "2026-12-09", "2026-12-09")).toHaveLength(14);
  });
});
