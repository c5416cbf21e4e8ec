import { AUTH_ROUTES } from "@argine/core/identity/auth-routes";
import type { RegistrationBody } from "@argine/core/identity/users-api";
import { USERS_ROUTES as CALLS } from "@argine/core/identity/users-routes";
import type { CallResponse } from "@argine/core/shared/api-contract";
import { useWrite } from "../../shared/async/use-write.ts";
import { call } from "../../shared/http/call.ts";

// The public account calls (no bearer token): the embedded provider's sign-in step, registration, e-mail
// verification and password reset. Every answer carries an Italian `message` to show as is.

/** GET /v1/auth/interactions/{uid}: the pending sign-in step. */
export type Interaction = CallResponse<typeof AUTH_ROUTES.interaction>;

const PUBLIC = { auth: false } as const;

export function getInteraction(uid: string, signal?: AbortSignal) {
  return call(AUTH_ROUTES.interaction, { params: { uid }, ...PUBLIC, signal });
}

export function submitLogin(
  interaction: Pick<Interaction, "uid" | "csrfToken">,
  body: { email: string; password: string },
) {
  return call(AUTH_ROUTES.login, {
    params: { uid: interaction.uid },
    body,
    ...PUBLIC,
    headers: { "x-csrf-token": interaction.csrfToken },
  });
}

/** The code after the password, for an account with a second factor (ADR 036). */
export function submitSecondFactor(
  interaction: Pick<Interaction, "uid" | "csrfToken">,
  body: { secondFactorToken: string; code: string },
) {
  return call(AUTH_ROUTES.loginSecondFactor, {
    params: { uid: interaction.uid },
    body,
    ...PUBLIC,
    headers: { "x-csrf-token": interaction.csrfToken },
  });
}

export function register(body: RegistrationBody) {
  return call(CALLS.register, { body, ...PUBLIC });
}

export function confirmEmail(token: string) {
  return call(CALLS.verifyEmail, { body: { token }, ...PUBLIC });
}

export function resendVerification(email: string) {
  return call(CALLS.resendVerification, { body: { email }, ...PUBLIC });
}

export function requestPasswordReset(email: string) {
  return call(CALLS.requestPasswordReset, { body: { email }, ...PUBLIC });
}

// "Invia di nuovo" on the pages that have already sent a link: nothing cached changes, and the page shows the
// outcome beside its button, so the app's own error notice stays quiet.
const QUIET = { meta: { hideError: true } } as const;

/** A new confirmation link for `email`. */
export function useResendVerification() {
  return useWrite((email: string) => resendVerification(email), {}, QUIET);
}

/** A new password-reset link for `email`. */
export function useResendPasswordReset() {
  return useWrite((email: string) => requestPasswordReset(email), {}, QUIET);
}

export function confirmPasswordReset(token: string, password: string) {
  return call(CALLS.confirmPasswordReset, { body: { token, password }, ...PUBLIC });
}

/** POST /v1/auth/unlock: the mailed link that lifts failed sign-ins' hold and trusts this browser (ADR 035). */
export function unlockSignIn(token: string) {
  return call(AUTH_ROUTES.unlock, { body: { token }, ...PUBLIC });
}
