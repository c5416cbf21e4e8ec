import { z } from "zod";
import { defineCall } from "../shared/api-contract.ts";
import { ClaimedPracticeSchema, ClaimTokenBodySchema, ClaimWithKeyBodySchema } from "./claim.ts";
import { PracticeStatusUpdateBodySchema } from "./practice-status.ts";
import {
  CommentBodySchema,
  CommentListSchema,
  CommentSchema,
  CustomServiceBodySchema,
  CustomServiceSchema,
  EvaluationBodySchema,
  IdParamsSchema,
  LinkSchema,
  PracticeDetailSchema,
  PracticeEmailBodySchema,
  PracticeEmailListSchema,
  PracticeEmailSchema,
  PracticeListQuerySchema,
  PracticeListSchema,
  PracticeQueueSchema,
  ServicesActiveSchema,
} from "./practices-api.ts";

// The practice calls (spec §7), each declared once for the API routes and the web (shared/api-contract.ts).

const params = IdParamsSchema;

export const PRACTICE_CALLS = {
  list: defineCall({
    method: "GET",
    path: "/practices",
    query: PracticeListQuerySchema,
    response: PracticeListSchema,
  }),
  queue: defineCall({
    method: "GET",
    path: "/practices/queue",
    query: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
    response: PracticeQueueSchema,
  }),
  detail: defineCall({ method: "GET", path: "/practices/:id", params, response: PracticeDetailSchema }),
  remove: defineCall({ method: "DELETE", path: "/practices/:id", params, response: z.null(), status: 204 }),
  changeStatus: defineCall({
    method: "PATCH",
    path: "/practices/:id/status",
    params,
    body: PracticeStatusUpdateBodySchema,
    response: PracticeDetailSchema,
  }),
  answers: defineCall({
    method: "GET",
    path: "/practices/:id/questions",
    params,
    response: z.record(z.string(), z.unknown()),
  }),
  servicesActive: defineCall({
    method: "PATCH",
    path: "/practices/:id/services-active",
    params,
    body: ServicesActiveSchema,
    response: PracticeDetailSchema,
  }),
  feedbackLink: defineCall({
    method: "GET",
    path: "/practices/:id/feedback-link",
    params,
    response: LinkSchema,
  }),
  evaluation: defineCall({
    method: "PATCH",
    path: "/practices/:id/evaluation",
    params,
    body: EvaluationBodySchema,
    response: PracticeDetailSchema,
  }),
  adviceOffer: defineCall({
    method: "GET",
    path: "/practices/:id/customService",
    params,
    response: CustomServiceSchema,
  }),
  advicePrice: defineCall({
    method: "PUT",
    path: "/practices/:id/customService",
    params,
    body: CustomServiceBodySchema,
    response: PracticeDetailSchema,
  }),
  take: defineCall({
    method: "POST",
    path: "/practices/:id/assignment",
    params,
    response: PracticeDetailSchema,
  }),
  release: defineCall({
    method: "DELETE",
    path: "/practices/:id/assignment",
    params,
    response: PracticeDetailSchema,
  }),
  emails: defineCall({
    method: "GET",
    path: "/practices/:id/emails",
    params,
    response: PracticeEmailListSchema,
  }),
  emailClient: defineCall({
    method: "POST",
    path: "/practices/:id/emails",
    params,
    body: PracticeEmailBodySchema,
    response: PracticeEmailSchema,
    status: 201,
  }),
  comments: defineCall({
    method: "GET",
    path: "/practices/:id/comments",
    params,
    response: CommentListSchema,
  }),
  addComment: defineCall({
    method: "POST",
    path: "/practices/:id/comments",
    params,
    body: CommentBodySchema,
    response: CommentSchema,
    status: 201,
  }),
  editComment: defineCall({
    method: "PUT",
    path: "/comments/:id",
    params,
    body: CommentBodySchema,
    response: CommentSchema,
  }),
  claimWithToken: defineCall({
    method: "PATCH",
    path: "/practices/:id/user",
    params,
    // No body at all (an id alone) is a refused claim, not a malformed request.
    body: ClaimTokenBodySchema.nullish(),
    response: ClaimedPracticeSchema,
  }),
  claimWithKey: defineCall({
    method: "POST",
    path: "/practices/claim",
    body: ClaimWithKeyBodySchema,
    response: ClaimedPracticeSchema,
  }),
};
