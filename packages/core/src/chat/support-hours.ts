import { addDays, romeCalendarDay, WEEKDAY_LABELS } from "../shared/calendar.ts";

// When the team reads the support chat (ADR 030): the hours are Rome's, whatever the visitor's clock says,
// and the widget says honestly whether someone is there now, how soon they answer, and when they are back.

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

/** The hours as the widget writes them. */
export const SUPPORT_HOURS_TEXT =
  "dal lunedì al venerdì dalle 9:00 alle 19:00, il sabato dalle 9:00 alle 13:00";

/** The promise the widget makes while the team is there: kept by the inbox's "waiting" order. */
export const SUPPORT_ANSWER_TEXT = "Negli orari di apertura rispondiamo entro un'ora.";

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
  const { weekday, minute } = romeWallClock(at);
  return (SUPPORT_HOURS[weekday] ?? []).some(([from, to]) => minute >= from && minute < to);
};

export type SupportStatus = { open: true } | { open: false; backAt: Date };

/**
 * Whether the team is there now, and if not, when it is back: found by walking Rome's wall clock a quarter of an
 * hour at a time, so a daylight-saving change between now and then moves nothing.
 */
export function supportStatus(now: Date): SupportStatus {
  if (isOpenAt(now)) return { open: true };
  const step = 15 * 60_000;
  let at = new Date(Math.ceil(now.getTime() / step) * step);
  // The longest closure is from Saturday 13:00 to Monday 9:00: a week is always enough.
  for (let i = 0; i < 7 * 24 * 4 && !isOpenAt(at); i++) at = new Date(at.getTime() + step);
  return { open: false, backAt: at };
}

/** "lunedì alle 9:00", or "oggi alle 9:00" / "domani alle 9:00" when it is that close, on Rome's calendar. */
export function formatBackAt(backAt: Date, now: Date): string {
  const { weekday, minute } = romeWallClock(backAt);
  const time = `${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, "0")}`;
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
