import { describe, expect, it } from "vitest";
import { agendaPeriod } from "./agenda-page.tsx";
import {
  groupSlotsByDay,
  longDay,
  longDayWithYear,
  periodText,
  romeTime,
  slotText,
} from "./consultation-format.ts";
import { slot } from "./consultation-test-helpers.ts";

describe("the consultation's days", () => {
  it("are written the Italian way, whatever the browser's time zone", () => {
    expect(longDay("2026-12-07")).toBe("lunedì 7 dicembre");
    expect(longDayWithYear("2026-12-13")).toBe("domenica 13 dicembre 2026");
    expect(slotText({ date: "2026-12-07", time: "10:00" })).toBe("lunedì 7 dicembre alle 10:00");
    // 23:30Z on 31 March 2027 is 01:30 on 1 April in Rome (summer time).
    expect(romeTime("2027-03-31T23:30:00.000Z")).toBe("01:30");
  });

  it("group the free slots by their Rome day, in order", () => {
    const slots = [
      // 23:30 on Monday in Rome (22:30 UTC).
      slot("2026-12-07T22:30:00.000Z", "2026-12-07", "23:30"),
      slot("2026-12-07T09:00:00.000Z", "2026-12-07", "10:00"),
      // 00:30 in Rome on Tuesday is 23:30 UTC on Monday: it belongs to Tuesday.
      slot("2026-12-07T23:30:00.000Z", "2026-12-08", "00:30"),
      slot("2026-12-09T14:00:00.000Z", "2026-12-09", "15:00"),
    ];
    expect(groupSlotsByDay(slots).map((day) => [day.date, day.slots.map((s) => s.time)])).toEqual([
      ["2026-12-07", ["10:00", "23:30"]],
      ["2026-12-08", ["00:30"]],
      ["2026-12-09", ["15:00"]],
    ]);
  });

  it("give the agenda a day, or the week from Monday to Sunday", () => {
    expect(agendaPeriod("giorno", "2026-12-09")).toEqual({ from: "2026-12-09", to: "2026-12-09" });
    expect(agendaPeriod("settimana", "2026-12-09")).toEqual({ from: "2026-12-07", to: "2026-12-13" });
    expect(agendaPeriod("settimana", "2026-12-13")).toEqual({ from: "2026-12-07", to: "2026-12-13" });
    expect(agendaPeriod("settimana", "2027-01-01")).toEqual({ from: "2026-12-28", to: "2027-01-03" });
  });

  it("name a week in words, eliding before 1, 8 and 11", () => {
    expect(periodText("2026-12-07", "2026-12-13")).toBe("dal 7 al 13 dicembre 2026");
    expect(periodText("2027-03-08", "2027-03-14")).toBe("dall'8 al 14 marzo 2027");
    expect(periodText("2026-11-30", "2026-12-06")).toBe("dal 30 novembre al 6 dicembre 2026");
    expect(periodText("2026-12-28", "2027-01-03")).toBe("dal 28 dicembre 2026 al 3 gennaio 2027");
    expect(periodText("2027-02-22", "2027-03-01")).toBe("dal 22 febbraio all'1 marzo 2027");
  });
});
