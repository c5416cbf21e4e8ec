import { defineRoutes } from "../shared/api-contract.ts";
import type { UsersCallSchemas } from "./users-calls.ts";

// Method, path and success status of each call; its schemas are in users-calls.ts (shared/api-contract.ts).

export const USERS_ROUTES = defineRoutes<UsersCallSchemas>()({
  /** The same answer whether the e-mail exists or not. */
  register: { method: "POST", path: "/users", status: 202 },
  verifyEmail: { method: "POST", path: "/users/verification" },
  resendVerification: { method: "POST", path: "/users/verification/resend", status: 202 },
  requestPasswordReset: { method: "POST", path: "/users/password-reset", status: 202 },
  confirmPasswordReset: { method: "POST", path: "/users/password-reset/confirm" },
  me: { method: "GET", path: "/users/me" },
  updateMe: { method: "PATCH", path: "/users/me" },
  updateInvoice: { method: "PATCH", path: "/users/me/invoice" },
  devices: { method: "GET", path: "/users/me/devices" },
  /** Ends one signed-in device; the remaining ones answer. */
  endDevice: { method: "DELETE", path: "/users/me/devices/:id" },
  /** Ends every signed-in device, the caller's own included. */
  endAllDevices: { method: "DELETE", path: "/users/me/devices" },
  grantRole: { method: "PUT", path: "/users/:id/roles/:role" },
  revokeRole: { method: "DELETE", path: "/users/:id/roles/:role" },
  adminUsers: { method: "GET", path: "/admin/users" },
  /** The account's second factor (ADR 036): its state, turning it on (a new key, then a first code), off. */
  secondFactor: { method: "GET", path: "/users/me/second-factor" },
  startSecondFactor: { method: "POST", path: "/users/me/second-factor/setup" },
  confirmSecondFactor: { method: "POST", path: "/users/me/second-factor/confirm" },
  disableSecondFactor: { method: "POST", path: "/users/me/second-factor/disable" },
  renewRecoveryCodes: { method: "POST", path: "/users/me/second-factor/recovery-codes" },
});
