import { FeedbackResultSchema } from "../feedback/result.ts";
import { daysBetween, type IsoDate } from "../shared/calendar.ts";

// The complaint (querela) deadline's reminders: the client who opts in hears 30, 7 and 1 days
// before, in Italian calendar days (Europe/Rome), each once.

/** Days before the deadline a reminder goes, the earliest first. */
export const REMINDER_DAYS = [30, 7, 1] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];

/**
 * The practice's complaint deadline still ahead on `today` (the earliest of its offences' QUERELA deadlines
 * from `today` on), or null: no feedback, an offence prosecuted ex officio, every term already past.
 * practices.expiry_date is not it: it falls back to the prescription when no complaint is due.
 */
export function upcomingComplaintDeadline(feedback: unknown, today: IsoDate): IsoDate | null {
  const parsed = FeedbackResultSchema.safeParse(feedback);
  if (!parsed.success) return null;
  // The deadlines are in date order (the schema checks it).
  return parsed.data.deadlines.find((d) => d.kind === "QUERELA" && d.date >= today)?.date ?? null;
}

/**
 * The reminder due when `daysLeft` days remain, given those already sent: the nearest threshold reached and
 * not sent. A pass that was missed (the server down that day) sends it late rather than never; a client who
 * opts in 5 days before gets the 7 days' one at once, never the 30 days' one as well.
 */
export function dueReminder(daysLeft: number, sent: readonly number[]): ReminderDays | null {
  if (daysLeft < 0) return null;
  const reached = REMINDER_DAYS.filter((days) => daysLeft <= days);
  const nearest = reached[reached.length - 1];
  return nearest !== undefined && !sent.includes(nearest) ? nearest : null;
}

/** Whole Italian days from `today` to the deadline: 0 on its last day. */
export const daysLeft = (today: IsoDate, deadline: IsoDate) => daysBetween(today, deadline);
