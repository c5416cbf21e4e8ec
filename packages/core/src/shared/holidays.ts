import { addDays, formatIsoDate, type IsoDate, parseIsoDate } from "./calendar.ts";

// Italy's national holidays (the days of L. 260/1949 as amended, and Easter Monday), computed for any year: the
// support chat and the free consultation are closed on them unless staff open one (ADR 030, ADR 031).
// Patron saints' days are local, not national, and are left to the availability's special days.

/**
 * Easter Sunday of a Gregorian year, by the anonymous Gregorian computus (Meeus/Jones/Butcher): integer
 * arithmetic only, valid for every year of the Gregorian calendar.
 */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return formatIsoDate({ year, month, day });
}

/** The fixed national holidays, as [month, day, name]. */
const FIXED_HOLIDAYS: readonly (readonly [number, number, string])[] = [
  [1, 1, "Capodanno"],
  [1, 6, "Epifania"],
  [4, 25, "Festa della Liberazione"],
  [5, 1, "Festa del Lavoro"],
  [6, 2, "Festa della Repubblica"],
  [8, 15, "Ferragosto"],
  [11, 1, "Ognissanti"],
  [12, 8, "Immacolata Concezione"],
  [12, 25, "Natale"],
  [12, 26, "Santo Stefano"],
];

export interface Holiday {
  date: IsoDate;
  name: string;
}

/** The national holidays of a year, in calendar order. */
export function italianHolidays(year: number): Holiday[] {
  const fixed = FIXED_HOLIDAYS.map(([month, day, name]) => ({
    date: formatIsoDate({ year, month, day }),
    name,
  }));
  const easterMonday = { date: addDays(easterSunday(year), 1), name: "Lunedì dell'Angelo" };
  return [...fixed, easterMonday].sort((x, y) => x.date.localeCompare(y.date));
}

/** The national holiday falling on a calendar day, or null. */
export function italianHolidayOn(date: IsoDate): Holiday | null {
  return italianHolidays(parseIsoDate(date).year).find((holiday) => holiday.date === date) ?? null;
}
