import { z } from "zod";
import { joinCalls } from "../shared/api-contract.ts";
import {
  AccountErasureBodySchema,
  DataExportDownloadQuerySchema,
  DataExportFileSchema,
  DataExportStateSchema,
} from "./own-data-api.ts";
import { OWN_DATA_ROUTES } from "./own-data-routes.ts";

// One's own data (ADR 037): the export's state, its request and its one download, declared once for the API
// routes and the web (shared/api-contract.ts).

const SCHEMAS = {
  exportState: { response: DataExportStateSchema },
  requestExport: { response: DataExportStateSchema },
  downloadExport: { query: DataExportDownloadQuerySchema, response: DataExportFileSchema },
  erase: { body: AccountErasureBodySchema, response: z.null() },
};

export type OwnDataCallSchemas = typeof SCHEMAS;

export const OWN_DATA_CALLS = joinCalls(OWN_DATA_ROUTES, SCHEMAS);
