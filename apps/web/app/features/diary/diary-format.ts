import { dayWithWeekday, romeMomentText } from "@argine/core/consultation/slots";
import type { DiaryEntry, DiaryVersion } from "@argine/core/diary/diary-api";
import { countOf } from "@argine/core/shared/italian-grammar";

// How the diary writes its days, times and seals. An episode's day and time are Rome's wall clock as she
// gave them, never shifted by the browser's time zone; a seal's moment is an instant, shown on Rome's clock.

/** "martedì 3 dicembre 2026": the episode's calendar day. */
export const episodeDay = (isoDay: string) => dayWithWeekday(isoDay);

/** "alle 21:30", or that she does not remember the time. */
export const episodeTime = (time: string | null) => (time ? `alle ${time}` : "ora non ricordata");

/** "3 dicembre 2026 alle 21:30", an instant on Rome's clock. */
export function romeMoment(iso: string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : romeMomentText(instant);
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
export const attachmentsCount = (count: number) =>
  count === 0 ? "nessun allegato" : countOf(count, "allegato", "allegati");

/** "1 episodio", "3 episodi". */
export const episodesCount = (count: number) => countOf(count, "episodio", "episodi");
