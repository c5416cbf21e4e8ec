import { z } from "zod";
import { CommentSchema } from "../conversations/message-schemas.ts";
import { EVALUATION } from "../feedback/evaluation.ts";
import { PracticeServiceSchema } from "../services/services-api.ts";
import { filterChoice } from "../shared/fields.ts";
import { MESSAGES } from "../shared/messages.ts";
import { hasAtMostTwoDecimals } from "../shared/money.ts";
import { PagingQuerySchema } from "../shared/paging.ts";
import { HUMAN_REVIEW_REASONS } from "./human-review.ts";
import { PRACTICE_STATUS } from "./practice-status.ts";

// Bodies of the practice calls (spec §7), shared by the API routes and the web.

/** A practice's status (practice-status.ts has the values and their labels, free of this library). */
export const PracticeStatusSchema = z.enum(PRACTICE_STATUS.values);

/** PATCH /v1/practices/{id}/status: clients can only close; staff also reopen (lifecycle.ts decides). */
export const PracticeStatusUpdateBodySchema = z.object({ status: PracticeStatusSchema });
export type PracticeStatusUpdateBody = z.infer<typeof PracticeStatusUpdateBodySchema>;

const flag = z.enum(["true", "false"]).transform((v) => v === "true");

/** The path of every /v1/practices/{id}… call (and /v1/comments/{id}): an unguessable id. */
export const IdParamsSchema = z.object({ id: z.uuid() });

/** GET /v1/practices query filters; page is 1-based. */
export const PracticeListQuerySchema = PagingQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  ticketCode: z.string().trim().max(40).optional(),
  status: PracticeStatusSchema.optional(),
  evaluation: z.enum(EVALUATION.values).optional(),
  crimeType: z.string().max(40).optional(),
  anonymous: flag.optional(),
  /** Staff: "mie" (taken in charge by the caller) or "non assegnate" (by nobody yet). */
  assigned: z.enum(["mine", "unassigned"]).optional(),
  /** "Da esaminare subito": a person must look first and no lawyer has taken it (true), or the others. */
  urgent: flag.optional(),
  /** Waiting for an answer: the client wrote the last comment. */
  waiting: flag.optional(),
});
export type PracticeListQuery = z.infer<typeof PracticeListQuerySchema>;

const listed = PracticeListQuerySchema.shape;

/**
 * The staff's search and filters of that list as their form holds them: "" ("Tutti") and an unticked box
 * are no filter.
 */
export const PracticeSearchSchema = z.object({
  q: listed.q.unwrap(),
  status: filterChoice(listed.status.unwrap()),
  evaluation: filterChoice(listed.evaluation.unwrap()),
  crimeType: filterChoice(listed.crimeType.unwrap()),
  assigned: filterChoice(listed.assigned.unwrap()),
  urgent: z.boolean(),
  waiting: z.boolean(),
  anonymous: z.boolean(),
});
export type PracticeSearchForm = z.input<typeof PracticeSearchSchema>;
export type PracticeSearch = z.output<typeof PracticeSearchSchema>;

/** The client as staff see them; null on an anonymous practice or one nobody has claimed. */
export const PracticeClientSchema = z.object({ name: z.string(), lastname: z.string() }).nullable();

/** The lawyer who took the case in charge ("prendi in carico"). */
export const AssignedLawyerSchema = z
  .object({ id: z.uuid(), name: z.string(), lastname: z.string() })
  .nullable();

export const PracticeSummarySchema = z.object({
  practiceId: z.uuid(),
  ticketCode: z.string(),
  status: PracticeStatusSchema,
  evaluation: z.enum(EVALUATION.values).nullable(),
  crimeType: z.string().nullable(),
  platform: z.string().nullable(),
  anonymous: z.boolean(),
  createdAt: z.string(),
  expiryDate: z.string().nullable(),
  client: PracticeClientSchema,
  /** The engine asked for a person before any self-service step (ADR 011). */
  humanReview: z.boolean(),
  /** "Da esaminare subito": humanReview, still open, and no lawyer has taken it (core human-review.ts). */
  urgent: z.boolean(),
  assignedLawyer: AssignedLawyerSchema,
  assignedAt: z.string().nullable(),
  /** Since when the client waits for an answer (they wrote the last comment); null when nobody waits. */
  awaitingReplySince: z.string().nullable(),
  /** The other side's messages the caller has not read yet (ADR 030). */
  unreadComments: z.number().int(),
});
export type PracticeSummary = z.infer<typeof PracticeSummarySchema>;

