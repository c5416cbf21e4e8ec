import { defineRoutes } from "../shared/api-contract.ts";
import type { AuthCallSchemas } from "./auth-calls.ts";

// Method, path and success status of each call; its schemas are in auth-calls.ts (shared/api-contract.ts).

export const AUTH_ROUTES = defineRoutes<AuthCallSchemas>()({
  config: { method: "GET", path: "/auth/config" },
  interaction: { method: "GET", path: "/auth/interactions/:uid" },
  login: { method: "POST", path: "/auth/interactions/:uid/login" },
  /** The mailed link that lifts failed sign-ins' hold on an account (ADR 035). */
  unlock: { method: "POST", path: "/auth/unlock" },
  /** After the password, an account with a second factor types its code (ADR 036). */
  loginSecondFactor: { method: "POST", path: "/auth/interactions/:uid/second-factor" },
  /** Demo mode only, with the key printed at start (apps/api routes/v1/dev/mailbox.ts). */
  devMailbox: { method: "GET", path: "/dev/mailbox" },
  /** One attachment of a mail in the demo mailbox (a consultation's .ics), as a file; the same key. */
  devMailboxAttachment: { method: "GET", path: "/dev/mailbox/:id/attachments/:index" },
});
