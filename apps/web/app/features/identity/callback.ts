import { AUTH_MESSAGES } from "@argine/core/identity/auth-messages";
import { MESSAGES } from "@argine/core/shared/messages";
import { LOGIN_PATH } from "../../shared/navigation/navigation.ts";

/** What /callback does with the provider's answer (spec §8 "Login callback errors"). */
export type CallbackOutcome =
  /** No error: exchange the code. */
  | { kind: "exchange" }
  /** Back to the login page, which shows the text and offers to try again. */
  | { kind: "login-error"; to: string }
  /** Any other error: clear the user and go home. */
  | { kind: "clear-and-home" };

/** /account/login?error={text}. */
export function loginErrorPath(message: string): string {
  return `${LOGIN_PATH}?error=${encodeURIComponent(message)}`;
}

export function callbackOutcome(params: URLSearchParams): CallbackOutcome {
  const error = params.get("error");
  if (error === null) return { kind: "exchange" };
  if (error === "unauthorized") {
    // An empty description would make the login page start over at once: give it a text to show.
    const description = params.get("error_description")?.trim();
    return { kind: "login-error", to: loginErrorPath(description || AUTH_MESSAGES.unauthorizedFallback) };
  }
  if (error === "access_denied")
    return { kind: "login-error", to: loginErrorPath(MESSAGES.thirdPartyCookies) };
  return { kind: "clear-and-home" };
}
