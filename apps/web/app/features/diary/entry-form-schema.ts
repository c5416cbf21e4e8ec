import { isWallTime } from "@argine/core/consultation/slots";
import type { DiaryVersion } from "@argine/core/diary/diary-api";
import { DIARY_MESSAGES } from "@argine/core/diary/diary-messages";
import { DIARY_LIMITS, type DiaryEntryFields, diaryEntrySchema } from "@argine/core/diary/entry";
import { romeCalendarDay } from "@argine/core/shared/calendar";
import { HttpUrlSchema, normaliseUrl } from "@argine/core/shared/fields";
import { MESSAGES } from "@argine/core/shared/messages";
import { z } from "zod";

// The episode's form as she fills it, checked by core's rules for an entry (diaryEntrySchema): the time as
// typed, or «Non ricordo l'ora»; the links one a row, a row left empty being no link.

export interface EntryFormValues {
  occurredOn: string;
  occurredAt: string;
  timeUnknown: boolean;
  platform: string;
  urls: { url: string }[];
  who: string;
  what: string;
  /** "" for none (a new episode only: a correction keeps its practice). */
  practiceId: string;
}

export type EntryFormBody = DiaryEntryFields & { practiceId: string | null };

/** "9.30", "9:30", "0930" → "09:30"; anything else as typed, for the check to refuse. */
function normaliseTime(typed: string): string {
  const match = /^(\d{1,2})[:.,]?(\d{2})$/.exec(typed.trim());
  return match ? `${(match[1] ?? "").padStart(2, "0")}:${match[2]}` : typed.trim();
}

const isUrl = (typed: string) => HttpUrlSchema.safeParse(normaliseUrl(typed)).success;

/** The form's schema; `now` is asked at each check (a day after today in Rome is refused). */
export function entryFormSchema(now: () => Date = () => new Date()) {
  const entry = diaryEntrySchema(now).shape;
  return z
    .object({
      occurredOn: entry.occurredOn,
      occurredAt: z.string(),
      timeUnknown: z.boolean(),
      platform: entry.platform,
      urls: z
        .array(
          z.object({
            url: z
              .string()
              .trim()
              .refine((url) => url === "" || isUrl(url), { error: MESSAGES.invalidUrl }),
          }),
        )
        .max(DIARY_LIMITS.maxUrls, { error: DIARY_MESSAGES.tooManyUrls }),
      who: entry.who,
      what: entry.what,
      practiceId: z.string(),
    })
    .superRefine((values, ctx) => {
      if (!values.timeUnknown && !isWallTime(normaliseTime(values.occurredAt)))
        ctx.addIssue({ code: "custom", path: ["occurredAt"], message: DIARY_MESSAGES.occurredAtInvalid });
    })
    .transform(
      (values): EntryFormBody => ({
        occurredOn: values.occurredOn,
        occurredAt: values.timeUnknown ? null : normaliseTime(values.occurredAt),
        platform: values.platform,
        urls: [
          ...new Set(
            values.urls
              .map(({ url }) => url)
              .filter(Boolean)
              .map(normaliseUrl),
          ),
        ],
        who: values.who,
        what: values.what,
        practiceId: values.practiceId || null,
      }),
    );
}

/** A new episode's form: today in Rome, one empty link row, in the practice she came from (if any). */
export function newEntryValues(
  practiceId: string | null,
  today = romeCalendarDay(new Date()),
): EntryFormValues {
  return {
    occurredOn: today,
    occurredAt: "",
    timeUnknown: false,
    platform: "",
    urls: [{ url: "" }],
    who: "",
    what: "",
    practiceId: practiceId ?? "",
  };
}

/** A correction's form: the version as it reads now. */
export function versionValues(version: DiaryVersion, practiceId: string | null): EntryFormValues {
  const { fields } = version;
  return {
    occurredOn: fields.occurredOn,
    occurredAt: fields.occurredAt ?? "",
    timeUnknown: fields.occurredAt === null,
    platform: fields.platform,
    urls: fields.urls.length ? fields.urls.map((url) => ({ url })) : [{ url: "" }],
    who: fields.who,
    what: fields.what,
    practiceId: practiceId ?? "",
  };
}
