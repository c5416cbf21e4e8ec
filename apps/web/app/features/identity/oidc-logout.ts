import type { AuthConfig } from "@argine/core/identity/users-api";
import type { OidcProtocol } from "./oidc-protocol.ts";
import type { OidcDiscovery, ProviderMetadata } from "./oidc-provider.ts";
import type { OidcSession } from "./oidc-session.ts";

// The end of a session: the refresh token revoked (RFC 7009) and the provider's session ended through its
// end-session endpoint (RP-initiated logout), or, for the quick exit, everything forgotten at once.

export interface OidcLogout {
  logout(): Promise<string | null>;
  abandon(): void;
}

export function createOidcLogout(deps: {
  provider: ProviderMetadata;
  protocol: OidcProtocol;
  session: OidcSession;
  origin: () => string;
  /** Forgets every token and pending login of the tab, synchronously. */
  forgetAll: () => void;
}): OidcLogout {
  const { provider, protocol, session } = deps;

  return {
    async logout() {
      const { refreshToken, idToken } = session.heldTokens();
      deps.forgetAll();
      let config: AuthConfig;
      let discovery: OidcDiscovery;
      try {
        [config, discovery] = await Promise.all([provider.getConfig(), provider.getDiscovery()]);
      } catch {
        return null;
      }
      if (refreshToken && discovery.revocation_endpoint) {
        try {
          await protocol.revoke(refreshToken, { config, discovery });
        } catch {
          // Best effort: the local session is gone either way, and ending the provider session revokes it.
        }
      }
      if (!discovery.end_session_endpoint) return null;
      const url = new URL(discovery.end_session_endpoint);
      if (idToken) url.searchParams.set("id_token_hint", idToken);
      url.searchParams.set("post_logout_redirect_uri", `${deps.origin()}/`);
      url.searchParams.set("client_id", config.clientId);
      return url.toString();
    },
    abandon() {
      const { refreshToken } = session.heldTokens();
      deps.forgetAll();
      const known = provider.known();
      if (!refreshToken || !known?.discovery.revocation_endpoint) return;
      // keepalive: the request outlives the page the quick exit is replacing; never let the exit wait or fail.
      void protocol.revoke(refreshToken, known, { keepalive: true }).catch(() => {});
    },
  };
}
