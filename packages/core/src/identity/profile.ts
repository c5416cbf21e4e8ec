import { z } from "zod";
import {
  EmailSchema,
  ifFilled,
  NoSpecialCharsSchema,
  PrivacyAcceptanceSchema,
  RequiredSecretSchema,
} from "../shared/fields.ts";
import { MESSAGES } from "../shared/messages.ts";
import { PasswordSchema, withPasswordConfirmation } from "./password.ts";

// User profile (spec §3 "User profile"; PATCH /v1/users/me in §7).

const NAME_MAX_LENGTH = 100;

export const PersonNameSchema = NoSpecialCharsSchema.refine((value) => value.length <= NAME_MAX_LENGTH, {
  error: MESSAGES.tooLong,
  ...ifFilled,
});

/** Digits with an optional leading "+": 6 to 15 digits (E.164's maximum). */
export const PHONE_PATTERN = /^\+?\d{6,15}$/;

/** Optional: empty means no phone. 'Il numero inserito non è valido' otherwise. */
export const CellPhoneSchema = z
  .string({ error: MESSAGES.invalidNumber })
  .trim()
  .refine((value) => PHONE_PATTERN.test(value), { error: MESSAGES.invalidNumber, ...ifFilled })
  .optional();

export const ProfileSchema = z.object({
  name: PersonNameSchema,
  lastname: PersonNameSchema,
  cellPhone: CellPhoneSchema,
  email: EmailSchema,
  marketingConsent: z.boolean(),
  privacyConsent: PrivacyAcceptanceSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;

/** The profile edit sends only its own fields (spec §7). */
export const ProfileUpdateBodySchema = ProfileSchema.pick({ name: true, lastname: true, cellPhone: true });
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBodySchema>;

/** The password change sends only its own fields (spec §7). */
export const PasswordChangeBodySchema = z.object({
  oldPassword: RequiredSecretSchema,
  password: PasswordSchema,
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBodySchema>;

/** The password change form: current password, new password and its confirmation. */
export const PasswordChangeFormSchema = withPasswordConfirmation({ oldPassword: RequiredSecretSchema });
export type PasswordChangeForm = z.infer<typeof PasswordChangeFormSchema>;

/** The registration form: profile data without phone, a password and its confirmation. */
export const RegistrationFormSchema = withPasswordConfirmation({
  name: PersonNameSchema,
  lastname: PersonNameSchema,
  email: EmailSchema,
  marketingConsent: z.boolean(),
  privacyConsent: PrivacyAcceptanceSchema,
});
export type RegistrationForm = z.infer<typeof RegistrationFormSchema>;
