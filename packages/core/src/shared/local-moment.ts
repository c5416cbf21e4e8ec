// A moment as an <input type="datetime-local"> holds it ("2026-11-20T14:05"): a wall-clock time with no
// offset, read in the browser's time zone like the admin's days (the team works from Italy, Europe/Rome), so
// the moment typed is the moment the page shows back.

const LOCAL_MOMENT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const pad = (n: number) => String(n).padStart(2, "0");

/** A real wall-clock moment written YYYY-MM-DDTHH:mm (2026-02-30T10:00 is not one). */
export function isLocalMoment(value: string): boolean {
  const match = LOCAL_MOMENT.exec(value);
  if (!match) return false;
  const [, y, m, d, h, min] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, m - 1, d, h, min);
  // A day or an hour past its end would roll over into the next one: refused, not moved.
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d && h < 24 && min < 60;
}

/** The instant of a wall-clock moment (check it with isLocalMoment first). */
export function localMomentToIso(value: string): string {
  const [y, m, d, h, min, s] = (LOCAL_MOMENT.exec(value) ?? []).slice(1).map((part) => Number(part ?? 0));
  return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1, h ?? 0, min ?? 0, s ?? 0).toISOString();
}

/** An instant as a datetime-local value, to the minute. */
export function isoToLocalMoment(iso: string | Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
