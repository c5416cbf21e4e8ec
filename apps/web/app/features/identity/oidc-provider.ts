import type { AuthConfig } from "@argine/core/identity/users-api";
import type * as oauth from "oauth4webapi";
import { isAuthConfig } from "./auth-config.ts";
import { PROVIDER_KEY, REFRESH_TOKEN_KEY, type TabStorage } from "./oidc-storage.ts";

// The provider the app signs in with: GET /v1/auth/config names its issuer, the issuer's discovery document
// names its endpoints. Both are loaded once and shared; a failure is forgotten so the next call tries again.
//
// A session is kept with the provider that issued it (sessionStorage, beside its tokens): a reload renews the
// session at that provider without asking for the config and the discovery first, two round trips fewer
// before the personal area can show (issue 41). The refresh token is only ever good at its own issuer, so
// that is also where its renewal must go. A renewal that does not reach it (the provider moved, the network
// dropped) forgets the kept copy, and the next call loads both from the API again; a renewal it refuses ends
// the session and everything kept with it (oidc-session.ts).

/** The issuer's discovery document (its issuer checked by oauth4webapi, oidc-protocol.ts). */
export type OidcDiscovery = oauth.AuthorizationServer & {
  readonly authorization_endpoint: string;
  readonly token_endpoint: string;
};

export interface KnownProvider {
  config: AuthConfig;
  discovery: OidcDiscovery;
}

export interface ProviderMetadata {
  getConfig(): Promise<AuthConfig>;
  getDiscovery(): Promise<OidcDiscovery>;
  /** Both, once loaded: the quick exit cannot wait for them. */
  known(): KnownProvider | null;
  /** Keeps the provider now known beside the session's tokens (called as the tokens are stored). */
  keep(): void;
  /** Forgets the provider, kept and in memory: the next call loads it from the API. */
  forget(): void;
}

/** The provider kept beside a session, when there is one, it is whole and its discovery names its issuer. */
function keptProvider(storage: TabStorage): KnownProvider | null {
  const raw = storage.get(PROVIDER_KEY);
  if (!raw || !storage.get(REFRESH_TOKEN_KEY)) return null;
  try {
    const { config, discovery } = JSON.parse(raw) as Partial<KnownProvider>;
    const whole =
      isAuthConfig(config) &&
      typeof discovery === "object" &&
      discovery !== null &&
      discovery.issuer === config.issuer &&
      typeof discovery.authorization_endpoint === "string" &&
      typeof discovery.token_endpoint === "string";
    return whole ? { config, discovery } : null;
  } catch {
    return null;
  }
}

/** A value loaded once and shared; a failed load is dropped so the next call tries again. */
function loadedOnce<T>(load: () => Promise<T>, initial: T | undefined) {
  let value = initial;
  let pending: Promise<T> | null = initial === undefined ? null : Promise.resolve(initial);
  return {
    get(): Promise<T> {
      if (pending) return pending;
      const current: Promise<T> = load().then(
        (loaded) => {
          if (pending === current) value = loaded; // not when forgotten meanwhile
          return loaded;
        },
        (reason: unknown) => {
          if (pending === current) pending = null;
          throw reason;
        },
      );
      pending = current;
      return current;
    },
    value: () => value,
    clear() {
      value = undefined;
      pending = null;
    },
  };
}

export function createProviderMetadata(
  loadConfig: () => Promise<AuthConfig>,
  discover: (issuer: string) => Promise<OidcDiscovery>,
  storage: TabStorage,
): ProviderMetadata {
  const kept = keptProvider(storage);
  const config = loadedOnce(loadConfig, kept?.config);
  const discovery = loadedOnce(async () => discover((await config.get()).issuer), kept?.discovery);

  const known = (): KnownProvider | null => {
    const [knownConfig, knownDiscovery] = [config.value(), discovery.value()];
    return knownConfig && knownDiscovery ? { config: knownConfig, discovery: knownDiscovery } : null;
  };

  return {
    getConfig: config.get,
    getDiscovery: discovery.get,
    known,
    keep() {
      const whole = known();
      if (whole) storage.set(PROVIDER_KEY, JSON.stringify(whole));
    },
    forget() {
      config.clear();
      discovery.clear();
      storage.remove(PROVIDER_KEY);
    },
  };
}
