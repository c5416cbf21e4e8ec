import { z } from "zod";
import { CommentReadsSchema } from "../conversations/message-schemas.ts";
import { joinCalls } from "../shared/api-contract.ts";
import {
  SupportInboxSchema,
  SupportMessageBodySchema,
  SupportReadBodySchema,
  SupportResumeBodySchema,
  SupportThreadParamsSchema,
  SupportThreadSchema,
} from "./support-api.ts";
import { SUPPORT_ROUTES } from "./support-routes.ts";

// The support chat's calls (ADR 030), each declared once for the API routes and the web.

const SCHEMAS = {
  thread: { response: SupportThreadSchema },
  write: { body: SupportMessageBodySchema, response: SupportThreadSchema },
  read: { body: SupportReadBodySchema, response: CommentReadsSchema },
  close: { response: z.null() },
  resume: { body: SupportResumeBodySchema, response: SupportThreadSchema },
  inbox: { response: SupportInboxSchema },
  staffThread: { params: SupportThreadParamsSchema, response: SupportThreadSchema },
  answer: {
    params: SupportThreadParamsSchema,
    body: SupportMessageBodySchema.pick({ text: true }),
    response: SupportThreadSchema,
  },
  staffRead: { params: SupportThreadParamsSchema, body: SupportReadBodySchema, response: CommentReadsSchema },
};

export type SupportCallSchemas = typeof SCHEMAS;

export const SUPPORT_CALLS = joinCalls(SUPPORT_ROUTES, SCHEMAS);
