import { AUTH_MESSAGES } from "@argine/core/identity/auth-messages";
import type { AuthConfig } from "@argine/core/identity/users-api";
import { TRANSPORT_MESSAGES } from "@argine/core/shared/transport-messages";
import * as oauth from "oauth4webapi";
import type { JwtClaims } from "./jwt.ts";
import { OidcError } from "./oidc-errors.ts";
import type { OidcDiscovery, ProviderMetadata } from "./oidc-provider.ts";
import type { TokenEndpoint, TokenResponse } from "./oidc-session.ts";

// The protocol, done by oauth4webapi (ADR 028): discovery, the callback's checks (state, RFC 9207 `iss`), the
// code exchange with PKCE, the id token's checks (iss, aud, azp, nonce, exp), the refresh grant and
// revocation (RFC 7009). The client is public (`none`: only client_id is sent) and names the API as its
// resource (RFC 8707) on every token request. What is ours: the transport below and the errors' mapping.

const client = (config: AuthConfig): oauth.Client => ({ client_id: config.clientId });

/** Loopback addresses: `npm run serve`, the e2e journeys and the cluster serve http://127.0.0.1 or localhost. */
function isLoopback(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "[::1]" ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

/**
 * The options of every call to the provider. oauth4webapi refuses plain http; we allow it only for an issuer on
 * this machine, or in development, since production requires an https PUBLIC_URL (apps/api/src/config.ts) and
 * the journeys run on http://127.0.0.1 (e2e/playwright.config.ts). No cookie goes with the calls (the tokens
 * are the credentials); `keepalive` lets the quick exit's revocation outlive the page.
 */
function transport(issuer: string, doFetch: typeof fetch, keepalive = false) {
  const { protocol, hostname } = new URL(issuer);
  return {
    [oauth.allowInsecureRequests]: protocol === "http:" && (import.meta.env.DEV || isLoopback(hostname)),
    [oauth.customFetch]: async (
      url: string,
      init: oauth.CustomFetchOptions<string, URLSearchParams | undefined>,
    ) => {
      try {
        return await doFetch(url, { ...init, credentials: "omit", keepalive });
      } catch {
        throw new OidcError("network", TRANSPORT_MESSAGES.serverErrorNetwork);
      }
    },
  };
}

/** A failure of a call as an OidcError whose `error` is the provider's OAuth code when it gave one. */
function failure(reason: unknown, message: string): OidcError {
  if (reason instanceof OidcError) return reason;
  if (reason instanceof oauth.ResponseBodyError) return new OidcError(reason.error, message);
  if (reason instanceof oauth.WWWAuthenticateChallengeError) {
    // RFC 6749 §5.2: a 401 of the token endpoint is invalid_client.
    const error = reason.cause[0]?.parameters.error ?? (reason.status === 401 ? "invalid_client" : undefined);
    return new OidcError(error ?? "invalid_response", message);
  }
  return new OidcError("invalid_response", message);
}

/** The issuer's discovery document, checked to name that issuer; its two endpoints the login needs. */
export async function discover(issuer: string, doFetch: typeof fetch): Promise<OidcDiscovery> {
  try {
    const url = new URL(issuer);
    const response = await oauth.discoveryRequest(url, transport(issuer, doFetch));
    const discovery = await oauth.processDiscoveryResponse(url, response);
    const { authorization_endpoint, token_endpoint } = discovery;
    if (typeof authorization_endpoint !== "string" || typeof token_endpoint !== "string") {
      throw new OidcError("invalid_response", AUTH_MESSAGES.providerUnavailable);
    }
    return { ...discovery, authorization_endpoint, token_endpoint };
  } catch (reason) {
    throw new OidcError(failure(reason, "").error, AUTH_MESSAGES.providerUnavailable);
  }
}

export interface OidcProtocol extends TokenEndpoint {
  /**
   * The callback's checks: its `state` is the transaction's and its `iss` our issuer's (RFC 9207: required when
   * the provider says it sends one, as ours does). Refused as an invalid login attempt, before any request.
   */
  checkCallback(params: URLSearchParams, state: string): Promise<URLSearchParams>;
  /** The code exchange (PKCE) and its id token's checks; resolves with the tokens and the id token's claims. */
  exchangeCode(
    callback: URLSearchParams,
    login: { codeVerifier: string; nonce: string; redirectUri: string },
  ): Promise<{ response: TokenResponse; claims: JwtClaims }>;
  /** Revokes a refresh token at the provider already known (the quick exit cannot wait for it). */
  revoke(
    refreshToken: string,
    known: { config: AuthConfig; discovery: OidcDiscovery },
    options?: { keepalive?: boolean },
  ): Promise<void>;
}

export function createOidcProtocol(provider: ProviderMetadata, doFetch: typeof fetch): OidcProtocol {
  const metadata = () => Promise.all([provider.getConfig(), provider.getDiscovery()]);

  return {
    async checkCallback(params, state) {
      const [config, discovery] = await metadata();
      try {
        return oauth.validateAuthResponse(discovery, client(config), params, state);
      } catch {
        throw new OidcError("invalid_state", AUTH_MESSAGES.loginAttemptInvalid);
      }
    },
    async exchangeCode(callback, login) {
      const [config, discovery] = await metadata();
      try {
        const answer = await oauth.authorizationCodeGrantRequest(
          discovery,
          client(config),
          oauth.None(),
          callback,
          login.redirectUri,
          login.codeVerifier,
          { ...transport(config.issuer, doFetch), additionalParameters: { resource: config.audience } },
        );
        const response = await oauth.processAuthorizationCodeResponse(discovery, client(config), answer, {
          expectedNonce: login.nonce,
          requireIdToken: true,
        });
        const claims = oauth.getValidatedIdTokenClaims(response);
        if (!claims) throw new OidcError("invalid_response", AUTH_MESSAGES.loginFailed);
        return { response, claims };
      } catch (reason) {
        throw failure(reason, AUTH_MESSAGES.loginFailed);
      }
    },
    async refresh(refreshToken) {
      const [config, discovery] = await metadata();
      try {
        const answer = await oauth.refreshTokenGrantRequest(
          discovery,
          client(config),
          oauth.None(),
          refreshToken,
          {
            ...transport(config.issuer, doFetch),
            additionalParameters: { resource: config.audience },
          },
        );
        return await oauth.processRefreshTokenResponse(discovery, client(config), answer);
      } catch (reason) {
        throw failure(reason, AUTH_MESSAGES.loginFailed);
      }
    },
    async revoke(refreshToken, { config, discovery }, { keepalive = false } = {}) {
      const answer = await oauth.revocationRequest(discovery, client(config), oauth.None(), refreshToken, {
        ...transport(config.issuer, doFetch, keepalive),
        additionalParameters: { token_type_hint: "refresh_token" },
      });
      await oauth.processRevocationResponse(answer);
    },
  };
}
