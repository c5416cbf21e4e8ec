import type { AuthConfig } from "@argine/core/identity/users-api";
import type * as oauth from "oauth4webapi";

// The provider the app signs in with: GET /v1/auth/config names its issuer, the issuer's discovery document
// names its endpoints. Both are loaded once and shared; a failure is forgotten so the next call tries again.

/** The issuer's discovery document (its issuer checked by oauth4webapi, oidc-protocol.ts). */
export type OidcDiscovery = oauth.AuthorizationServer & {
  readonly authorization_endpoint: string;
  readonly token_endpoint: string;
};

export interface ProviderMetadata {
  getConfig(): Promise<AuthConfig>;
  getDiscovery(): Promise<OidcDiscovery>;
  /** Both, once loaded: the quick exit cannot wait for them. */
  known(): { config: AuthConfig; discovery: OidcDiscovery } | null;
}

/** Shares one pending load; a failed one is dropped so the next call tries again. */
function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((reason: unknown) => {
      pending = null;
      throw reason;
    });
    return pending;
  };
}

export function createProviderMetadata(
  loadConfig: () => Promise<AuthConfig>,
  discover: (issuer: string) => Promise<OidcDiscovery>,
): ProviderMetadata {
  let knownConfig: AuthConfig | null = null;
  let knownDiscovery: OidcDiscovery | null = null;

  const getConfig = loadOnce(async () => {
    knownConfig = await loadConfig();
    return knownConfig;
  });

  const getDiscovery = loadOnce(async () => {
    const { issuer } = await getConfig();
    knownDiscovery = await discover(issuer);
    return knownDiscovery;
  });

  return {
    getConfig,
    getDiscovery,
    known: () => (knownConfig && knownDiscovery ? { config: knownConfig, discovery: knownDiscovery } : null),
  };
}
