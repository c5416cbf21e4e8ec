import { z } from "zod";
import { ServiceIdParamsSchema } from "../services/services-api.ts";
import { isLocalMoment, localMomentToIso } from "../shared/local-moment.ts";
import { MESSAGES } from "../shared/messages.ts";
import { TAKEDOWN_ANSWERS, TAKEDOWN_NOTICE_STATUS } from "./notice.ts";

// The takedown's calls (spec §7 `services/takedown/{id}/urls`): the client's URLs once, the
// notices as the client and staff read them, each notice as a PDF, the staff's record of what happened.

export const TakedownParamsSchema = ServiceIdParamsSchema;
export const TakedownNoticeParamsSchema = ServiceIdParamsSchema.extend({
  noticeId: z.uuid({ error: MESSAGES.notFound }),
});

/** A URL's notice. sentVia and staffNote are the team's working notes: null in the client's read. */
export const TakedownNoticeSchema = z.object({
  noticeId: z.uuid(),
  position: z.number().int(),
  url: z.string(),
  /** The known platform of the URL's host, with where its notices go; null for another site. */
  platform: z
    .object({ code: z.string(), name: z.string(), reportTo: z.string(), reviewed: z.boolean() })
    .nullable(),
  status: z.enum(TAKEDOWN_NOTICE_STATUS.values),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  answeredAt: z.iso.datetime().nullable(),
  sentVia: z.string().nullable(),
  staffNote: z.string().nullable(),
  /** The DSA notice as plain text, ready to paste into the platform's form. */
  text: z.string(),
});
export type TakedownNotice = z.infer<typeof TakedownNoticeSchema>;

export const TakedownNoticesSchema = z.object({ notices: z.array(TakedownNoticeSchema) });
export type TakedownNotices = z.infer<typeof TakedownNoticesSchema>;

const NOTE_MAX = 500;

/** Why the client's links or a record of a notice are refused (the api's takedown-service). */
export const TAKEDOWN_ERRORS = {
  alreadySubmitted: "Hai già inviato i link per questa rimozione: li trovi qui sotto con il loro stato.",
  cancelled: "Il servizio è stato annullato: non si possono più inviare link.",
  practiceClosed: MESSAGES.practiceClosedAskTeam,
  changedMeanwhile: "La segnalazione è stata aggiornata nel frattempo: ricarica la pagina e riprova.",
} as const;

export const TAKEDOWN_RECORD_ERRORS = {
  sentViaRequired: "Indica dove hai inviato la segnalazione (il modulo o l'indirizzo della piattaforma).",
  tooLong: `Al massimo ${NOTE_MAX} caratteri.`,
  sentAtRequired: "Indica quando hai inviato la segnalazione (data e ora).",
  sentAtFuture: "La data di invio non può essere nel futuro.",
  sentAtBeforeLink: "La data di invio non può precedere quella in cui il cliente ha indicato il link.",
} as const;

/**
 * PATCH /v1/services/takedown/{id}/notices/{noticeId} (staff): where and when the notice was sent and, once
 * known, the platform's answer (null while waiting for it), with a note for the team.
 */
export const TakedownRecordBodySchema = z.object({
  /**
   * When it was sent: an instant, or a day alone (YYYY-MM-DD, a day of Italy). Given, it replaces an earlier
   * one; absent, the first record's moment stays (or is now).
   */
  sentAt: z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: MESSAGES.invalidDate })
    .optional(),
  sentVia: z
    .string({ error: TAKEDOWN_RECORD_ERRORS.sentViaRequired })
    .trim()
    .min(1, { error: TAKEDOWN_RECORD_ERRORS.sentViaRequired })
    .max(NOTE_MAX, { error: TAKEDOWN_RECORD_ERRORS.tooLong }),
  answer: z.enum(TAKEDOWN_ANSWERS, { error: MESSAGES.badRequest }).nullable(),
  note: z
    .string({ error: TAKEDOWN_RECORD_ERRORS.tooLong })
    .trim()
    .max(NOTE_MAX, { error: TAKEDOWN_RECORD_ERRORS.tooLong })
    .nullable(),
});
export type TakedownRecordBody = z.infer<typeof TakedownRecordBodySchema>;

/** GET …/notices/{noticeId}/pdf: the notice as a PDF (a download, not JSON). */
export const PdfFileSchema = z.string().meta({ description: "Il file PDF" });

/** The PDF's file name: the practice number and the URL's place in the list. */
export const takedownNoticeFileName = (ticketCode: string, position: number) =>
  `segnalazione-${ticketCode}-${position}.pdf`;

/**
 * The staff's form: what they type, as strings; "" for "no answer yet" and an empty note become null; the
 * sending moment as a date-time input gives it, in the browser's time zone.
 */
export const TakedownRecordFormSchema = TakedownRecordBodySchema.extend({
  sentAt: z
    .string({ error: TAKEDOWN_RECORD_ERRORS.sentAtRequired })
    .trim()
    .min(1, { error: TAKEDOWN_RECORD_ERRORS.sentAtRequired })
    .refine(isLocalMoment, { error: MESSAGES.invalidDate })
    .transform(localMomentToIso),
  answer: z
    .enum([...TAKEDOWN_ANSWERS, ""], { error: MESSAGES.badRequest })
    .transform((answer) => (answer === "" ? null : answer)),
  note: z
    .string()
    .trim()
    .max(NOTE_MAX, { error: TAKEDOWN_RECORD_ERRORS.tooLong })
    .transform((note) => note || null),
});
export type TakedownRecordForm = z.input<typeof TakedownRecordFormSchema>;
