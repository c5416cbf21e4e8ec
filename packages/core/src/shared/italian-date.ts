import { formatIsoDate, isIsoDate } from "./calendar.ts";
import { isLocalMoment } from "./local-moment.ts";

// Dates as people in Italy type and read them (31/12/2026, 31/12/2026 14:30), whatever the browser's language,
// turned into the values the forms hold: an ISO day ("2026-12-31") and a wall-clock moment ("2026-12-31T14:30",
// local-moment.ts). The web's one date field (shared/ui/form-field.tsx ItalianDateField) uses these.

/** Day, month, year: 31/12/2026, 1/2/2026, 31-12-2026, 31.12.2026; or the ISO form 2026-12-31. */
const ITALIAN_DAY = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
/** A day, then a time: "31/12/2026 14:30", "31/12/2026, 14.30", "31/12/2026 alle 9:05". */
const ITALIAN_MOMENT = /^(.+?)(?:\s*,\s*|\s+alle\s+|\s+ore\s+|\s+)(\d{1,2})[:.](\d{2})$/i;

const pad = (n: number) => String(n).padStart(2, "0");

/** The ISO day of a day typed the Italian way, or null when it is not a real day. */
export function parseItalianDay(text: string): string | null {
  const trimmed = text.trim();
  const italian = ITALIAN_DAY.exec(trimmed);
  const iso = italian ? null : ISO_DAY.exec(trimmed);
  const parts = italian
    ? { day: Number(italian[1]), month: Number(italian[2]), year: Number(italian[3]) }
    : iso
      ? { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) }
      : null;
  if (!parts) return null;
  const day = formatIsoDate(parts);
  // 31/02/2026 is not a day: refused, not moved to March.
  return isIsoDate(day) ? day : null;
}

/** The wall-clock moment ("2026-12-31T14:30") of a day and a time typed the Italian way, or null. */
export function parseItalianMoment(text: string): string | null {
  const match = ITALIAN_MOMENT.exec(text.trim());
  if (!match) return null;
  const day = parseItalianDay(match[1] ?? "");
  if (!day) return null;
  const moment = `${day}T${pad(Number(match[2]))}:${match[3]}`;
  return isLocalMoment(moment) ? moment : null;
}

/** An ISO day as it is read in Italy (2026-12-31 → 31/12/2026); anything else as it is. */
export function italianDay(value: string): string {
  if (!isIsoDate(value)) return value;
  const [year, month, day] = value.split("-");
  return `${day}/${month}/${year}`;
}

/** A wall-clock moment as it is read in Italy (2026-12-31T14:30 → 31/12/2026 14:30); anything else as it is. */
export function italianMoment(value: string): string {
  if (!isLocalMoment(value)) return value;
  const [day = "", time = ""] = value.split("T");
  return `${italianDay(day)} ${time.slice(0, 5)}`;
}
