import { z } from "zod";
import { MESSAGES } from "../shared/messages.ts";
import { EvaluationSchema } from "./evaluation.ts";
import { PracticeStatusSchema } from "./practice-status.ts";

// Bodies of the practice calls (spec §7), shared by the API routes and the web.

const flag = z.enum(["true", "false"]).transform((v) => v === "true");

/** GET /v1/practices query filters; page is 1-based. */
export const PracticeListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  ticketCode: z.string().trim().max(40).optional(),
  status: PracticeStatusSchema.optional(),
  evaluation: EvaluationSchema.optional(),
  crimeType: z.string().max(40).optional(),
  anonymous: flag.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PracticeListQuery = z.infer<typeof PracticeListQuerySchema>;

/** The client as staff see them; null on an anonymous practice or one nobody has claimed. */
export const PracticeClientSchema = z.object({ name: z.string(), lastname: z.string() }).nullable();

export const PracticeSummarySchema = z.object({
  practiceId: z.uuid(),
  ticketCode: z.string(),
  status: PracticeStatusSchema,
  evaluation: EvaluationSchema.nullable(),
  crimeType: z.string().nullable(),
  platform: z.string().nullable(),
  anonymous: z.boolean(),
  createdAt: z.string(),
  expiryDate: z.string().nullable(),
  client: PracticeClientSchema,
});
export type PracticeSummary = z.infer<typeof PracticeSummarySchema>;

export const PracticeListSchema = z.object({ total: z.number().int(), data: z.array(PracticeSummarySchema) });

/** The four service-active flags (spec §3 "Practice detail"; PATCH /v1/practices/{id}/services-active). */
export const ServicesActiveSchema = z.object({
  serviceTakedownActive: z.boolean(),
  serviceLegalizationActive: z.boolean(),
  serviceInjuctionActive: z.boolean(),
  serviceAdviceActive: z.boolean(),
});

export const PracticeDetailSchema = PracticeSummarySchema.extend({
  crimeUrl: z.string().nullable(),
  tags: z.array(z.string()),
  formsOfHate: z.array(z.string()),
  shitstorm: z.string(),
  psychologicalSupport: z.string(),
  ...ServicesActiveSchema.shape,
});
export type PracticeDetail = z.infer<typeof PracticeDetailSchema>;

/** POST /v1/practices/{id}/comments and PUT /v1/comments/{id}: a comment text (spec §3 "comment"). */
export const CommentBodySchema = z.object({
  comment: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(5000, { error: MESSAGES.tooLong }),
});

export const CommentSchema = z.object({
  id: z.uuid(),
  practiceId: z.uuid(),
  comment: z.string(),
  author: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Comment = z.infer<typeof CommentSchema>;
export const CommentListSchema = z.array(CommentSchema);

/** GET /v1/practices/{id}/feedback-link: opened in a new tab (spec §7). */
export const LinkSchema = z.object({ link: z.string() });
