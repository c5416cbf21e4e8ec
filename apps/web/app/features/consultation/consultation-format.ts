import type { Slot } from "@argine/core/consultation/consultation-api";
import { romeWallClock, weekdayOf } from "@argine/core/consultation/slots";
import { addDays, type IsoDate, parseIsoDate, romeCalendarDay } from "@argine/core/shared/calendar";
import { withDayArticle } from "@argine/core/shared/italian-grammar";

// How the consultation's screens write days and group slots. Every day here is a Europe/Rome calendar day
// (the API's `date` of a slot or a booking), written as such: never shifted by the browser's time zone.

const dayFormat = (withYear: boolean) =>
  new Intl.DateTimeFormat("it-IT", {
    weekday: "long",
    day: "numeric",
    month: "long",
    ...(withYear ? { year: "numeric" } : {}),
    // The day is a calendar day: read at UTC midnight in UTC, it is that day whatever the browser's zone.
    timeZone: "UTC",
  });
const LONG_DAY = dayFormat(false);
const LONG_DAY_WITH_YEAR = dayFormat(true);

const utcMidnight = (date: IsoDate) => {
  const { year, month, day } = parseIsoDate(date);
  return new Date(Date.UTC(year, month - 1, day));
};

/** "lunedì 7 dicembre". */
export const longDay = (date: IsoDate) => LONG_DAY.format(utcMidnight(date));

/** "lunedì 7 dicembre 2026". */
export const longDayWithYear = (date: IsoDate) => LONG_DAY_WITH_YEAR.format(utcMidnight(date));

/** "lunedì 7 dicembre alle 10:00". */
export const slotText = (slot: { date: IsoDate; time: string }) => `${longDay(slot.date)} alle ${slot.time}`;

export interface SlotDay {
  /** The Rome calendar day. */
  date: IsoDate;
  slots: Slot[];
}

/** The free slots grouped by their Rome day, days and times in order. */
export function groupSlotsByDay(slots: readonly Slot[]): SlotDay[] {
  const days = new Map<IsoDate, Slot[]>();
  for (const slot of [...slots].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))) {
    const list = days.get(slot.date);
    if (list) list.push(slot);
    else days.set(slot.date, [slot]);
  }
  return [...days].map(([date, list]) => ({ date, slots: list }));
}

/** Today on Rome's calendar. */
export const romeToday = (now: Date = new Date()) => romeCalendarDay(now);

/** The Rome wall-clock time of an instant, "10:30" (a booking's end). */
export const romeTime = (instant: string) => romeWallClock(new Date(instant)).time;

/** The Monday of the week holding a day. */
export const weekStart = (date: IsoDate) => addDays(date, 1 - weekdayOf(date));

/** The days of a period, both ends included. */
export function daysOf(from: IsoDate, to: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

const MONTH = new Intl.DateTimeFormat("it-IT", { month: "long", timeZone: "UTC" });

/** "dal 7 al 13 dicembre 2026", "dall'8 al 14 dicembre 2026", "dal 28 dicembre 2026 al 3 gennaio 2027". */
export function periodText(from: IsoDate, to: IsoDate): string {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  const month = (date: IsoDate) => MONTH.format(utcMidnight(date));
  const start =
    a.year !== b.year
      ? `${a.day} ${month(from)} ${a.year}`
      : a.month !== b.month
        ? `${a.day} ${month(from)}`
        : `${a.day}`;
  return `${withDayArticle("dal", start)} ${withDayArticle("al", `${b.day} ${month(to)} ${b.year}`)}`;
}
