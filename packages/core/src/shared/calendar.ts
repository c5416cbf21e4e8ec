// Calendar-day arithmetic on ISO dates (YYYY-MM-DD) for legal deadlines.
//
// A date here is a plain calendar day with no time and no time zone: the caller passes the Europe/Rome
// calendar day (the law counts days on the Italian calendar, art. 14 c.p.), so no offset or daylight-saving
// change can move a deadline. Months and years follow the common calendar with end-of-month clamping:
// 30 November + 3 months is the last day of February, 29 February + 6 years is 28 February.

/** A calendar day written YYYY-MM-DD. */
export type IsoDate = string;

export interface CalendarDay {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function readIsoDate(value: string): CalendarDay | null {
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** A real calendar day written YYYY-MM-DD (2023-02-29 is not one). */
export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === "string" && readIsoDate(value) !== null;
}

export function parseIsoDate(value: IsoDate): CalendarDay {
  const parsed = readIsoDate(value);
  if (!parsed) throw new RangeError(`Not an ISO calendar date: ${value}`);
  return parsed;
}

export function formatIsoDate({ year, month, day }: CalendarDay): IsoDate {
  if (!Number.isInteger(year) || year < 0 || year > 9999) throw new RangeError(`Year out of range: ${year}`);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Adds calendar months; a day the target month lacks becomes its last day (31 August + 6 months → 28/29 February). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  if (!Number.isInteger(months)) throw new RangeError(`Months must be an integer: ${months}`);
  const { year, month, day } = parseIsoDate(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return formatIsoDate({
    year: targetYear,
    month: targetMonth,
    day: Math.min(day, daysInMonth(targetYear, targetMonth)),
  });
}

/** Adds calendar years (29 February + 6 years → 28 February). */
export function addYears(date: IsoDate, years: number): IsoDate {
  return addMonths(date, years * 12);
}

// Days since 1970-01-01 on the proleptic Gregorian calendar (H. Hinnant's algorithm): pure integer
// arithmetic, so it has none of Date's quirks (years 0–99, local time).
function toEpochDay({ year, month, day }: CalendarDay): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function fromEpochDay(epochDay: number): CalendarDay {
  const z = epochDay + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function addDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`Days must be an integer: ${days}`);
  return formatIsoDate(fromEpochDay(toEpochDay(parseIsoDate(date)) + days));
}

/** Calendar days from `from` to `to`: positive when `to` is later ("hai ancora N giorni"). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toEpochDay(parseIsoDate(to)) - toEpochDay(parseIsoDate(from));
}

/** -1, 0 or 1, like a sort comparator. */
export function compareIsoDates(a: IsoDate, b: IsoDate): -1 | 0 | 1 {
  const difference = daysBetween(b, a);
  return difference < 0 ? -1 : difference > 0 ? 1 : 0;
}

export function isBefore(a: IsoDate, b: IsoDate): boolean {
  return compareIsoDates(a, b) < 0;
}

export function isAfter(a: IsoDate, b: IsoDate): boolean {
  return compareIsoDates(a, b) > 0;
}

export function laterOf(a: IsoDate, b: IsoDate): IsoDate {
  return isAfter(b, a) ? b : a;
}

/** The weekdays' Italian names by ISO number: 1 is Monday, 7 is Sunday. */
export const WEEKDAY_LABELS = {
  1: "lunedì",
  2: "martedì",
  3: "mercoledì",
  4: "giovedì",
  5: "venerdì",
  6: "sabato",
  7: "domenica",
} as const;

// Made at its first use: the first Intl.DateTimeFormat with a time zone loads the zone's data, which a page of
// the web app that shows no date should not wait for (docs/performance-phone.md).
let romeDayFormat: Intl.DateTimeFormat | undefined;

/** The Europe/Rome calendar day of an instant (23:30 UTC on 31 December is already 1 January in Rome). */
export function romeCalendarDay(instant: Date): IsoDate {
  if (Number.isNaN(instant.getTime())) throw new RangeError("Invalid instant");
  romeDayFormat ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Rome",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  const parts = Object.fromEntries(romeDayFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * "2026-11-02" → "02/11/2026": a calendar day the Italian way, for tables and messages, never shifted by a
 * time zone; anything else is returned as it is.
 */
export function formatShortItalianDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** The months' Italian names, January first. */
export const ITALIAN_MONTHS = [
  "gennaio",
  "febbraio",
  "marzo",
  "aprile",
  "maggio",
  "giugno",
  "luglio",
  "agosto",
  "settembre",
  "ottobre",
  "novembre",
  "dicembre",
] as const;

/** "28 febbraio 2027". */
export function formatItalianDate(date: IsoDate): string {
  const { year, month, day } = parseIsoDate(date);
  return `${day} ${ITALIAN_MONTHS[month - 1]} ${year}`;
}

/** A period of whole months in Italian words: 78 → "6 anni e 6 mesi", 3 → "3 mesi", 12 → "1 anno". */
export function formatMonthsItalian(totalMonths: number): string {
  const years = Math.floor(totalMonths / 12);
  const months = totalMonths % 12;
  const parts: string[] = [];
  if (years > 0) parts.push(years === 1 ? "1 anno" : `${years} anni`);
  if (months > 0) parts.push(months === 1 ? "1 mese" : `${months} mesi`);
  return parts.length === 0 ? "0 mesi" : parts.join(" e ");
}
