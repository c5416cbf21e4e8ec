import { z } from "zod";
import { BillingDataSchema } from "../billing/billing-data.ts";
import { EmailSchema, PrivacyAcceptanceSchema, RequiredStringSchema } from "../shared/fields.ts";
import { MESSAGES } from "../shared/messages.ts";
import { PagingQuerySchema } from "../shared/paging.ts";
import { PasswordSchema } from "./password.ts";
import {
  CellPhoneSchema,
  PasswordChangeBodySchema,
  PersonNameSchema,
  ProfileUpdateBodySchema,
} from "./profile.ts";
import { ROLES } from "./roles.ts";

export const RoleSchema = z.enum(ROLES);

/**
 * What the submitting browser sends with the registration (POST /v1/users): the practice waits for the new
 * account's first sign-in, so the confirmation link may open anywhere (ADR 010).
 */
export const RegistrationClaimSchema = z.object({
  practiceId: z.uuid(),
  claimToken: z.string().min(1).max(200),
});

// Request and response bodies of the identity calls (spec §7 "Authentication", users/me), shared by the
// API routes and the web forms.

/** POST /v1/users: registration. The answer is the same whether or not the email is already registered. */
export const RegistrationBodySchema = z.object({
  name: PersonNameSchema,
  lastname: PersonNameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  cellPhone: CellPhoneSchema,
  privacyConsent: PrivacyAcceptanceSchema,
  marketingConsent: z.boolean().default(false),
  /** The practice this browser's questionnaire opened, if any. */
  claim: RegistrationClaimSchema.optional(),
});
export type RegistrationBody = z.infer<typeof RegistrationBodySchema>;

/** POST /v1/users/verification/resend and POST /v1/users/password-reset. */
export const EmailBodySchema = z.object({ email: EmailSchema });

/** POST /v1/users/verification: the token from the mailed link. */
export const TokenBodySchema = z.object({ token: RequiredStringSchema });

/** POST /v1/users/password-reset/confirm. */
export const PasswordResetConfirmBodySchema = z.object({
  token: RequiredStringSchema,
  password: PasswordSchema,
});

/** PATCH /v1/users/me: either the profile fields or the password fields, never both (spec §7). */
export const MeUpdateBodySchema = z.union([
  PasswordChangeBodySchema.strict(),
  ProfileUpdateBodySchema.partial()
    .extend({
      marketingConsent: z.boolean().optional(),
      mailFullText: z.boolean().optional(),
    })
    .strict(),
]);
export type MeUpdateBody = z.infer<typeof MeUpdateBodySchema>;

/** GET /v1/users/me. */
export const MeSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  lastname: z.string(),
  cellPhone: z.string().nullable(),
  marketingConsent: z.boolean(),
  /** The lawyers' messages mailed in full (off by default: a notice with a link, ADR 038). */
  mailFullText: z.boolean(),
  privacyConsent: z.boolean(),
  roles: z.array(RoleSchema),
  invoice: BillingDataSchema.nullable(),
});
export type Me = z.infer<typeof MeSchema>;

/** A plain confirmation for the user. */
export const MessageSchema = z.object({ message: z.string() });

/** Where the browser goes next in the sign-in flow. */
export const RedirectSchema = z.object({ redirectTo: z.string() });

// ─── The second factor (ADR 036) ─────────────────────────────────────────────────────────────────────────

/**
 * The login step's answer for an account with a second factor: the password was right, now the code. The
 * token proves it for this sign-in step only (its uid, a few minutes).
 */
export const SecondFactorStepSchema = z.object({ secondFactorToken: z.string() });

/** POST /v1/auth/interactions/{uid}/login: on to the app, or on to the code. */
export const LoginResultSchema = z.union([RedirectSchema, SecondFactorStepSchema]);
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** GET /v1/users/me/second-factor. */
export const SecondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** Staff need it to open a case (ADR 036). */
  requiredForCases: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatusSchema>;

