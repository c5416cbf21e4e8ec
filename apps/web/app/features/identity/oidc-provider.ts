import { AUTH_MESSAGES } from "@argine/core/identity/auth-messages";
import type { AuthConfig } from "@argine/core/identity/users-api";
import { isRecord } from "@argine/core/shared/is-record";
import { OidcError } from "./oidc-errors.ts";

// The provider the app signs in with: GET /v1/auth/config names its issuer, the issuer's discovery document
// names its endpoints. Both are loaded once and shared; a failure is forgotten so the next call tries again.

export interface OidcDiscovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  revocation_endpoint?: string;
  end_session_endpoint?: string;
}

export interface ProviderMetadata {
  getConfig(): Promise<AuthConfig>;
  getDiscovery(): Promise<OidcDiscovery>;
  /** Both, once loaded: the quick exit cannot wait for them. */
  known(): { config: AuthConfig; discovery: OidcDiscovery } | null;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/** The discovery document's fields we use, or null when it is not one of the issuer we asked. */
function parseDiscovery(body: unknown, issuer: string): OidcDiscovery | null {
  if (
    !isRecord(body) ||
    typeof body.authorization_endpoint !== "string" ||
    typeof body.token_endpoint !== "string" ||
    typeof body.issuer !== "string" ||
    withoutTrailingSlash(body.issuer) !== withoutTrailingSlash(issuer)
  ) {
    return null;
  }
  return {
    issuer: body.issuer,
    authorization_endpoint: body.authorization_endpoint,
    token_endpoint: body.token_endpoint,
    revocation_endpoint: typeof body.revocation_endpoint === "string" ? body.revocation_endpoint : undefined,
    end_session_endpoint:
      typeof body.end_session_endpoint === "string" ? body.end_session_endpoint : undefined,
  };
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
  doFetch: typeof fetch,
): ProviderMetadata {
  let knownConfig: AuthConfig | null = null;
  let knownDiscovery: OidcDiscovery | null = null;

  const getConfig = loadOnce(async () => {
    knownConfig = await loadConfig();
    return knownConfig;
  });

  const getDiscovery = loadOnce(async () => {
    const { issuer } = await getConfig();
    let response: Response;
    try {
      response = await doFetch(`${withoutTrailingSlash(issuer)}/.well-known/openid-configuration`, {
        headers: { Accept: "application/json" },
        credentials: "omit",
      });
    } catch {
      throw new OidcError("network", AUTH_MESSAGES.providerUnavailable);
    }
    const body: unknown = response.ok ? await response.json().catch(() => null) : null;
    const discovery = parseDiscovery(body, issuer);
    if (!discovery) throw new OidcError("invalid_response", AUTH_MESSAGES.providerUnavailable);
    knownDiscovery = discovery;
    return discovery;
  });

  return {
    getConfig,
    getDiscovery,
    known: () => (knownConfig && knownDiscovery ? { config: knownConfig, discovery: knownDiscovery } : null),
  };
}
