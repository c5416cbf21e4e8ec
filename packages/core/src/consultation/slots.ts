import {
  addDays,
  formatIsoDate,
  formatItalianDate,
  type IsoDate,
  isAfter,
  parseIsoDate,
  WEEKDAY_LABELS,
} from "../shared/calendar.ts";
import { italianHolidayOn } from "../shared/holidays.ts";

// The free consultation's slots (ADR 031), computed on the Europe/Rome wall clock: the team's hours are
// Italian hours, so a 10:00 slot is 10:00 in Rome in winter (09:00Z) and in summer (08:00Z), on both sides of
// the last Sunday of March and of October. The offset of each instant comes from Intl (the runtime's tz
// database), no date library. A wall-clock time the spring change skips (02:30 on the last Sunday of March)
// is no slot; one the autumn change repeats is its first occurrence.

/** The team's time zone: availability, slots, mails and invitations are all read on its clock. */
export const CONSULTATION_TIME_ZONE = "Europe/Rome";

/** A consultation's length, and the step of the slots inside an opening range. */
export const CONSULTATION_MINUTES = 30;

/** A wall-clock time written HH:MM, 00:00–23:59 (24:00 closes a range at midnight). */
export type WallTime = string;

/** A range of opening hours on one day, from its start to its end ("09:30"–"13:00"). */
export interface OpeningRange {
  from: WallTime;
  to: WallTime;
}

/** ISO weekday: 1 is Monday ("lunedì"), 7 is Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface WeeklyRange extends OpeningRange {
  weekday: Weekday;
}

/** A day with hours of its own: no ranges means closed (a holiday), otherwise they replace the week's. */
export interface AvailabilityException {
  date: IsoDate;
  ranges: OpeningRange[];
}

export interface AvailabilityRules {
  weekly: WeeklyRange[];
  exceptions: AvailabilityException[];
}

/** An instant as the team's calendar reads it. */
export interface RomeWallClock {
  date: IsoDate;
  time: WallTime;
  weekday: Weekday;
}

const DAY_MS = 86_400_000;

const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether a value is an HH:MM wall-clock time (00:00–23:59), or 24:00 when `end` (a range's end). */
export function isWallTime(value: unknown, end = false): value is WallTime {
  return typeof value === "string" && (WALL_TIME.test(value) || (end && value === "24:00"));
}

/** "09:30" → 570 minutes after midnight. */
export function wallTimeMinutes(time: WallTime): number {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** 570 → "09:30". */
export function minutesWallTime(total: number): WallTime {
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

const ROME_PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: CONSULTATION_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

function romeParts(instant: Date): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const part of ROME_PARTS.formatToParts(instant))
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  return parts;
}

/** Rome's offset from UTC at an instant, in minutes (60 in winter, 120 in summer). */
export function romeOffsetMinutes(instant: Date): number {
  const p = romeParts(instant);
  const asUtc = Date.UTC(
    p.year ?? 0,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - whole) / 60_000);
}

/** The ISO weekday of a calendar day. */
export function weekdayOf(date: IsoDate): Weekday {
  const { year, month, day } = parseIsoDate(date);
  const sundayFirst = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return (sundayFirst === 0 ? 7 : sundayFirst) as Weekday;
}

/** "lunedì 29 marzo 2027": a calendar day with its weekday. */
export function dayWithWeekday(date: IsoDate): string {
  return `${WEEKDAY_LABELS[weekdayOf(date)]} ${formatItalianDate(date)}`;
}

/**
 * An instant as Italians read it on Rome's clock: "29 marzo 2027 alle 10:00", with its weekday when asked
 * ("lunedì 29 marzo 2027 alle 10:00"): the consultation's mails, the diary's seals.
 */
export function romeMomentText(instant: Date, { weekday = false }: { weekday?: boolean } = {}): string {
  const { date, time } = romeWallClock(instant);
  return `${weekday ? dayWithWeekday(date) : formatItalianDate(date)} alle ${time}`;
}

/** An instant on Rome's calendar and clock (to the minute). */
export function romeWallClock(instant: Date): RomeWallClock {
  if (Number.isNaN(instant.getTime())) throw new RangeError("Invalid instant");
  const p = romeParts(instant);
  const date = formatIsoDate({ year: p.year ?? 0, month: p.month ?? 1, day: p.day ?? 1 });
  return { date, time: minutesWallTime((p.hour ?? 0) * 60 + (p.minute ?? 0)), weekday: weekdayOf(date) };
}

/**
 * The instant a Rome wall-clock moment names; null for one the spring change skips, the earlier one for one
 * the autumn change repeats. The candidates are the moment less each offset Rome has around that day.
 */
export function romeInstant(date: IsoDate, time: WallTime): Date | null {
  const { year, month, day } = parseIsoDate(date);
  const minutes = wallTimeMinutes(time);
  const naive = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((shift) => romeOffsetMinutes(new Date(naive + shift))));
  const candidates = [...offsets].map((offset) => naive - offset * 60_000).sort((a, b) => a - b);
  for (const candidate of candidates) {
    const back = romeWallClock(new Date(candidate));
    if (back.date === date && back.time === time) return new Date(candidate);
  }
  return null;
}

/**
 * The opening ranges of one day: its exception's; none on a national holiday without one (staff open a
 * holiday by giving it a special day with hours); otherwise its weekday's.
 */
export function rangesOn(rules: AvailabilityRules, date: IsoDate): OpeningRange[] {
  const exception = rules.exceptions.find((candidate) => candidate.date === date);
  if (exception) return exception.ranges;
  if (italianHolidayOn(date)) return [];
  const weekday = weekdayOf(date);
  return rules.weekly.filter((range) => range.weekday === weekday);
}

/**
 * The start instants of the slots the availability offers from one Rome calendar day to another (both
 * included), in order: each range cut into CONSULTATION_MINUTES steps from its start, a step that would end
 * after the range's end left out.
 */
export function slotStarts(rules: AvailabilityRules, from: IsoDate, to: IsoDate): Date[] {
  const starts = new Set<number>();
  for (let date = from; !isAfter(date, to); date = addDays(date, 1)) {
    for (const range of rangesOn(rules, date)) {
      const end = wallTimeMinutes(range.to);
      for (
        let start = wallTimeMinutes(range.from);
        start + CONSULTATION_MINUTES <= end;
        start += CONSULTATION_MINUTES
      ) {
        const instant = romeInstant(date, minutesWallTime(start));
        if (instant) starts.add(instant.getTime());
      }
    }
  }
  return [...starts].sort((a, b) => a - b).map((time) => new Date(time));
}

/** Whether the availability offers a slot starting at this instant. */
export function isOfferedSlot(rules: AvailabilityRules, startsAt: Date): boolean {
  if (Number.isNaN(startsAt.getTime())) return false;
  const { date } = romeWallClock(startsAt);
  return slotStarts(rules, date, date).some((start) => start.getTime() === startsAt.getTime());
}

/** A consultation's end: its start and CONSULTATION_MINUTES of real time. */
export function slotEnd(startsAt: Date): Date {
  return new Date(startsAt.getTime() + CONSULTATION_MINUTES * 60_000);
}
