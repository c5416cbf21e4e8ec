import { z } from "zod";
import { EmailSchema, RequiredSecretSchema } from "../shared/fields.ts";
import { MESSAGES } from "../shared/messages.ts";

// The sign-in's bodies, apart from users-api.ts: the login screen loads them when its form first checks what
// was typed, not with the page, and builds no other schema then (issue 41, docs/performance-phone.md).

/** POST /v1/auth/interactions/{uid}/login. */
export const LoginBodySchema = z.object({ email: EmailSchema, password: RequiredSecretSchema });

/** An authenticator's six digits or a recovery code ("xxxxx-xxxxx"), as typed. */
export const SecondFactorCodeSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(20, MESSAGES.secondFactorWrongCode);

/**
 * The code alone: the sign-in's code step as typed, and POST /v1/users/me/second-factor/confirm (the first
 * code from the app).
 */
export const SecondFactorConfirmBodySchema = z.object({ code: SecondFactorCodeSchema });

/** POST /v1/auth/interactions/{uid}/second-factor. */
export const SecondFactorLoginBodySchema = z.object({
  secondFactorToken: z.string().min(1).max(300),
  code: SecondFactorCodeSchema,
});
