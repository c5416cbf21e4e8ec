import { withDayArticle } from "@argine/core/shared/italian-grammar";

// How the web app writes dates: Italian, in the browser's time zone, the one the admin date pickers read
// days in (admin-format.ts dayToIso/isoToDay), so a day typed is the day shown.
//
// Each formatter is made at its first use: the first Intl.DateTimeFormat of a page loads the locale's data, time
// a phone's main thread spends before the first screen answers, on every page, dates or none
// (docs/performance-phone.md).
const formats = new Map<Intl.DateTimeFormatOptions, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let made = formats.get(options);
  if (!made) {
    made = new Intl.DateTimeFormat("it-IT", options);
    formats.set(options, made);
  }
  return made;
}
const LONG_DAY = { day: "numeric", month: "long", year: "numeric" } as const;
const SHORT_DAY = { day: "2-digit", month: "2-digit", year: "numeric" } as const;
const MOMENT = { dateStyle: "short", timeStyle: "short" } as const;

function format(options: Intl.DateTimeFormatOptions, iso: string | null, none: string): string {
  if (!iso) return none;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? none : formatter(options).format(date);
}

/** "12 novembre 2026", for readers; `none` when there is no date. */
export const formatDay = (iso: string | null, none = "—") => format(LONG_DAY, iso, none);

/** "fino all'11 dicembre 2026", "fino al 12 dicembre 2026". */
export const formatUntilDay = (iso: string) => `fino ${withDayArticle("al", formatDay(iso))}`;

/** "12/11/2026", for tables. */
export const formatShortDay = (iso: string | null, none = "—") => format(SHORT_DAY, iso, none);

/** "12/11/26, 14:05": when a message was written. */
export const formatMoment = (iso: string) => format(MOMENT, iso, iso);
