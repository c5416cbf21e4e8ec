import { z } from "zod";
import { filterChoice } from "../shared/fields.ts";
import { MESSAGES } from "../shared/messages.ts";
import { UploadMetaSchema } from "../uploads/upload-rules.ts";
import { SERVICE_STATUS } from "./service-messages.ts";
import { SERVICE_TYPE } from "./service-type.ts";

// The services' calls (spec §7 "services/…"): uploads and documents, statuses, the staff's queue
// and its assignment, the defence mandate.

/**
 * Whose a file is: the client's files sent for the lawyer (the widget of spec §4), or the lawyer's finished
 * document for the client. A service holds at most one of each at a time (the widget shows one file).
 */
export const FILE_SIDE = ["CLIENT", "STAFF"] as const;
export type FileSide = (typeof FILE_SIDE)[number];

export const ServiceIdParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.notFound }) });
export const ServiceUploadParamsSchema = z.object({ serviceId: z.uuid({ error: MESSAGES.notFound }) });

/** GET /v1/services/{id}/signed-url: the file about to be sent (name and size checked as the widget does). */
export const SignedUrlQuerySchema = UploadMetaSchema;

/** Where the browser PUTs the bytes, with the headers the signature covers; the link works until expiresAt. */
export const SignedUrlSchema = z.object({
  url: z.string(),
  method: z.literal("PUT"),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.iso.datetime(),
});
export type SignedUrl = z.infer<typeof SignedUrlSchema>;

/** PATCH and DELETE /v1/services/{serviceId}/upload (spec §7: fileName, serviceType). */
export const UploadBodySchema = z.object({
  fileName: z.string({ error: MESSAGES.uploadBadName }).trim().min(1, { error: MESSAGES.uploadBadName }),
  serviceType: z.enum(SERVICE_TYPE.values),
});
export type UploadBody = z.infer<typeof UploadBodySchema>;

/** GET /v1/services/{serviceId}/upload?fileName=: a sent file, opened in a new tab. */
export const DocumentQuerySchema = z.object({
  fileName: z.string({ error: MESSAGES.noDocument }).min(1, { error: MESSAGES.noDocument }),
});
export const DocumentUrlSchema = z.object({ url: z.string() });

/** A file of a service (spec §3 "Uploaded file"): without uploadDate it is chosen but not yet sent. */
export const UploadedFileSchema = z.object({
  fileName: z.string(),
  uploadDate: z.iso.datetime().nullable(),
  side: z.enum(FILE_SIDE),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

/** PATCH /v1/services/{id}/status (spec §7: serviceType, status), staff only. */
export const ServiceStatusBodySchema = z.object({
  serviceType: z.enum(SERVICE_TYPE.values),
  status: z.enum(SERVICE_STATUS.values),
});
export type ServiceStatusBody = z.infer<typeof ServiceStatusBodySchema>;

/** The defence mandate as shown and as accepted. */
export const MandateSchema = z.object({
  version: z.string(),
  sections: z.array(z.object({ title: z.string(), paragraphs: z.array(z.string()) })),
  acceptedAt: z.iso.datetime().nullable(),
  /** The version the client accepted; differs from `version` when the letter changed since. */
  acceptedVersion: z.string().nullable(),
});
export type Mandate = z.infer<typeof MandateSchema>;

/** Accepting needs the box ticked: the API's refusal, and the case page's before sending. */
export const MANDATE_MUST_ACCEPT = "Per iniziare devi leggere e accettare il mandato.";

export const MandateAcceptBodySchema = z.object({
  version: z.string({ error: MESSAGES.badRequest }).min(1, { error: MESSAGES.badRequest }),
  accepted: z.literal(true, { error: MANDATE_MUST_ACCEPT }),
});
export type MandateAcceptBody = z.infer<typeof MandateAcceptBodySchema>;

/** GET /v1/services/{id}/injunction-draft: the formal notice's draft letter (a download, not JSON). */
export const DocxFileSchema = z.string().meta({ description: "Il file Word (.docx)" });

/** The draft's file name: the practice number says which case it belongs to. */
export const injunctionDraftFileName = (ticketCode: string) => `bozza-diffida-${ticketCode}.docx`;

/** A lawyer (or admin) a service can be assigned to. */
export const StaffMemberSchema = z.object({ id: z.uuid(), name: z.string() });
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** GET /v1/services/team: who work can be assigned to, by name. */
export const TeamSchema = z.array(StaffMemberSchema);

/** PUT /v1/services/{id}/assignment: the lawyer who does the work, or null to put it back in the queue. */
export const ServiceAssignmentBodySchema = z.object({
  lawyerId: z.uuid({ error: MESSAGES.badRequest }).nullable(),
});
export type ServiceAssignmentBody = z.infer<typeof ServiceAssignmentBodySchema>;

/** The staff's queue: paid services waiting for work, optionally of one type. */
export const ServiceQueueQuerySchema = z.object({
  serviceType: z.enum(SERVICE_TYPE.values).optional(),
});

/** The queue's filter as its select holds it: "" ("Tutti") is every type. */
export const ServiceQueueFilterSchema = z.object({ serviceType: filterChoice(z.enum(SERVICE_TYPE.values)) });
export type ServiceQueueFilterForm = z.input<typeof ServiceQueueFilterSchema>;
export type ServiceQueueFilter = z.output<typeof ServiceQueueFilterSchema>;

export const ServiceQueueItemSchema = z.object({
  serviceId: z.uuid(),
  serviceType: z.string(),
  status: z.string(),
  practiceId: z.uuid(),
  ticketCode: z.string(),
  /** When it was paid (the service row is made by the payment). */
  paidAt: z.iso.datetime(),
  assignedLawyer: StaffMemberSchema.nullable(),
  /** DEFENCE only: whether the client accepted the mandate (work cannot start before). */
  mandateAccepted: z.boolean().nullable(),
});
export type ServiceQueueItem = z.infer<typeof ServiceQueueItemSchema>;

export const ServiceQueueSchema = z.object({
  /** The caller's own first, then the unassigned, then the colleagues'; oldest first within each. */
  items: z.array(ServiceQueueItemSchema),
});
export type ServiceQueue = z.infer<typeof ServiceQueueSchema>;

/** A service as the practice detail shows it (spec §3 "Service"). */
export const PracticeServiceSchema = z.object({
  serviceId: z.uuid(),
  serviceType: z.string(),
  status: z.string(),
  /** The client's file sent for the lawyer, if any. */
  clientFile: UploadedFileSchema.nullable(),
  /** The lawyer's finished document, if any (shown to the client once sent). */
  document: UploadedFileSchema.nullable(),
  assignedLawyer: StaffMemberSchema.nullable(),
  /** DEFENCE only: when the client accepted the mandate, else null; always null for other types. */
  mandateAcceptedAt: z.iso.datetime().nullable(),
});
export type PracticeService = z.infer<typeof PracticeServiceSchema>;