/**
 * GET /v1/practices (spec §7: total and data). Staff lists are counted up to 10 000: past that `total` is the
 * cap and `totalCapped` is true (a search narrows it; an exact count of a million rows is not worth its time).
 */
export const PracticeListSchema = z.object({
  total: z.number().int(),
  totalCapped: z.boolean(),
  data: z.array(PracticeSummarySchema),
});
export type PracticeList = z.infer<typeof PracticeListSchema>;

/**
 * GET /v1/practices/queue (staff): the lawyer's work queue, each section oldest first. "urgent": a person must
 * look first and nobody has taken it; "new": the other open cases nobody has taken; "waiting": the client
 * wrote the last comment.
 */
export const PracticeQueueSchema = z.object({
  urgent: PracticeListSchema,
  new: PracticeListSchema,
  waiting: PracticeListSchema,
});
export type PracticeQueue = z.infer<typeof PracticeQueueSchema>;

/** A list's largest page (PagingQuerySchema): the most practices one unread-counts call answers for. */
export const UNREAD_COUNTS_MAX_IDS = 100;

/**
 * GET /v1/practices/unread-counts?ids=…: the practices a list shows, their ids separated by commas (each
 * once; a repeated id counts once).
 */
export const UnreadCountsQuerySchema = z.object({
  // Missing is "Campo Obbligatorio", given twice (an array) "è atteso un testo": the shared messages.
  ids: z
    .string()
    .trim()
    .min(1, { error: MESSAGES.required })
    .transform((ids) => [...new Set(ids.split(","))])
    .pipe(
      z
        .array(z.uuid({ error: MESSAGES.invalidId }))
        .max(UNREAD_COUNTS_MAX_IDS, { error: MESSAGES.listAtMost(UNREAD_COUNTS_MAX_IDS) }),
    ),
});

/**
 * The caller's own unread messages on each of those practices (ADR 030). A practice with none is absent, and
 * so is one the caller may not read: the answer never tells the two apart.
 */
export const UnreadCountsSchema = z.object({ counts: z.record(z.uuid(), z.number().int().positive()) });
export type UnreadCounts = z.infer<typeof UnreadCountsSchema>;

/** The four service-active flags (spec §3 "Practice detail"; PATCH /v1/practices/{id}/services-active). */
export const ServicesActiveSchema = z.object({
  serviceTakedownActive: z.boolean(),
  serviceLegalizationActive: z.boolean(),
  serviceInjuctionActive: z.boolean(),
  serviceAdviceActive: z.boolean(),
});
export type ServicesActive = z.infer<typeof ServicesActiveSchema>;

/** The client on the detail (spec §3 "Practice, as shown to users"); null when anonymous or unclaimed. */
export const PracticeClientDetailSchema = z
  .object({
    name: z.string(),
    lastname: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    taxCode: z.string().nullable(),
    address: z.string().nullable(),
  })
  .nullable();

/** The detail is the same for every reader: the unread count, which is each reader's own, stays on the lists. */
export const PracticeDetailSchema = PracticeSummarySchema.omit({ unreadComments: true }).extend({
  client: PracticeClientDetailSchema,
  /** The feedback PDF, opened in a new tab (spec §3 "Practice detail"); null without a feedback. */
  feedbackLink: z.string().nullable(),
  /** The advice price set by a lawyer for this practice (spec §5 "ADVICE product rule"), euros. */
  advicePrice: z.number().nullable(),
  services: z.array(PracticeServiceSchema),
  crimeUrl: z.string().nullable(),
  tags: z.array(z.string()),
  formsOfHate: z.array(z.string()),
  shitstorm: z.string(),
  psychologicalSupport: z.string(),
  ...ServicesActiveSchema.shape,
  /** Why a person must look first; null without humanReview. */
  humanReviewReason: z.enum(HUMAN_REVIEW_REASONS).nullable(),
  /** A minor and sexual images: no capture or takedown is ever offered (core available-services.ts). */
  minorSexualContent: z.boolean(),
});
export type PracticeDetail = z.infer<typeof PracticeDetailSchema>;

