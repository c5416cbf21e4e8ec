import { isAfter, isBefore, isIsoDate, romeCalendarDay } from "../shared/calendar.ts";

// When staff say a notice was sent (ADR 021): not in the future, not before the client gave its link.

/** How far past the server's clock a moment may be: the staff's computer clock may run a little fast. */
const CLOCK_SLACK_MS = 5 * 60_000;
/** The form records minutes: a notice sent in the minute its link arrived is typed as that minute's start. */
const MINUTE_MS = 60_000;

export type SentAtCheck = { at: Date } | { refused: "future" | "beforeLink" };

/**
 * The moment a notice was sent, from what staff gave (an ISO instant or a day of Italy), checked against the
 * link's arrival and now. A day alone is its midday (that day in Rome in any season); the moment kept always
 * lies between the arrival and now, so the client never reads a sending before the link or ahead of time.
 */
export function takedownSentAt(given: string, createdAt: Date, now: Date): SentAtCheck {
  const within = (t: number) => ({
    at: new Date(Math.min(now.getTime(), Math.max(createdAt.getTime(), t))),
  });
  if (isIsoDate(given)) {
    if (isAfter(given, romeCalendarDay(now))) return { refused: "future" };
    if (isBefore(given, romeCalendarDay(createdAt))) return { refused: "beforeLink" };
    return within(Date.parse(`${given}T12:00:00Z`));
  }
  const t = Date.parse(given);
  if (t > now.getTime() + CLOCK_SLACK_MS) return { refused: "future" };
  if (t < createdAt.getTime() - MINUTE_MS) return { refused: "beforeLink" };
  return within(t);
}
