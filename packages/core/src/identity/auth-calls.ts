import { z } from "zod";
import { joinCalls } from "../shared/api-contract.ts";
import { AUTH_ROUTES } from "./auth-routes.ts";
import { LoginBodySchema, SecondFactorLoginBodySchema } from "./login-api.ts";
import {
  AuthConfigSchema,
  InteractionSchema,
  LoginResultSchema,
  MailboxAttachmentParamsSchema,
  MailboxSchema,
  MessageSchema,
  RedirectSchema,
  TokenBodySchema,
} from "./users-api.ts";

// The sign-in calls (the OpenID provider the web uses, the embedded provider's login step) and the demo
// mailbox, declared once for the API routes and the web (shared/api-contract.ts).

const params = z.object({ uid: z.string().min(1).max(100) });

const SCHEMAS = {
  config: { response: AuthConfigSchema },
  interaction: { params, response: InteractionSchema },
  login: {
    params,
    body: LoginBodySchema,
    headers: z.object({ "x-csrf-token": z.string().min(1) }),
    response: LoginResultSchema,
  },
  loginSecondFactor: {
    params,
    body: SecondFactorLoginBodySchema,
    headers: z.object({ "x-csrf-token": z.string().min(1) }),
    response: RedirectSchema,
  },
  unlock: { body: TokenBodySchema, response: MessageSchema },
  devMailbox: { query: z.object({ key: z.string().max(200).optional() }), response: MailboxSchema },
  devMailboxAttachment: {
    params: MailboxAttachmentParamsSchema,
    query: z.object({ key: z.string().max(200).optional() }),
    response: z.string().meta({ description: "Il file allegato" }),
  },
};

export type AuthCallSchemas = typeof SCHEMAS;

/** The calls as the API declares its routes: each route of auth-routes.ts with its schemas. */
export const AUTH_CALLS = joinCalls(AUTH_ROUTES, SCHEMAS);