/** A case conversation's message is at most this long (the support chat's lines, 2 000). */
export const COMMENT_MAX_LENGTH = 5000;

/** POST /v1/practices/{id}/comments and PUT /v1/comments/{id}: a comment text (spec §3 "comment"). */
export const CommentBodySchema = z.object({
  comment: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(COMMENT_MAX_LENGTH, { error: MESSAGES.tooLong }),
});

export const CommentListSchema = z.array(CommentSchema);

/** PUT /v1/practices/{id}/comments/read: the caller has read the conversation up to this message. */
export const CommentsReadBodySchema = z.object({ upTo: z.uuid() });

/** GET /v1/practices/{id}/feedback-link: opened in a new tab (spec §7). */
export const LinkSchema = z.object({ link: z.string() });

/** PATCH /v1/practices/{id}/evaluation (staff). */
export const EvaluationBodySchema = z.object({
  evaluation: z.enum(EVALUATION.values),
});

const euros = z
  .number({ error: MESSAGES.invalidNumber })
  .positive({ error: MESSAGES.invalidNumber })
  .max(100_000, { error: MESSAGES.invalidNumber })
  // At most two decimals: a price is stored in cents.
  .refine(hasAtMostTwoDecimals, { error: MESSAGES.invalidNumber });

/** GET /v1/practices/{id}/customService: the ADVICE price of this practice; null means ADVICE is not sold. */
export const CustomServiceSchema = z.object({
  code: z.literal("ADVICE"),
  price: z.number().nullable(),
  discountedPrice: z.number().nullable(),
});
export type CustomService = z.infer<typeof CustomServiceSchema>;

/** PUT /v1/practices/{id}/customService (staff): the advice price in euros, or null to withdraw it. */
export const CustomServiceBodySchema = z.object({ price: euros.nullable() });

/** POST /v1/practices/{id}/emails (staff): a mail to the practice's client, kept on the practice. */
export const PracticeEmailBodySchema = z.object({
  subject: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(200, { error: MESSAGES.tooLong }),
  body: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(10_000, { error: MESSAGES.tooLong }),
});
export type PracticeEmailBody = z.infer<typeof PracticeEmailBodySchema>;

export const PracticeEmailSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  body: z.string(),
  sender: z.string().nullable(),
  sentAt: z.string(),
});
export type PracticeEmail = z.infer<typeof PracticeEmailSchema>;
export const PracticeEmailListSchema = z.array(PracticeEmailSchema);

/**
 * "Chi ha visto la mia pratica": one staff member's opening of the client's case, from the audit log (the
 * staff-read lines of apps/api/src/identity/authorize.ts), newest first.
 */
export const PracticeAccessSchema = z.object({
  at: z.iso.datetime(),
  /** The staff member's name; null for an account no longer there. */
  name: z.string().nullable(),
  /** "Avvocato", "Amministratore"; "Membro del team" once no role is left. */
  role: z.string(),
  /** What they opened, in plain words ("la pratica", "i messaggi"…). */
  what: z.string(),
});
export type PracticeAccess = z.infer<typeof PracticeAccessSchema>;
export const PracticeAccessLogSchema = z.array(PracticeAccessSchema);

/** PUT /v1/practices/{id}/anonymity (the client): whether lawyers see who she is (ADR 038). */
export const AnonymityBodySchema = z.object({ anonymous: z.boolean() });
export type AnonymityBody = z.infer<typeof AnonymityBodySchema>;
