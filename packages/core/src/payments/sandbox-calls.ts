import { joinCalls } from "../shared/api-contract.ts";
import {
  SandboxCardSchema,
  SandboxChallengeAnswerSchema,
  SandboxChallengeQuerySchema,
  SandboxChallengeSchema,
  SandboxIntentParamsSchema,
  SandboxPaymentMethodSchema,
} from "./sandbox-api.ts";
import { SANDBOX_ROUTES } from "./sandbox-routes.ts";

// The payment sandbox's calls (ADR 014), each declared once for the API routes and the web
// (shared/api-contract.ts).

const SCHEMAS = {
  createPaymentMethod: { body: SandboxCardSchema, response: SandboxPaymentMethodSchema },
  challenge: {
    params: SandboxIntentParamsSchema,
    query: SandboxChallengeQuerySchema,
    response: SandboxChallengeSchema,
  },
  answerChallenge: {
    params: SandboxIntentParamsSchema,
    body: SandboxChallengeAnswerSchema,
    response: SandboxChallengeSchema,
  },
};

export type SandboxCallSchemas = typeof SCHEMAS;

/** The calls as the API declares its routes: each route of sandbox-routes.ts with its schemas. */
export const SANDBOX_CALLS = joinCalls(SANDBOX_ROUTES, SCHEMAS);
