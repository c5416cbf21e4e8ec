import { z } from "zod";
import { defineCall } from "../shared/api-contract.ts";
import {
  AuthConfigSchema,
  InteractionSchema,
  LoginBodySchema,
  MailboxSchema,
  RedirectSchema,
} from "./users-api.ts";

// The sign-in calls (the OpenID provider the web uses, the embedded provider's login step) and the demo
// mailbox, declared once for the API routes and the web (shared/api-contract.ts).

const params = z.object({ uid: z.string().min(1).max(100) });

export const AUTH_CALLS = {
  config: defineCall({ method: "GET", path: "/auth/config", response: AuthConfigSchema }),
  interaction: defineCall({
    method: "GET",
    path: "/auth/interactions/:uid",
    params,
    response: InteractionSchema,
  }),
  login: defineCall({
    method: "POST",
    path: "/auth/interactions/:uid/login",
    params,
    body: LoginBodySchema,
    headers: z.object({ "x-csrf-token": z.string().min(1) }),
    response: RedirectSchema,
  }),
  /** Demo mode only, with the key printed at start (apps/api routes/v1/dev/mailbox.ts). */
  devMailbox: defineCall({
    method: "GET",
    path: "/dev/mailbox",
    query: z.object({ key: z.string().max(200).optional() }),
    response: MailboxSchema,
  }),
};