/** POST /v1/users/me/second-factor/setup: what the authenticator app is told, shown once. */
export const SecondFactorSetupSchema = z.object({
  /** The key in base32, for typing it by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code carries. */
  uri: z.string(),
  /** The QR code as a data: URL (PNG). */
  qrCode: z.string(),
});
export type SecondFactorSetup = z.infer<typeof SecondFactorSetupSchema>;

/** Turning it off or making new recovery codes: the password, or a current code. */
export const SecondFactorProofBodySchema = z
  .object({
    password: z.string().max(200).optional(),
    code: z.string().trim().max(20).optional(),
  })
  .refine((body) => Boolean(body.password || body.code), MESSAGES.secondFactorProofNeeded);
export type SecondFactorProofBody = z.infer<typeof SecondFactorProofBodySchema>;

/** The recovery codes, shown once. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** GET /v1/auth/interactions/{uid}: the pending sign-in step shown by /account/login. */
export const InteractionSchema = z.object({
  uid: z.string(),
  prompt: z.string(),
  csrfToken: z.string(),
  loginHint: z.string().optional(),
});

/** GET /v1/auth/config: which OpenID provider the web app signs in with. */
export const AuthConfigSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  /** The API's resource indicator: the audience of its access tokens. */
  audience: z.string(),
  scope: z.string(),
  /** True for the embedded provider, whose login, registration and reset pages are ours. */
  embedded: z.boolean(),
  /**
   * The embedded provider's authorization endpoint, so a login starts without fetching the discovery document
   * first (issue 41); absent for an external provider, whose discovery document names it.
   */
  authorizationEndpoint: z.string().optional(),
  /** The personal area signs out after this long without activity, warning a minute before (issue 37). */
  idleSignOutSeconds: z.number().int().positive(),
});
export type AuthConfig = z.infer<typeof AuthConfigSchema>;

/** One signed-in device of the caller's account (GET /v1/users/me/devices). */
export const DeviceSchema = z.object({
  id: z.string(),
  /** From the user agent alone (core/identity/devices.ts): "Chrome su Android". */
  name: z.string(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  /** The device making the call ("Questo dispositivo"). */
  current: z.boolean(),
});
export type Device = z.infer<typeof DeviceSchema>;

/** GET and DELETE /v1/users/me/devices…: the account's devices still signed in, last used first. */
export const DeviceListSchema = z.object({ data: z.array(DeviceSchema) });
export type DeviceList = z.infer<typeof DeviceListSchema>;

/** DELETE /v1/users/me/devices/{id}. */
export const DeviceParamsSchema = z.object({ id: z.uuid() });

/** PUT and DELETE /v1/users/{id}/roles/{role} (admin). */
export const RoleParamsSchema = z.object({ id: z.uuid(), role: RoleSchema });

/** GET /v1/admin/users: q matches the email or the name (any part, any case); page is 1-based. */
export const AdminUserListQuerySchema = PagingQuerySchema.extend({
  q: z.string().trim().max(100, { error: MESSAGES.tooLong }).optional(),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuerySchema>;

/** The admin's users search: the query's text, trimmed, as the search box fills it. */
export const AdminUserSearchSchema = AdminUserListQuerySchema.pick({ q: true });

/** A user as the admin workspace lists them: who, which roles, whether the address is confirmed. */
export const AdminUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  lastname: z.string(),
  roles: z.array(RoleSchema),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserListSchema = z.object({ total: z.number().int(), data: z.array(AdminUserSchema) });
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

/** GET /v1/dev/mailbox (demo mode only): the outbox as a mailbox. */
export const MailboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
  /** What was attached (a consultation's .ics): GET /v1/dev/mailbox/{id}/attachments/{index} serves each. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number() })),
});
export const MailboxSchema = z.array(MailboxMessageSchema);

/** A mail's id in the demo mailbox and the attachment's position (from 0). */
export const MailboxAttachmentParamsSchema = z.object({
  id: z.string().max(100),
  index: z.coerce.number().int().min(0).max(20),
});
