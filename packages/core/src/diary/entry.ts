import { z } from "zod";
import { isWallTime } from "../consultation/slots.ts";
import { isIsoDate, romeCalendarDay } from "../shared/calendar.ts";
import { HttpUrlSchema, normaliseUrl } from "../shared/fields.ts";
import { labelledEnum } from "../shared/labelled-enum.ts";
import { DIARY_MESSAGES } from "./diary-messages.ts";

// One incident of the diary, as the victim tells it (issue 40): the day in Rome's calendar, the time when she
// remembers it, where it happened, the links, who (if known) and what happened, in her words. An entry is
// never changed: a correction is a new version, sealed in its turn, the sealed original kept beside it.

export const DIARY_PLATFORM = labelledEnum({
  WHATSAPP: "WhatsApp",
  INSTAGRAM: "Instagram",
  FACEBOOK: "Facebook",
  TIKTOK: "TikTok",
  TELEGRAM: "Telegram",
  X: "X (Twitter)",
  YOUTUBE: "YouTube",
  SNAPCHAT: "Snapchat",
  ONLYFANS: "OnlyFans",
  SITO_WEB: "Un sito web",
  EMAIL: "E-mail",
  SMS: "SMS",
  TELEFONO: "Telefonata",
  DI_PERSONA: "Di persona",
  ALTRO: "Altro",
});

export const DIARY_LIMITS = {
  whatMaxLength: 5000,
  whoMaxLength: 200,
  maxUrls: 10,
  maxAttachments: 20,
} as const;

/**
 * What the form sends for one version of an entry. `occurredAt` is null when she does not remember the time
 * («non ricordo l'ora»); `who` is empty when the author is unknown. A day after today (in Rome) is refused:
 * `now` is asked at each check, so a schema built once (the API's routes) still knows what today is.
 */
export const diaryEntrySchema = (now: () => Date = () => new Date()) =>
  z.object({
    occurredOn: z
      .string({ error: DIARY_MESSAGES.occurredOnRequired })
      .trim()
      .min(1, { error: DIARY_MESSAGES.occurredOnRequired })
      .refine(isIsoDate, { error: DIARY_MESSAGES.occurredOnInvalid })
      .refine((day) => day <= romeCalendarDay(now()), { error: DIARY_MESSAGES.occurredOnFuture }),
    occurredAt: z
      .string()
      .trim()
      .refine((time) => isWallTime(time), { error: DIARY_MESSAGES.occurredAtInvalid })
      .nullable(),
    platform: z.enum(DIARY_PLATFORM.values, { error: DIARY_MESSAGES.platformRequired }),
    urls: z
      .array(z.string().transform(normaliseUrl).pipe(HttpUrlSchema))
      .max(DIARY_LIMITS.maxUrls, { error: DIARY_MESSAGES.tooManyUrls })
      .transform((urls) => [...new Set(urls)]),
    who: z.string().trim().max(DIARY_LIMITS.whoMaxLength, { error: DIARY_MESSAGES.whoTooLong }),
    what: z
      .string({ error: DIARY_MESSAGES.whatRequired })
      .trim()
      .min(1, { error: DIARY_MESSAGES.whatRequired })
      .max(DIARY_LIMITS.whatMaxLength, { error: DIARY_MESSAGES.whatTooLong }),
  });
export type DiaryEntryInput = z.input<ReturnType<typeof diaryEntrySchema>>;
export type DiaryEntryFields = z.output<ReturnType<typeof diaryEntrySchema>>;

/**
 * Incidents in the order they happened: the day, then the time (an unknown time first on its day, the
 * earliest it can be), then the order they were written. Each is read as its newest version (versions[0])
 * tells it. The API lists them so, and the screens and the dossier keep that order.
 */
export function inOrderOfOccurrence<
  T extends {
    versions: readonly { fields: Pick<DiaryEntryFields, "occurredOn" | "occurredAt"> }[];
    createdAt: string;
  },
>(entries: readonly T[]): T[] {
  const key = (entry: T) => {
    const fields = entry.versions[0]?.fields;
    return `${fields?.occurredOn ?? ""} ${fields?.occurredAt ?? ""} ${entry.createdAt}`;
  };
  return [...entries].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** A version as it is sealed: its fields, the entry it belongs to, its number, and its attachments' hashes. */
export interface SealedVersion {
  entryId: string;
  version: number;
  fields: DiaryEntryFields;
  /** The SHA-256 (hex) of each attachment of this version, in the order they were added. */
  attachments: { name: string; sha256: string }[];
  /** When the server received it (ISO 8601, UTC). */
  receivedAt: string;
}

/**
 * The canonical JSON of a value (RFC 8785's rules for what the diary holds: strings, integers, booleans,
 * null, arrays, objects): object keys sorted by UTF-16 code unit, no whitespace, strings and numbers as
 * JSON.stringify writes them. The same version gives the same bytes, whatever the order of its fields, so
 * its SHA-256 is what is sealed, and anyone can recompute it from the dossier's manifest.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isSafeInteger(value)) throw new TypeError("only safe integers");
    if (value === undefined || typeof value === "function" || typeof value === "bigint")
      throw new TypeError(`no canonical JSON for ${typeof value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, field]) => field !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(",")}}`;
}

/** The bytes of a version that its timestamp seals. */
export const sealedBytes = (version: SealedVersion) => new TextEncoder().encode(canonicalJson(version));
