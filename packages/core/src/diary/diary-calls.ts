import { joinCalls } from "../shared/api-contract.ts";
import {
  DiaryAttachmentBodySchema,
  DiaryAttachmentParamsSchema,
  DiaryAttachmentSchema,
  DiaryCorrectionBodySchema,
  DiaryDossierParamsSchema,
  DiaryEntryBodySchema,
  DiaryEntryParamsSchema,
  DiaryEntrySchema,
  DiaryLinkSchema,
  DiaryListQuerySchema,
  DiaryListSchema,
  DiaryPracticeParamsSchema,
  DiaryShareBodySchema,
  DiaryShareSchema,
  DiaryUploadSchema,
  DossierBodySchema,
  DossierSchema,
} from "./diary-api.ts";
import { DIARY_ROUTES } from "./diary-routes.ts";

// The diary's calls (issue 40), each declared once for the API routes and the web.

const SCHEMAS = {
  entries: { query: DiaryListQuerySchema, response: DiaryListSchema },
  entry: { params: DiaryEntryParamsSchema, response: DiaryEntrySchema },
  createEntry: { body: DiaryEntryBodySchema, response: DiaryEntrySchema },
  correctEntry: {
    params: DiaryEntryParamsSchema,
    body: DiaryCorrectionBodySchema,
    response: DiaryEntrySchema,
  },
  prepareAttachment: { body: DiaryAttachmentBodySchema, response: DiaryUploadSchema },
  receiveAttachment: { params: DiaryAttachmentParamsSchema, response: DiaryAttachmentSchema },
  attachmentLink: { params: DiaryAttachmentParamsSchema, response: DiaryLinkSchema },
  share: { params: DiaryPracticeParamsSchema, response: DiaryShareSchema },
  setShare: { params: DiaryPracticeParamsSchema, body: DiaryShareBodySchema, response: DiaryShareSchema },
  createDossier: { body: DossierBodySchema, response: DossierSchema },
  dossier: { params: DiaryDossierParamsSchema, response: DossierSchema },
};

export type DiaryCallSchemas = typeof SCHEMAS;

export const DIARY_CALLS = joinCalls(DIARY_ROUTES, SCHEMAS);
