import { joinCalls } from "../shared/api-contract.ts";
import {
  LegalizationFilesSchema,
  LegalizationParamsSchema,
  LegalizationSessionSchema,
  LegalizationStartBodySchema,
  LegalizationStepBodySchema,
} from "./legalization-api.ts";
import { LEGALIZATION_ROUTES } from "./legalization-routes.ts";

// The legalization's calls (spec §7), each declared once for the API routes and the web.

const SCHEMAS = {
  /** null before the first capture: no session yet is a normal answer, not a 404 (ADR 021). */
  session: { params: LegalizationParamsSchema, response: LegalizationSessionSchema.nullable() },
  startSession: {
    params: LegalizationParamsSchema,
    body: LegalizationStartBodySchema,
    response: LegalizationSessionSchema,
  },
  setStep: {
    params: LegalizationParamsSchema,
    body: LegalizationStepBodySchema,
    response: LegalizationSessionSchema,
  },
  stop: { params: LegalizationParamsSchema, response: LegalizationSessionSchema },
  sessionFiles: { params: LegalizationParamsSchema, response: LegalizationFilesSchema },
};

export type LegalizationCallSchemas = typeof SCHEMAS;

export const LEGALIZATION_CALLS = joinCalls(LEGALIZATION_ROUTES, SCHEMAS);
