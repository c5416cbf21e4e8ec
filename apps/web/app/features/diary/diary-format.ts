import type { DiaryEntry, DiaryVersion } from "@argine/core/diary/diary-api";
import { formatItalianDate, parseIsoDate, WEEKDAY_LABELS } from "@argine/core/shared/calendar";

// How the diary writes its days, times and seals. An episode's day and time are Rome's wall clock as she
// gave them, never shifted by the browser's time zone; a seal's moment is an instant, shown on Rome's clock.

/** "martedì 3 dicembre 2026": the episode's calendar day. */
export function episodeDay(isoDay: string): string {
  const { year, month, day } = parseIsoDate(isoDay);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay() || 7;
  return `${WEEKDAY_LABELS[weekday as keyof typeof WEEKDAY_LABELS]} ${formatItalianDate(isoDay)}`;
}

/** "alle 21:30", or that she does not remember the time. */
export const episodeTime = (time: string | null) => (time ? `alle ${time}` : "ora non ricordata");

const ROME_DAY = new Intl.DateTimeFormat("it-IT", {
  timeZone: "Europe/Rome",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const ROME_TIME = new Intl.DateTimeFormat("it-IT", {
  timeZone: "Europe/Rome",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "3 dicembre 2026 alle 21:30", an instant on Rome's clock. */
export function romeMoment(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return `${ROME_DAY.format(instant)} alle ${ROME_TIME.format(instant)}`;
}

/** «Sigillato il 3 dicembre 2026 alle 21:30», or «Sigillo in corso» while the timestamp is awaited. */
export const sealText = (sealedAt: string | null) =>
  sealedAt ? `Sigillato il ${romeMoment(sealedAt)}` : "Sigillo in corso";

/** The start of a long hash, enough to compare it by eye: "3f9a1c…e07b". */
export const shortHash = (sha256: string) =>
  sha256.length > 16 ? `${sha256.slice(0, 8)}…${sha256.slice(-4)}` : sha256;

/** How the episode reads now (the API lists the newest version first). */
export const currentVersion = (entry: DiaryEntry): DiaryVersion => entry.versions[0] as DiaryVersion;

/** The first line of what happened, cut at a word to fit a card. */
export function firstLine(text: string, max = 140): string {
  const line = text.trim().split(/\r?\n/, 1)[0] ?? "";
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** "1 allegato", "3 allegati", "nessun allegato". */
export function attachmentsCount(count: number): string {
  if (count === 0) return "nessun allegato";
  return count === 1 ? "1 allegato" : `${count} allegati`;
}

/** "1 episodio", "3 episodi". */
export const episodesCount = (count: number) => (count === 1 ? "1 episodio" : `${count} episodi`);

/** A file's size the way people read it: "820 KB", "4,2 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString("it-IT", { maximumFractionDigits: 1 })} MB`;
}

/**
 * The episodes in the order they happened: the day, then the time, the unknown times first, then the order
 * they were written. The API lists them so; the list keeps it even after a correction moved one.
 */
export function chronological(entries: readonly DiaryEntry[]): DiaryEntry[] {
  const key = (entry: DiaryEntry) => {
    const { occurredOn, occurredAt } = currentVersion(entry).fields;
    return `${occurredOn} ${occurredAt ?? ""}`;
  };
  return [...entries].sort((a, b) => {
    const byMoment = key(a).localeCompare(key(b));
    return byMoment !== 0 ? byMoment : a.createdAt.localeCompare(b.createdAt);
  });
}
