import type { BillingData } from "@argine/core/billing/billing-data";
import type { Me } from "@argine/core/identity/users-api";
import { USERS_ROUTES as CALLS } from "@argine/core/identity/users-routes";
import { call } from "../../shared/http/call.ts";

/** PATCH /v1/users/me with the profile fields only (spec §7). An empty cellPhone removes the number. */
export function updateProfile(body: {
  name: string;
  lastname: string;
  cellPhone: string;
  marketingConsent: boolean;
}): Promise<Me> {
  return call(CALLS.updateMe, { body });
}

/** PATCH /v1/users/me with the password fields only (spec §7). */
export function changePassword(body: { oldPassword: string; password: string }): Promise<Me> {
  return call(CALLS.updateMe, { body });
}

/** PATCH /v1/users/me/invoice. */
export function updateBillingData(body: BillingData): Promise<Me> {
  return call(CALLS.updateInvoice, { body });
}
