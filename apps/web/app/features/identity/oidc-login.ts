import { AUTH_MESSAGES } from "@argine/core/identity/auth-messages";
import type { JwtClaims } from "./jwt.ts";
import { authorizationRequest, CALLBACK_PATH, type LoginOptions } from "./login-request.ts";
import { OidcError } from "./oidc-errors.ts";
import type { OidcProtocol } from "./oidc-protocol.ts";
import type { ProviderMetadata } from "./oidc-provider.ts";
import type { OidcSession } from "./oidc-session.ts";
import { contextOf, type LoginContext, type LoginTransactions } from "./oidc-transactions.ts";

// The login: the authorization request (login-request.ts), then the callback checked against the transaction
// and its code exchanged for the tokens (the protocol's checks are oauth4webapi's, oidc-protocol.ts).

export interface CompletedLogin extends LoginContext {
  claims: JwtClaims;
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
      const config = await provider.getConfig();
      // The embedded provider's endpoint comes with the config: no discovery round trip before leaving.
      const endpoint = config.authorizationEndpoint ?? (await provider.getDiscovery()).authorization_endpoint;
      const { url, transaction } = await authorizationRequest({
        endpoint,
        config,
        redirectUri: redirectUri(),
        now: deps.now(),
        context,
        options,
      });
      transactions.save(transaction);
      return url;
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
