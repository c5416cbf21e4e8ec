import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  addYears,
  compareIsoDates,
  daysBetween,
  daysInMonth,
  formatItalianDate,
  formatMonthsItalian,
  formatShortItalianDay,
  isAfter,
  isBefore,
  isIsoDate,
  isLeapYear,
  laterOf,
  parseIsoDate,
  romeCalendarDay,
} from "./calendar.ts";

// Oracle for the tests only: the same calendar through Date in UTC (valid for years 100 and later).
const MS_PER_DAY = 86_400_000;
const utc = (iso: string) => {
  const { year, month, day } = parseIsoDate(iso);
  return Date.UTC(year, month - 1, day);
};
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const isoDateArb = fc
  .integer({ min: utc("1900-01-01") / MS_PER_DAY, max: utc("2199-12-31") / MS_PER_DAY })
  .map((days) => fromUtc(days * MS_PER_DAY));

describe("calendar: ISO dates", () => {
  it("accepts only real calendar days written YYYY-MM-DD", () => {
    for (const valid of ["2024-02-29", "2000-02-29", "2026-12-31", "1900-01-01", "2027-04-30"]) {
      expect(isIsoDate(valid), valid).toBe(true);
    }
    for (const invalid of [
      "2023-02-29",
      "1900-02-29",
      "2100-02-29",
      "2026-04-31",
      "2026-13-01",
      "2026-00-10",
      "2026-01-00",
      "2026-1-5",
      "26-01-05",
      "2026-01-05T00:00:00Z",
      "",
      20260105,
      null,
    ]) {
      expect(isIsoDate(invalid), String(invalid)).toBe(false);
    }
    expect(() => parseIsoDate("2023-02-29")).toThrow(RangeError);
  });

  it("knows leap years and month lengths", () => {
    expect([2024, 2028, 2000, 2400].map(isLeapYear)).toEqual([true, true, true, true]);
    expect([2026, 2027, 1900, 2100].map(isLeapYear)).toEqual([false, false, false, false]);
    expect(daysInMonth(2027, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2026, 11)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it("agrees with the Date calendar on what a real day is", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2199 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const iso = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
          expect(isIsoDate(iso)).toBe(fromUtc(Date.UTC(year, month - 1, day)) === iso);
        },
      ),
    );
  });
});

describe("calendar: adding months and years (legal terms)", () => {
  it("clamps to the last day of a shorter month: 30 November + 3 months is the end of February", () => {
    expect(addMonths("2026-11-30", 3)).toBe("2027-02-28");
    expect(addMonths("2027-11-30", 3)).toBe("2028-02-29");
    expect(addMonths("2026-11-29", 3)).toBe("2027-02-28");
    expect(addMonths("2027-11-29", 3)).toBe("2028-02-29");
    expect(addMonths("2026-11-28", 3)).toBe("2027-02-28");
  });

  it("31 August + 6 months is 28 or 29 February", () => {
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2027-08-31", 6)).toBe("2028-02-29");
  });

  it("keeps the day when the target month has it, across year ends", () => {
    expect(addMonths("2026-01-15", 3)).toBe("2026-04-15");
    expect(addMonths("2026-10-31", 3)).toBe("2027-01-31");
    expect(addMonths("2026-12-31", 3)).toBe("2027-03-31");
    expect(addMonths("2026-03-31", 1)).toBe("2026-04-30");
    expect(addMonths("2026-05-31", 6)).toBe("2026-11-30");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
  });

  it("subtracts months too", () => {
    expect(addMonths("2027-03-31", -1)).toBe("2027-02-28");
    expect(addMonths("2027-01-15", -3)).toBe("2026-10-15");
  });

  it("adds years: 29 February + 6 years is 28 February, + 4 years is 29 February", () => {
    expect(addYears("2024-02-29", 6)).toBe("2030-02-28");
    expect(addYears("2024-02-29", 4)).toBe("2028-02-29");
    expect(addYears("2026-06-15", 10)).toBe("2036-06-15");
    // 6 years and 6 months (stalking prescription) as months.
    expect(addMonths("2024-08-31", 78)).toBe("2031-02-28");
  });

  it("rejects fractional months", () => {
    expect(() => addMonths("2026-01-01", 1.5)).toThrow(RangeError);
  });

  it("matches a clamping oracle built on Date for any day and any number of months", () => {
    fc.assert(
      fc.property(isoDateArb, fc.integer({ min: -600, max: 600 }), (date, months) => {
        const { year, month, day } = parseIsoDate(date);
        const first = new Date(Date.UTC(year, month - 1 + months, 1));
        const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
        const expected = fromUtc(
          Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, lastDay)),
        );
        expect(addMonths(date, months)).toBe(expected);
      }),
    );
  });

  it("never moves a term backwards and never gives a day later than the starting one", () => {
    fc.assert(
      fc.property(
        isoDateArb,
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        (d, a, b) => {
          const [small, large] = a <= b ? [a, b] : [b, a];
          expect(compareIsoDates(addMonths(d, small), addMonths(d, large))).toBeLessThanOrEqual(0);
          expect(parseIsoDate(addMonths(d, a)).day).toBeLessThanOrEqual(parseIsoDate(d).day);
        },
      ),
    );
  });

  it("adds month by month the same as at once when the day exists in every month", () => {
    fc.assert(
      fc.property(
        isoDateArb,
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 200 }),
        (d, a, b) => {
          fc.pre(parseIsoDate(d).day <= 28);
          expect(addMonths(addMonths(d, a), b)).toBe(addMonths(d, a + b));
        },
      ),
    );
  });
});

