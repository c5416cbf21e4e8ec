import type { AuthConfig } from "@argine/core/identity/users-api";
import {
  type LoginContext,
  type LoginTransaction,
  safePracticeId,
  safeReturnTo,
} from "./oidc-transactions.ts";

// The authorization request (RFC 6749 §4.1.1) with PKCE S256 (RFC 7636) and the API's resource indicator
// (RFC 8707), built with the browser's Web Crypto alone: the app's login (oidc-login.ts) and the prerendered
// login page's inline start (early-login.ts) make it through this one function.

export const CALLBACK_PATH = "/callback";

/** `prompt: "login"`: the provider asks for the credentials even with a session (a fresh sign-in, ADR 035). */
export interface LoginOptions {
  prompt?: "login";
}

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** 32 random bytes: RFC 7636 §4.1's verifier (43 characters), and as much for the state and the nonce. */
const randomToken = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** RFC 7636 §4.2: BASE64URL(SHA256(verifier)). */
export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** The URL to send the browser to, and the transaction to keep in the tab until the callback. */
export async function authorizationRequest(request: {
  endpoint: string;
  config: Pick<AuthConfig, "clientId" | "scope" | "audience">;
  redirectUri: string;
  now: number;
  context?: LoginContext;
  options?: LoginOptions;
}): Promise<{ url: string; transaction: LoginTransaction }> {
  const { config, context = {}, options = {} } = request;
  const transaction: LoginTransaction = {
    state: randomToken(),
    codeVerifier: randomToken(),
    nonce: randomToken(),
    createdAt: request.now,
    practiceId: safePracticeId(context.practiceId),
    returnTo: safeReturnTo(context.returnTo),
  };
  const url = new URL(request.endpoint);
  const params = {
    response_type: "code",
    client_id: config.clientId,
    redirect_uri: request.redirectUri,
    scope: config.scope,
    state: transaction.state,
    nonce: transaction.nonce,
    code_challenge: await codeChallengeS256(transaction.codeVerifier),
    code_challenge_method: "S256",
    resource: config.audience,
    // OIDC Core §3.1.2.1: the provider asks for the credentials again; the API checks the new auth_time.
    ...(options.prompt ? { prompt: options.prompt } : {}),
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return { url: url.toString(), transaction };
}
