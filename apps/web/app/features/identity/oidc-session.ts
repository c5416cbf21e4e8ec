import { TOKEN_RENEWAL_MARGIN_MS } from "@argine/core/shared/constants";
import { decodeJwtClaims, expiryFromClaims, type JwtClaims } from "./jwt.ts";
import { OidcError } from "./oidc-errors.ts";
import type { ProviderMetadata } from "./oidc-provider.ts";
import { ID_TOKEN_KEY, PROVIDER_KEY, REFRESH_TOKEN_KEY, type TabStorage } from "./oidc-storage.ts";

// The tokens of the signed-in session and their renewal: the access token in memory only, the refresh and
// id tokens in the tab's sessionStorage, beside the provider that issued them (oidc-provider.ts); refresh
// tokens rotate on every use (ADR 004).

/** OAuth errors meaning the refresh token (or the whole grant) is gone: the session is over. */
const SESSION_ENDING_ERRORS = new Set(["invalid_grant", "invalid_client", "unauthorized_client"]);

export interface TokenResponse {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  expires_in?: number;
}

export interface TokenEndpoint {
  /** The refresh grant (oidc-protocol.ts); errors are OidcErrors, with the provider's OAuth code. */
  refresh(refreshToken: string): Promise<TokenResponse>;
}

export interface OidcSession {
  /** Starts a new session from a code exchange: a renewal still in flight for the old one lands nowhere. */
  start(response: TokenResponse): void;
  /** The tokens kept in sessionStorage, confirmed by one renewal (one check at a time). */
  restore(): Promise<JwtClaims | null>;
  getAccessToken(): Promise<string | null>;
  getClaims(): JwtClaims | null;
  /** The refresh and id tokens of the session, from memory or the tab's storage. */
  heldTokens(): { refreshToken: string | null; idToken: string | null };
  /** Drops the tokens held in memory and stored. */
  forgetTokens(): void;
  onSessionEnd(listener: () => void): () => void;
}

export function createOidcSession(deps: {
  storage: TabStorage;
  tokens: TokenEndpoint;
  /** The provider the tokens come from, kept with them. */
  provider: Pick<ProviderMetadata, "keep" | "forget">;
  now: () => number;
  /** Forgets everything of the tab's sign-in (tokens and pending logins) when the provider ends the session. */
  forgetAll: () => void;
}): OidcSession {
  const { storage, tokens, now } = deps;

  let accessToken: string | null = null;
  let accessTokenExpiresAt = 0;
  let refreshToken: string | null = null;
  let idToken: string | null = null;
  let claims: JwtClaims | null = null;
  /** Bumped whenever the session is replaced or forgotten: a renewal started before it is discarded. */
  let generation = 0;
  let renewal: Promise<string | null> | null = null;
  let restoring: Promise<JwtClaims | null> | null = null;
  const sessionEndListeners = new Set<() => void>();

  function store(response: TokenResponse): void {
    accessToken = response.access_token;
    accessTokenExpiresAt =
      response.expires_in !== undefined
        ? now() + response.expires_in * 1000
        : (expiryFromClaims(decodeJwtClaims(response.access_token)) ?? now());
    if (response.refresh_token) {
      // Rotation: every use of a refresh token returns the next one; the old one is dead.
      refreshToken = response.refresh_token;
      storage.set(REFRESH_TOKEN_KEY, refreshToken);
    }
    if (response.id_token) {
      idToken = response.id_token;
      claims = decodeJwtClaims(idToken);
      storage.set(ID_TOKEN_KEY, idToken);
    }
    deps.provider.keep();
  }

  function forgetInMemory(): void {
    generation += 1;
    renewal = null;
    accessToken = null;
    accessTokenExpiresAt = 0;
    refreshToken = null;
    idToken = null;
    claims = null;
  }

  /** One renewal at a time: concurrent callers share it. */
  function renew(): Promise<string | null> {
    if (renewal) return renewal;
    const token = refreshToken;
    if (!token) return Promise.resolve(null);
    const startedIn = generation;
    const current = (async () => {
      try {
        const response = await tokens.refresh(token);
        if (generation !== startedIn) return null; // logged out (or in again) meanwhile
        store(response);
        return accessToken;
      } catch (reason) {
        if (reason instanceof OidcError && SESSION_ENDING_ERRORS.has(reason.error)) {
          if (generation === startedIn) {
            deps.forgetAll();
            for (const listener of sessionEndListeners) listener();
          }
          return null;
        }
        throw reason;
      }
    })();
    renewal = current;
    const release = () => {
      if (renewal === current) renewal = null;
    };
    current.then(release, release);
    return current;
  }

  async function restoreFromStorage(): Promise<JwtClaims | null> {
    refreshToken = storage.get(REFRESH_TOKEN_KEY);
    idToken = storage.get(ID_TOKEN_KEY);
    claims = decodeJwtClaims(idToken);
    if (!refreshToken || !claims) {
      forgetTokens();
      return null;
    }
    try {
      return (await renew()) ? claims : null;
    } catch {
      // The provider cannot be reached: signed out for now, the tokens stay for the next attempt, which asks
      // the API for the provider again (it may have moved).
      deps.provider.forget();
      return null;
    }
  }

  function forgetTokens(): void {
    forgetInMemory();
    storage.remove(REFRESH_TOKEN_KEY);
    storage.remove(ID_TOKEN_KEY);
    // The kept copy goes with the tokens; the provider stays known in memory, where the logout and the quick
    // exit still revoke at it (oidc-logout.ts).
    storage.remove(PROVIDER_KEY);
  }

  return {
    start(response) {
      generation += 1;
      renewal = null;
      store(response);
    },
    restore() {
      // One session check at a time (React runs mount effects twice in development).
      restoring ??= restoreFromStorage().finally(() => {
        restoring = null;
      });
      return restoring;
    },
    async getAccessToken() {
      const remaining = accessTokenExpiresAt - now();
      if (accessToken && remaining > TOKEN_RENEWAL_MARGIN_MS) return accessToken;
      if (refreshToken) return renew();
      // No way to renew: hand out what is left while it is still valid.
      return accessToken && remaining > 0 ? accessToken : null;
    },
    getClaims: () => claims,
    heldTokens: () => ({
      refreshToken: refreshToken ?? storage.get(REFRESH_TOKEN_KEY),
      idToken: idToken ?? storage.get(ID_TOKEN_KEY),
    }),
    forgetTokens,
    onSessionEnd(listener) {
      sessionEndListeners.add(listener);
      return () => {
        sessionEndListeners.delete(listener);
      };
    },
  };
}
