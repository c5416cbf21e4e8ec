import { BillingDataSchema } from "../billing/billing-data.ts";
import { joinCalls } from "../shared/api-contract.ts";
import { SecondFactorConfirmBodySchema } from "./login-api.ts";
import {
  AdminUserListQuerySchema,
  AdminUserListSchema,
  DeviceListSchema,
  DeviceParamsSchema,
  EmailBodySchema,
  MeSchema,
  MessageSchema,
  MeUpdateBodySchema,
  PasswordResetConfirmBodySchema,
  RecoveryCodesSchema,
  RegistrationBodySchema,
  RoleParamsSchema,
  SecondFactorProofBodySchema,
  SecondFactorSetupSchema,
  SecondFactorStatusSchema,
  TokenBodySchema,
} from "./users-api.ts";
import { USERS_ROUTES } from "./users-routes.ts";

// The account calls (registration, verification, password reset, one's own data, roles) and the admin's
// user list, each declared once for the API routes and the web (shared/api-contract.ts).

const SCHEMAS = {
  register: { body: RegistrationBodySchema, response: MessageSchema },
  verifyEmail: { body: TokenBodySchema, response: MessageSchema },
  resendVerification: { body: EmailBodySchema, response: MessageSchema },
  requestPasswordReset: { body: EmailBodySchema, response: MessageSchema },
  confirmPasswordReset: { body: PasswordResetConfirmBodySchema, response: MessageSchema },
  me: { response: MeSchema },
  updateMe: { body: MeUpdateBodySchema, response: MeSchema },
  updateInvoice: { body: BillingDataSchema, response: MeSchema },
  devices: { response: DeviceListSchema },
  endDevice: { params: DeviceParamsSchema, response: DeviceListSchema },
  endAllDevices: { response: MessageSchema },
  grantRole: { params: RoleParamsSchema, response: MeSchema },
  revokeRole: { params: RoleParamsSchema, response: MeSchema },
  adminUsers: { query: AdminUserListQuerySchema, response: AdminUserListSchema },
  secondFactor: { response: SecondFactorStatusSchema },
  startSecondFactor: { response: SecondFactorSetupSchema },
  confirmSecondFactor: { body: SecondFactorConfirmBodySchema, response: RecoveryCodesSchema },
  disableSecondFactor: { body: SecondFactorProofBodySchema, response: SecondFactorStatusSchema },
  renewRecoveryCodes: { body: SecondFactorProofBodySchema, response: RecoveryCodesSchema },
};

export type UsersCallSchemas = typeof SCHEMAS;

/** The calls as the API declares its routes: each route of users-routes.ts with its schemas. */
export const USERS_CALLS = joinCalls(USERS_ROUTES, SCHEMAS);
