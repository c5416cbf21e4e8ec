import { BillingDataSchema } from "../invoice/billing-data.ts";
import { defineCall } from "../shared/api-contract.ts";
import {
  AdminUserListQuerySchema,
  AdminUserListSchema,
  EmailBodySchema,
  MeSchema,
  MessageSchema,
  MeUpdateBodySchema,
  PasswordResetConfirmBodySchema,
  RegistrationBodySchema,
  RoleParamsSchema,
  TokenBodySchema,
} from "./users-api.ts";

// The account calls (registration, verification, password reset, one's own data, roles) and the admin's
// user list, each declared once for the API routes and the web (shared/api-contract.ts).

export const USERS_CALLS = {
  /** The same answer whether the e-mail exists or not. */
  register: defineCall({
    method: "POST",
    path: "/users",
    body: RegistrationBodySchema,
    response: MessageSchema,
    status: 202,
  }),
  verifyEmail: defineCall({
    method: "POST",
    path: "/users/verification",
    body: TokenBodySchema,
    response: MessageSchema,
  }),
  resendVerification: defineCall({
    method: "POST",
    path: "/users/verification/resend",
    body: EmailBodySchema,
    response: MessageSchema,
    status: 202,
  }),
  requestPasswordReset: defineCall({
    method: "POST",
    path: "/users/password-reset",
    body: EmailBodySchema,
    response: MessageSchema,
    status: 202,
  }),
  confirmPasswordReset: defineCall({
    method: "POST",
    path: "/users/password-reset/confirm",
    body: PasswordResetConfirmBodySchema,
    response: MessageSchema,
  }),
  me: defineCall({ method: "GET", path: "/users/me", response: MeSchema }),
  updateMe: defineCall({ method: "PATCH", path: "/users/me", body: MeUpdateBodySchema, response: MeSchema }),
  updateInvoice: defineCall({
    method: "PATCH",
    path: "/users/me/invoice",
    body: BillingDataSchema,
    response: MeSchema,
  }),
  grantRole: defineCall({
    method: "PUT",
    path: "/users/:id/roles/:role",
    params: RoleParamsSchema,
    response: MeSchema,
  }),
  revokeRole: defineCall({
    method: "DELETE",
    path: "/users/:id/roles/:role",
    params: RoleParamsSchema,
    response: MeSchema,
  }),
  adminUsers: defineCall({
    method: "GET",
    path: "/admin/users",
    query: AdminUserListQuerySchema,
    response: AdminUserListSchema,
  }),
};
