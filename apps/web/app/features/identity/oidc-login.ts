import { AUTH_MESSAGES } from "@argine/core/identity/auth-messages";
import * as oauth from "oauth4webapi";
import type { JwtClaims } from "./jwt.ts";
import { OidcError } from "./oidc-errors.ts";
import type { OidcProtocol } from "./oidc-protocol.ts";
import type { ProviderMetadata } from "./oidc-provider.ts";
import type { OidcSession } from "./oidc-session.ts";
import {
  contextOf,
  type LoginContext,
  type LoginTransaction,
  type LoginTransactions,
  safePracticeId,
  safeReturnTo,
} from "./oidc-transactions.ts";

// The login: the authorization request with PKCE S256 (RFC 7636) and the API's resource indicator
// (RFC 8707), then the callback checked against the transaction and its code exchanged for the tokens
// (the protocol's checks are oauth4webapi's, oidc-protocol.ts).

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

export function createOidcLogin(deps: {
  provider: ProviderMetadata;
  protocol: OidcProtocol;
  session: OidcSession;
  transactions: LoginTransactions;
  now: () => number;
  origin: () => string;
}): OidcLogin {
  const { provider, protocol, session, transactions } = deps;
  const completions = new Map<string, Promise<CompletedLogin>>();
  const redirectUri = () => `${deps.origin()}${CALLBACK_PATH}`;

  async function exchange(params: URLSearchParams, state: string): Promise<CompletedLogin> {
    const transaction = transactions.take(state);
    if (!transaction || !params.get("code")) throw invalidState();
    // RFC 9207: the response must name the issuer we asked (a mix-up defence), before the code goes anywhere.
    const callback = await protocol.checkCallback(params, transaction.state);
    const { response, claims } = await protocol.exchangeCode(callback, {
      codeVerifier: transaction.codeVerifier,
      nonce: transaction.nonce,
      redirectUri: redirectUri(),
    });
    session.start(response);
    return { claims, ...contextOf(transaction) };
  }

  return {
    async begin(context = {}, options = {}) {
      const [config, discovery] = await Promise.all([provider.getConfig(), provider.getDiscovery()]);
      const codeVerifier = oauth.generateRandomCodeVerifier();
      const transaction: LoginTransaction = {
        state: oauth.generateRandomState(),
        codeVerifier,
        nonce: oauth.generateRandomNonce(),
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
        code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
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
