import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "../shared/constants.ts";
import { ifFilled, RequiredSecretSchema } from "../shared/fields.ts";
import { MESSAGES } from "../shared/messages.ts";
import { isCommonPassword } from "./common-passwords.ts";

// Spec §5: at least 8 characters with 1 uppercase, 1 lowercase and 1 digit. Letters of any alphabet count
// ("À", "ß"); the lookaheads give one message however many parts are missing.
export const PASSWORD_STRENGTH_PATTERN = /^(?=.*\p{Lu})(?=.*\p{Ll})(?=.*\d)/u;

export function isStrongPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && PASSWORD_STRENGTH_PATTERN.test(value);
}

/** A new password. Never trimmed; refused when it is one of the passwords every attacker tries first. */
export const PasswordSchema = RequiredSecretSchema.refine(isStrongPassword, {
  error: MESSAGES.passwordRule,
  ...ifFilled,
}).refine((value) => !isCommonPassword(value), {
  error: MESSAGES.commonPassword,
  when: (payload) => typeof payload.value === "string" && isStrongPassword(payload.value),
});

/**
 * An object schema with `password` (the rule above) and `confirmPassword`, plus any extra fields; a
 * mismatch is reported on `confirmPassword` even while other fields are still in error.
 */
export function withPasswordConfirmation<Shape extends z.ZodRawShape = Record<never, never>>(
  shape: Shape = {} as Shape,
) {
  return z.object({ ...shape, password: PasswordSchema, confirmPassword: RequiredSecretSchema }).refine(
    (value) => {
      const { password, confirmPassword } = value as { password: string; confirmPassword: string };
      return password === confirmPassword;
    },
    {
      path: ["confirmPassword"],
      error: MESSAGES.passwordsMismatch,
      when: (payload) => {
        const value = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
        return typeof value?.password === "string" && typeof value.confirmPassword === "string";
      },
    },
  );
}
