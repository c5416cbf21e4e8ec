import { withDayArticle } from "@argine/core/shared/italian-grammar";

// How the web app writes dates: Italian, in the browser's time zone, the one the admin date pickers read
// days in (admin-format.ts dayToIso/isoToDay), so a day typed is the day shown.
const LONG_DAY = new Intl.DateTimeFormat("it-IT", {
  day: "numeric",
  month: "long",
  year: "numeric",
});
const SHORT_DAY = new Intl.DateTimeFormat("it-IT", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});
const MOMENT = new Intl.DateTimeFormat("it-IT", {
  dateStyle: "short",
  timeStyle: "short",
});

function format(formatter: Intl.DateTimeFormat, iso: string | null, none: string): string {
  if (!iso) return none;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? none : formatter.format(date);
}

/** "12 novembre 2026", for readers; `none` when there is no date. */
export const formatDay = (iso: string | null, none = "—") => format(LONG_DAY, iso, none);

/** "fino all'11 dicembre 2026", "fino al 12 dicembre 2026". */
export const formatUntilDay = (iso: string) => `fino ${withDayArticle("al", formatDay(iso))}`;

/** "12/11/2026", for tables. */
export const formatShortDay = (iso: string | null, none = "—") => format(SHORT_DAY, iso, none);

/** "12/11/26, 14:05": when a message was written. */
export const formatMoment = (iso: string) => format(MOMENT, iso, iso);
