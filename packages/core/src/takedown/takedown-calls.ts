import { TakedownUrlsBodySchema } from "../services/takedown.ts";
import { joinCalls } from "../shared/api-contract.ts";
import {
  PdfFileSchema,
  TakedownNoticeParamsSchema,
  TakedownNoticeSchema,
  TakedownNoticesSchema,
  TakedownParamsSchema,
  TakedownRecordBodySchema,
} from "./takedown-api.ts";
import { TAKEDOWN_ROUTES } from "./takedown-routes.ts";

// The takedown's calls, each declared once for the API routes and the web (shared/api-contract.ts).

const SCHEMAS = {
  submitUrls: { params: TakedownParamsSchema, body: TakedownUrlsBodySchema, response: TakedownNoticesSchema },
  notices: { params: TakedownParamsSchema, response: TakedownNoticesSchema },
  noticePdf: { params: TakedownNoticeParamsSchema, response: PdfFileSchema },
  recordNotice: {
    params: TakedownNoticeParamsSchema,
    body: TakedownRecordBodySchema,
    response: TakedownNoticeSchema,
  },
};

export type TakedownCallSchemas = typeof SCHEMAS;

export const TAKEDOWN_CALLS = joinCalls(TAKEDOWN_ROUTES, SCHEMAS);
