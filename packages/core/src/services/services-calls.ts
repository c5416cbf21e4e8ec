import { joinCalls } from "../shared/api-contract.ts";
import {
  DocumentQuerySchema,
  DocumentUrlSchema,
  DocxFileSchema,
  MandateAcceptBodySchema,
  MandateSchema,
  PracticeServiceSchema,
  ServiceAssignmentBodySchema,
  ServiceIdParamsSchema,
  ServiceQueueQuerySchema,
  ServiceQueueSchema,
  ServiceStatusBodySchema,
  ServiceUploadParamsSchema,
  SignedUrlQuerySchema,
  SignedUrlSchema,
  TeamSchema,
  UploadBodySchema,
  UploadedFileSchema,
} from "./services-api.ts";
import { SERVICES_ROUTES } from "./services-routes.ts";

// The services' calls (spec §7), each declared once for the API routes and the web (shared/api-contract.ts).

const SCHEMAS = {
  signedUrl: { params: ServiceIdParamsSchema, query: SignedUrlQuerySchema, response: SignedUrlSchema },
  registerUpload: { params: ServiceUploadParamsSchema, body: UploadBodySchema, response: UploadedFileSchema },
  deleteUpload: {
    params: ServiceUploadParamsSchema,
    body: UploadBodySchema,
    response: PracticeServiceSchema,
  },
  documentUrl: { params: ServiceUploadParamsSchema, query: DocumentQuerySchema, response: DocumentUrlSchema },
  changeStatus: {
    params: ServiceIdParamsSchema,
    body: ServiceStatusBodySchema,
    response: PracticeServiceSchema,
  },
  queue: { query: ServiceQueueQuerySchema, response: ServiceQueueSchema },
  team: { response: TeamSchema },
  assign: {
    params: ServiceIdParamsSchema,
    body: ServiceAssignmentBodySchema,
    response: PracticeServiceSchema,
  },
  mandate: { params: ServiceIdParamsSchema, response: MandateSchema },
  acceptMandate: { params: ServiceIdParamsSchema, body: MandateAcceptBodySchema, response: MandateSchema },
  injunctionDraft: { params: ServiceIdParamsSchema, response: DocxFileSchema },
};

export type ServicesCallSchemas = typeof SCHEMAS;

/** The calls as the API declares its routes: each route of services-routes.ts with its schemas. */
export const SERVICES_CALLS = joinCalls(SERVICES_ROUTES, SCHEMAS);
