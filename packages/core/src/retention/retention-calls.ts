import { ServiceIdParamsSchema } from "../services/services-api.ts";
import { joinCalls } from "../shared/api-contract.ts";
import { ZipFileSchema } from "./retention-api.ts";
import { RETENTION_ROUTES } from "./retention-routes.ts";

// The retention's calls, each declared once for the API routes and the web (shared/api-contract.ts).

const SCHEMAS = {
  archive: { params: ServiceIdParamsSchema, response: ZipFileSchema },
};

export type RetentionCallSchemas = typeof SCHEMAS;

export const RETENTION_CALLS = joinCalls(RETENTION_ROUTES, SCHEMAS);
