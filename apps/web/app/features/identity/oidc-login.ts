import { AUTH_MESSAGES } from "@argine/core/identity/auth-messages";
import { decodeJwtClaims, type JwtClaims } from "./jwt.ts";
import { OidcError } from "./oidc-errors.ts";
import type { OidcDiscovery, ProviderMetadata } from "./oidc-provider.ts";
import type { OidcSession, TokenEndpoint, TokenResponse } from "./oidc-session.ts";
import {
  contextOf,
  type LoginContext,
  type LoginTransaction,
  type LoginTransactions,
  safePracticeId,
  safeReturnTo,
} from "./oidc-transactions.ts";
import { createCodeChallenge, createCodeVerifier, randomToken } from "./pkce.ts";

// The login: the authorization request with PKCE S256 (RFC 7636) and the API's resource indicator
// (RFC 8707), then the callback's code exchanged for the tokens, checked against the transaction.

export const CALLBACK_PATH = "/callback";

export interface CompletedLogin extends LoginContext {
  claims: JwtClaims;
}

/** `prompt: "login"`: the provider asks for the credentials even with a session (a fresh sign-in, ADR 035). */
export interface LoginOptions {
  prompt?: "login";
}

export interface OidcLogin {
  begin(context?: LoginContext, options?: LoginOptions): Promise<string>;
  complete(params: URLSearchParams): Promise<CompletedLogin>;
}

const invalidState = () => new OidcError("invalid_state", AUTH_MESSAGES.loginAttemptInvalid);

/** The id token's claims when it is the one this login asked for (OIDC Core §3.1.3.7), else null. */
function checkedIdClaims(
  response: TokenResponse,
  discovery: OidcDiscovery,
  clientId: string,
  nonce: string,
): JwtClaims | null {
  const claims = decodeJwtClaims(response.id_token);
  const audience = claims?.aud;
  const audienceOk = Array.isArray(audience) ? audience.includes(clientId) : audience === clientId;
  const valid =
    claims !== null &&
    typeof claims.sub === "string" &&
    claims.iss === discovery.issuer &&
    audienceOk &&
    claims.nonce === nonce;
  return valid ? claims : null;
}

export function createOidcLogin(deps: {
  provider: ProviderMetadata;
  tokens: TokenEndpoint;
  session: OidcSession;
  transactions: LoginTransactions;
  crypto: Crypto;
  now: () => number;
  origin: () => string;
}): OidcLogin {
  const { provider, tokens, session, transactions, crypto } = deps;
  const completions = new Map<string, Promise<CompletedLogin>>();
  const redirectUri = () => `${deps.origin()}${CALLBACK_PATH}`;

  async function exchange(params: URLSearchParams, state: string): Promise<CompletedLogin> {
    const transaction = transactions.take(state);
    const code = params.get("code");
    if (!transaction || !code) throw invalidState();
    const [config, discovery] = await Promise.all([provider.getConfig(), provider.getDiscovery()]);
    // RFC 9207: when the provider names itself in the response, it must be the one we asked.
    const iss = params.get("iss");
    if (iss !== null && iss !== discovery.issuer) throw invalidState();
    const response = await tokens.request({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri(),
      client_id: config.clientId,
      code_verifier: transaction.codeVerifier,
      resource: config.audience,
    });
    const claims = checkedIdClaims(response, discovery, config.clientId, transaction.nonce);
    if (!claims) throw new OidcError("invalid_response", AUTH_MESSAGES.loginFailed);
    session.start(response);
    return { claims, ...contextOf(transaction) };
  }

  return {
    async begin(context = {}, options = {}) {
      const [config, discovery] = await Promise.all([provider.getConfig(), provider.getDiscovery()]);
      const codeVerifier = createCodeVerifier(crypto);
      const transaction: LoginTransaction = {
        state: randomToken(32, crypto),
        codeVerifier,
        nonce: randomToken(32, crypto),
        createdAt: deps.now(),
        practiceId: safePracticeId(context.practiceId),
        returnTo: safeReturnTo(context.returnTo),
      };
      transactions.save(transaction);
      const url = new URL(discovery.authorization_endpoint);
      const params = {
        response_type: "code",
        client_id: config.clientId,
        redirect_uri: redirectUri(),
        scope: config.scope,
        state: transaction.state,
        nonce: transaction.nonce,
        code_challenge: await createCodeChallenge(codeVerifier, crypto),
        code_challenge_method: "S256",
        resource: config.audience,
        // OIDC Core §3.1.2.1: the provider asks for the credentials again; the API checks the new auth_time.
        ...(options.prompt ? { prompt: options.prompt } : {}),
      };
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      return url.toString();
    },
    complete(params) {
      const state = params.get("state") ?? "";
      // The same callback handled twice (React's development double effects) exchanges the code once.
      const known = completions.get(state);
      if (known) return known;
      const completion = state ? exchange(params, state) : Promise.reject(invalidState());
      completions.set(state, completion);
      return completion;
    },
  };
}
