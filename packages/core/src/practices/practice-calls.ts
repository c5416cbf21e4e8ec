import { z } from "zod";
import { CommentReadsSchema, CommentSchema } from "../conversations/message-schemas.ts";
import { joinCalls } from "../shared/api-contract.ts";
import { ClaimedPracticeSchema, ClaimTokenBodySchema, ClaimWithKeyBodySchema } from "./claim.ts";
import { PRACTICE_ROUTES } from "./practice-routes.ts";
import {
  AnonymityBodySchema,
  CommentBodySchema,
  CommentListSchema,
  CommentsReadBodySchema,
  CustomServiceBodySchema,
  CustomServiceSchema,
  EvaluationBodySchema,
  IdParamsSchema,
  LinkSchema,
  PracticeAccessLogSchema,
  PracticeDetailSchema,
  PracticeEmailBodySchema,
  PracticeEmailListSchema,
  PracticeEmailSchema,
  PracticeListQuerySchema,
  PracticeListSchema,
  PracticeQueueSchema,
  PracticeStatusUpdateBodySchema,
  ServicesActiveSchema,
  UnreadCountsQuerySchema,
  UnreadCountsSchema,
} from "./practices-api.ts";

// The practice calls (spec §7), each declared once for the API routes and the web (shared/api-contract.ts).

const params = IdParamsSchema;

/** The rows of each section of the lawyer's work queue unless told. */
export const QUEUE_SECTION_SIZE = 10;

const SCHEMAS = {
  list: { query: PracticeListQuerySchema, response: PracticeListSchema },
  queue: {
    query: z.object({ limit: z.coerce.number().int().min(1).max(50).default(QUEUE_SECTION_SIZE) }),
    response: PracticeQueueSchema,
  },
  unreadCounts: { query: UnreadCountsQuerySchema, response: UnreadCountsSchema },
  detail: { params, response: PracticeDetailSchema },
  remove: { params, response: z.null() },
  changeStatus: { params, body: PracticeStatusUpdateBodySchema, response: PracticeDetailSchema },
  setAnonymity: { params, body: AnonymityBodySchema, response: PracticeDetailSchema },
  answers: { params, response: z.record(z.string(), z.unknown()) },
  servicesActive: { params, body: ServicesActiveSchema, response: PracticeDetailSchema },
  feedbackLink: { params, response: LinkSchema },
  evaluation: { params, body: EvaluationBodySchema, response: PracticeDetailSchema },
  adviceOffer: { params, response: CustomServiceSchema },
  advicePrice: { params, body: CustomServiceBodySchema, response: PracticeDetailSchema },
  take: { params, response: PracticeDetailSchema },
  release: { params, response: PracticeDetailSchema },
  emails: { params, response: PracticeEmailListSchema },
  accessLog: { params, response: PracticeAccessLogSchema },
  emailClient: { params, body: PracticeEmailBodySchema, response: PracticeEmailSchema },
  comments: { params, response: CommentListSchema },
  addComment: { params, body: CommentBodySchema, response: CommentSchema },
  editComment: { params, body: CommentBodySchema, response: CommentSchema },
  commentReads: { params, response: CommentReadsSchema },
  readComments: { params, body: CommentsReadBodySchema, response: CommentReadsSchema },
  /** No body at all (an id alone) is a refused claim, not a malformed request. */
  claimWithToken: { params, body: ClaimTokenBodySchema.nullish(), response: ClaimedPracticeSchema },
  claimWithKey: { body: ClaimWithKeyBodySchema, response: ClaimedPracticeSchema },
};

export type PracticeCallSchemas = typeof SCHEMAS;

/** The calls as the API declares its routes: each route of practice-routes.ts with its schemas. */
export const PRACTICE_CALLS = joinCalls(PRACTICE_ROUTES, SCHEMAS);
