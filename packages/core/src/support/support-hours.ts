import { addDays, type IsoDate, romeCalendarDay, WEEKDAY_LABELS } from "../shared/calendar.ts";
import { italianHolidayOn } from "../shared/holidays.ts";

// When the team reads the support chat (ADR 030): the hours are Rome's, whatever the visitor's clock says,
// and the widget says honestly whether someone is there now, how soon they answer, and when they are back.
// The national holidays are closed, unless the team decided to staff one (SUPPORT_OPEN_HOLIDAYS).

const ROME = "Europe/Rome";

/** Opening hours by weekday (0 = Sunday), as [from, to) minutes after midnight in Rome. */
export const SUPPORT_HOURS: Readonly<Record<number, readonly (readonly [number, number])[]>> = {
  1: [[9 * 60, 19 * 60]],
  2: [[9 * 60, 19 * 60]],
  3: [[9 * 60, 19 * 60]],
  4: [[9 * 60, 19 * 60]],
  5: [[9 * 60, 19 * 60]],
  6: [[9 * 60, 13 * 60]],
};

/**
 * The national holidays the team staffs the chat on, with the week's hours of that weekday (amendment of
 * ADR 030): a deliberate release, so the widget never promises someone on a holiday by default.
 */
export const SUPPORT_OPEN_HOLIDAYS: readonly IsoDate[] = [];

/** The hours as the widget writes them. */
export const SUPPORT_HOURS_TEXT =
  "dal lunedì al venerdì dalle 9:00 alle 19:00, il sabato dalle 9:00 alle 13:00; chiuso nei giorni festivi";

/** The promise the widget makes while the team is there: kept by the inbox's "waiting" order. */
export const SUPPORT_ANSWER_TEXT = "Negli orari di apertura rispondiamo entro un'ora.";

/** The answer promised is within the hour: made only while the team is there an hour more. */
export const SUPPORT_ANSWER_MINUTES = 60;

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

const romeParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: ROME,
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The instant's weekday and minute of the day on Rome's wall clock. */
function romeWallClock(at: Date): { weekday: number; minute: number } {
  const parts = Object.fromEntries(romeParts.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ""),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const isOpenAt = (at: Date) => {
  const day = romeCalendarDay(at);
  if (italianHolidayOn(day) && !SUPPORT_OPEN_HOLIDAYS.includes(day)) return false;
  const { weekday, minute } = romeWallClock(at);
  return (SUPPORT_HOURS[weekday] ?? []).some(([from, to]) => minute >= from && minute < to);
};

/**
 * The team is there with an hour or more ahead ("open"), there but closing within the hour ("closing": the
 * answer may come only when it is back), or away ("closed").
 */
export type SupportStatus =
  | { state: "open" }
  | { state: "closing"; closesAt: Date; backAt: Date }
  | { state: "closed"; backAt: Date };

const STEP = 15 * 60_000;

/** The first quarter-hour from `from` on whose openness is `open`: the hours all start and end on one. */
function nextQuarterWhere(from: Date, open: boolean): Date {
  let at = new Date(Math.ceil(from.getTime() / STEP) * STEP);
  // The longest closure is a long weekend of holidays (Saturday 13:00 to a Tuesday at most): a fortnight is
  // always enough.
  for (let i = 0; i < 14 * 24 * 4 && isOpenAt(at) !== open; i++) at = new Date(at.getTime() + STEP);
  return at;
}

/**
 * Whether the team is there now and for how long, and if not, when it is back: found by walking Rome's wall
 * clock a quarter of an hour at a time, so a daylight-saving change between now and then moves nothing.
 */
export function supportStatus(now: Date): SupportStatus {
  if (!isOpenAt(now)) return { state: "closed", backAt: nextQuarterWhere(now, true) };
  const closesAt = nextQuarterWhere(now, false);
  if (closesAt.getTime() - now.getTime() >= SUPPORT_ANSWER_MINUTES * 60_000) return { state: "open" };
  return { state: "closing", closesAt, backAt: nextQuarterWhere(closesAt, true) };
}

/** "13:00": an instant's time on Rome's wall clock. */
export function formatRomeTime(at: Date): string {
  const { minute } = romeWallClock(at);
  return `${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, "0")}`;
}

/** "lunedì alle 9:00", or "oggi alle 9:00" / "domani alle 9:00" when it is that close, on Rome's calendar. */
export function formatBackAt(backAt: Date, now: Date): string {
  const { weekday } = romeWallClock(backAt);
  const time = formatRomeTime(backAt);
  // Calendar days, not 24 hours: the day of a daylight-saving change is 23 or 25 hours long.
  const [today, back] = [romeCalendarDay(now), romeCalendarDay(backAt)];
  const when =
    back === today
      ? "oggi"
      : back === addDays(today, 1)
        ? "domani"
        : WEEKDAY_LABELS[weekday === 0 ? 7 : (weekday as 1 | 2 | 3 | 4 | 5 | 6)];
  return `${when} alle ${time}`;
}
