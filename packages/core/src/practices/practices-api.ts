import { z } from "zod";
import { EvaluationSchema } from "./evaluation.ts";
import { PracticeStatusSchema } from "./practice-status.ts";

// Bodies of the practice calls (spec §7), shared by the API routes and the web.

const flag = z.enum(["true", "false"]).transform((v) => v === "true");

/** GET /v1/practices query filters; page is 1-based. */
export const PracticeListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
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