describe("calendar: days", () => {
  it("counts the days left to a deadline ('hai ancora N giorni')", () => {
    expect(daysBetween("2026-11-22", "2027-02-28")).toBe(98);
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysBetween("2027-02-28", "2027-03-01")).toBe(1);
    expect(daysBetween("2026-11-22", "2026-11-22")).toBe(0);
    expect(daysBetween("2026-11-23", "2026-11-22")).toBe(-1);
  });

  it("adds days across month, year and leap-day boundaries", () => {
    expect(addDays("2026-11-22", 2)).toBe("2026-11-24");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
  });

  it("agrees with Date and inverts addDays", () => {
    fc.assert(
      fc.property(isoDateArb, isoDateArb, fc.integer({ min: -20_000, max: 20_000 }), (a, b, n) => {
        expect(daysBetween(a, b)).toBe((utc(b) - utc(a)) / MS_PER_DAY);
        fc.pre(isIsoDate(fromUtc(utc(a) + n * MS_PER_DAY)) && utc(a) + n * MS_PER_DAY >= utc("1900-01-01"));
        expect(addDays(a, n)).toBe(fromUtc(utc(a) + n * MS_PER_DAY));
        expect(daysBetween(a, addDays(a, n))).toBe(n);
      }),
    );
  });

  it("compares days", () => {
    expect(compareIsoDates("2026-01-01", "2026-01-02")).toBe(-1);
    expect(compareIsoDates("2026-01-02", "2026-01-02")).toBe(0);
    expect(compareIsoDates("2027-01-01", "2026-12-31")).toBe(1);
    expect(isBefore("2026-01-01", "2026-01-02")).toBe(true);
    expect(isAfter("2026-01-01", "2026-01-02")).toBe(false);
    expect(laterOf("2026-03-01", "2026-02-01")).toBe("2026-03-01");
    expect(laterOf("2026-02-01", "2026-03-01")).toBe("2026-03-01");
  });
});

describe("calendar: the Europe/Rome day and Italian formats", () => {
  it("takes the calendar day in Rome, not in UTC", () => {
    expect(romeCalendarDay(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(romeCalendarDay(new Date("2026-12-31T22:59:59Z"))).toBe("2026-12-31");
    // Summer time: UTC+2.
    expect(romeCalendarDay(new Date("2026-06-30T22:30:00Z"))).toBe("2026-07-01");
    expect(romeCalendarDay(new Date("2026-06-30T21:59:00Z"))).toBe("2026-06-30");
    expect(() => romeCalendarDay(new Date("not a date"))).toThrow(RangeError);
  });

  it("writes a day as dd/mm/yyyy, the Rome day of an instant included, and leaves other text alone", () => {
    expect(formatShortItalianDay("2026-11-02")).toBe("02/11/2026");
    expect(formatShortItalianDay(romeCalendarDay(new Date("2026-12-31T23:30:00Z")))).toBe("01/01/2027");
    expect(formatShortItalianDay("non so")).toBe("non so");
  });

  it("writes dates the Italian way", () => {
    expect(formatItalianDate("2027-02-28")).toBe("28 febbraio 2027");
    expect(formatItalianDate("2027-03-01")).toBe("1 marzo 2027");
    expect(formatItalianDate("2026-12-09")).toBe("9 dicembre 2026");
  });

  it("writes periods in Italian words", () => {
    expect(formatMonthsItalian(78)).toBe("6 anni e 6 mesi");
    expect(formatMonthsItalian(117)).toBe("9 anni e 9 mesi");
    expect(formatMonthsItalian(72)).toBe("6 anni");
    expect(formatMonthsItalian(13)).toBe("1 anno e 1 mese");
    expect(formatMonthsItalian(3)).toBe("3 mesi");
  });
});
