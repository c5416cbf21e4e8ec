import { z } from "zod";
import { SignedUrlSchema } from "../services/services-api.ts";
import { ATTACHMENT_KINDS, type AttachmentKind, validateAttachmentMeta } from "./attachments.ts";
import { DIARY_MESSAGES } from "./diary-messages.ts";
import { DIARY_LIMITS, DIARY_PLATFORM, diaryEntrySchema } from "./entry.ts";

// The diary's calls (issue 40): the client's incidents, their versions and attachments, the share with a
// case, the dossier. Every seal is shown as the server holds it: the SHA-256 it sealed, and, once the Time
// Stamping Authority answered, the token's time and serial (null while the sealing job waits for it).

export const DiaryEntryParamsSchema = z.object({ id: z.uuid({ error: DIARY_MESSAGES.entryNotFound }) });
export const DiaryAttachmentParamsSchema = z.object({
  id: z.uuid({ error: DIARY_MESSAGES.attachmentNotFound }),
});
export const DiaryPracticeParamsSchema = z.object({
  practiceId: z.uuid({ error: DIARY_MESSAGES.practiceNotFound }),
});
export const DiaryDossierParamsSchema = z.object({ id: z.uuid({ error: DIARY_MESSAGES.dossierNotFound }) });

/** GET /diary/entries: the client's whole diary, or one practice's entries (the only way staff read it). */
export const DiaryListQuerySchema = z.object({
  practiceId: z.uuid({ error: DIARY_MESSAGES.practiceNotFound }).optional(),
});

const attachmentIds = z
  .array(z.uuid({ error: DIARY_MESSAGES.attachmentNotFound }))
  .max(DIARY_LIMITS.maxAttachments, { error: DIARY_MESSAGES.tooManyAttachments })
  .transform((ids) => [...new Set(ids)]);

/**
 * POST /diary/entries: a new incident, in a practice or before any exists, with attachments already received.
 * POST /diary/entries/{id}/versions: a correction, the whole entry as it now reads (sealed anew); its practice
 * may change (an incident written before the case existed joins it), which is not part of what is sealed.
 */
export const DiaryEntryBodySchema = diaryEntrySchema().extend({
  practiceId: z.uuid({ error: DIARY_MESSAGES.practiceNotFound }).nullable(),
  attachmentIds,
});
export type DiaryEntryBody = z.input<typeof DiaryEntryBodySchema>;
export const DiaryCorrectionBodySchema = DiaryEntryBodySchema;
export type DiaryCorrectionBody = DiaryEntryBody;

/** When the TSA sealed a hash; null fields while the sealing job waits for its answer. */
const SealFields = {
  /** The SHA-256 (hex) that is sealed. */
  sha256: z.string(),
  /** The token's genTime and serial number, as the TSA wrote them. */
  sealedAt: z.iso.datetime().nullable(),
  sealSerial: z.string().nullable(),
};

const ATTACHMENT_KIND_VALUES = Object.keys(ATTACHMENT_KINDS) as [AttachmentKind, ...AttachmentKind[]];

export const DiaryAttachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  kind: z.enum(ATTACHMENT_KIND_VALUES),
  size: z.number().int(),
  /** Null until the server has read the bytes back and checked them (the upload's second step). */
  receivedAt: z.iso.datetime().nullable(),
  sha256: z.string().nullable(),
  sealedAt: z.iso.datetime().nullable(),
  sealSerial: z.string().nullable(),
});
export type DiaryAttachment = z.infer<typeof DiaryAttachmentSchema>;

/** POST /diary/attachments: the file about to be sent, its name and size checked as the form does. */
export const DiaryAttachmentBodySchema = z
  .object({
    fileName: z.string({ error: DIARY_MESSAGES.attachmentType }).trim().min(1).max(200),
    size: z.number({ error: DIARY_MESSAGES.attachmentEmpty }).int(),
  })
  .superRefine(({ fileName, size }, ctx) => {
    const problem = validateAttachmentMeta(fileName, size);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["fileName"], input: fileName });
  });
export type DiaryAttachmentBody = z.infer<typeof DiaryAttachmentBodySchema>;

/** Where to PUT the bytes, then POST …/received. */
export const DiaryUploadSchema = z.object({ attachment: DiaryAttachmentSchema, upload: SignedUrlSchema });
export type DiaryUpload = z.infer<typeof DiaryUploadSchema>;

/** A short-lived link to an attachment's bytes. */
export const DiaryLinkSchema = z.object({ url: z.string(), expiresAt: z.iso.datetime() });
export type DiaryLink = z.infer<typeof DiaryLinkSchema>;

const DiaryFieldsSchema = z.object({
  occurredOn: z.iso.date(),
  occurredAt: z.string().nullable(),
  platform: z.enum(DIARY_PLATFORM.values),
  urls: z.array(z.string()),
  who: z.string(),
  what: z.string(),
});

/** One version of an entry as it was sealed: its fields, its attachments, when it arrived and its seal. */
const DiaryVersionSchema = z.object({
  version: z.number().int(),
  fields: DiaryFieldsSchema,
  attachmentIds: z.array(z.uuid()),
  receivedAt: z.iso.datetime(),
  ...SealFields,
});
export type DiaryVersion = z.infer<typeof DiaryVersionSchema>;

/** An entry: its latest version first, the earlier ones after it (a correction keeps the original). */
export const DiaryEntrySchema = z.object({
  id: z.uuid(),
  practiceId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  /** Newest first: versions[0] is how the entry reads now. */
  versions: z.array(DiaryVersionSchema).min(1),
  /** Every attachment any version lists. */
  attachments: z.array(DiaryAttachmentSchema),
});
export type DiaryEntry = z.infer<typeof DiaryEntrySchema>;

/** The list, in the order the incidents happened (the day, then the time, unknown times first). */
export const DiaryListSchema = z.object({ entries: z.array(DiaryEntrySchema) });
export type DiaryList = z.infer<typeof DiaryListSchema>;

/** Whether a practice's lawyers see the client's diary for it. */
export const DiaryShareSchema = z.object({ shared: z.boolean(), sharedAt: z.iso.datetime().nullable() });
export type DiaryShare = z.infer<typeof DiaryShareSchema>;
export const DiaryShareBodySchema = z.object({ shared: z.boolean() });

const DOSSIER_STATES = ["QUEUED", "RUNNING", "READY", "FAILED"] as const;
export type DossierState = (typeof DOSSIER_STATES)[number];

/** POST /diary/dossiers: the dossier of one practice's entries, or of the whole diary. */
export const DossierBodySchema = z.object({
  practiceId: z.uuid({ error: DIARY_MESSAGES.practiceNotFound }).nullable(),
});

/** A dossier being made or made: its progress (0–100) and, once ready, its two files' links. */
export const DossierSchema = z.object({
  id: z.uuid(),
  practiceId: z.uuid().nullable(),
  state: z.enum(DOSSIER_STATES),
  progress: z.number().int().min(0).max(100),
  createdAt: z.iso.datetime(),
  readyAt: z.iso.datetime().nullable(),
  entries: z.number().int(),
  pdf: DiaryLinkSchema.nullable(),
  zip: DiaryLinkSchema.nullable(),
});
export type Dossier = z.infer<typeof DossierSchema>;
