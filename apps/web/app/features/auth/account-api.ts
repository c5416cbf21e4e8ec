import type { RegistrationBody } from "@argine/core/identity/users-api";
import { USERS_CALLS as CALLS } from "@argine/core/identity/users-calls";
import { apiClient } from "../http/api-client.ts";
import { call } from "../http/call.ts";

// The public account calls (no bearer token): the embedded provider's sign-in step, registration, e-mail
// verification and password reset. Every answer carries an Italian `message` to show as is.

/** GET /v1/auth/interactions/{uid} (InteractionSchema in core). */
export interface Interaction {
  uid: string;
  prompt: string;
  csrfToken: string;
  loginHint?: string;
}

export interface MessageAnswer {
  message: string;
}

const PUBLIC = { auth: false } as const;

export function getInteraction(uid: string, signal?: AbortSignal): Promise<Interaction> {
  return apiClient.get<Interaction>(`/v1/auth/interactions/${encodeURIComponent(uid)}`, {
    ...PUBLIC,
    signal,
  });
}

export function submitLogin(
  interaction: Pick<Interaction, "uid" | "csrfToken">,
  body: { email: string; password: string },
): Promise<{ redirectTo: string }> {
  return apiClient.post(`/v1/auth/interactions/${encodeURIComponent(interaction.uid)}/login`, body, {
    ...PUBLIC,
    headers: { "x-csrf-token": interaction.csrfToken },
  });
}

export function register(body: RegistrationBody): Promise<MessageAnswer> {
  return call(CALLS.register, { body, ...PUBLIC });
}

export function confirmEmail(token: string): Promise<MessageAnswer> {
  return call(CALLS.verifyEmail, { body: { token }, ...PUBLIC });
}

export function resendVerification(email: string): Promise<MessageAnswer> {
  return call(CALLS.resendVerification, { body: { email }, ...PUBLIC });
}

export function requestPasswordReset(email: string): Promise<MessageAnswer> {
  return call(CALLS.requestPasswordReset, { body: { email }, ...PUBLIC });
}

export function confirmPasswordReset(token: string, password: string): Promise<MessageAnswer> {
  return call(CALLS.confirmPasswordReset, { body: { token, password }, ...PUBLIC });
}
