import type { AuthConfig } from "@argine/core/identity/users-api";
import type { JwtClaims } from "./jwt.ts";
import { CALLBACK_PATH, type LoginOptions } from "./login-request.ts";
import { type CompletedLogin, createOidcLogin } from "./oidc-login.ts";
import { createOidcLogout } from "./oidc-logout.ts";
import { loadedProtocol } from "./oidc-protocol-loader.ts";
import { createProviderMetadata, type OidcDiscovery } from "./oidc-provider.ts";
import { createOidcSession } from "./oidc-session.ts";
import { createTabStorage, defaultStorage } from "./oidc-storage.ts";
import { contextOf, createLoginTransactions, type LoginContext } from "./oidc-transactions.ts";

// A small OpenID Connect relying party for the browser: authorization code + PKCE S256 (RFC 7636), the
// resource indicator of the API on every request (RFC 8707), refresh-token rotation, revocation (RFC 7009)
// and RP-initiated logout. Nothing here touches React; the auth provider drives it. The protocol (discovery,
// PKCE, the token and revocation calls, the callback's and the id token's checks) is oauth4webapi's, in
// oidc-protocol.ts, loaded when first needed (oidc-protocol-loader.ts); storage, transactions, the session and
// the quick exit are ours (ADR 028).
//
// Where things live (a victim may be on a shared device: the session ends with the tab):
//   access token  → memory only (oidc-session.ts);
//   refresh token and id token → sessionStorage (oidc-session.ts), with the provider that issued them
//   (oidc-provider.ts: a reload renews there without loading the config and the discovery first);
//   login transaction { state, codeVerifier, nonce, practiceId?, returnTo? } → sessionStorage, keyed by
//   state (oidc-transactions.ts).

export interface OidcClientOptions {
  /** GET /v1/auth/config. */
  loadConfig: () => Promise<AuthConfig>;
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  /** Defaults to window.sessionStorage (null when unavailable). */
  storage?: () => Storage | null;
  /** Clock in ms, for tests (the id token's `exp` is checked against the real clock, by oauth4webapi). */
  now?: () => number;
  /** The page's origin, e.g. "https://argine.example". */
  origin?: () => string;
}

export interface OidcClient {
  getConfig(): Promise<AuthConfig>;
  getDiscovery(): Promise<OidcDiscovery>;
  /** Creates and stores a login transaction; resolves with the authorization URL to send the browser to. */
  beginLogin(context?: LoginContext, options?: LoginOptions): Promise<string>;
  /** The context of the most recent pending login, to restart an expired one where it left off. */
  latestLoginContext(): LoginContext | null;
  /** Handles the callback's `code` and `state`: checks the state, exchanges the code, stores the tokens. */
  completeLogin(params: URLSearchParams): Promise<CompletedLogin>;
  /** The session check: the tokens kept in sessionStorage, confirmed by one renewal. Null when signed out. */
  restore(): Promise<JwtClaims | null>;
  /** A valid access token (reused while more than 60 s remain, renewed otherwise) or null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** The id token's claims of the current session. */
  getClaims(): JwtClaims | null;
  /**
   * Ends the session: forgets the tokens at once, revokes the refresh token, and resolves with the
   * provider's end-session URL to navigate to (null when the provider has none or cannot be reached).
   */
  logout(): Promise<string | null>;
  /** Forgets every token and pending login of this tab, synchronously. */
  forget(): void;
  /**
   * For the quick exit: forgets everything at once (synchronously, before the page is replaced) and, when
   * the provider is already known, fires the revocation of the refresh token without waiting for it.
   */
  abandon(): void;
  /** Called when the provider refuses a renewal: the session is over. */
  onSessionEnd(listener: () => void): () => void;
}

/** Wires the parts of the client together, each part owning one concern. */
export function createOidcClient(options: OidcClientOptions): OidcClient {
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const now = options.now ?? (() => Date.now());
  const origin = options.origin ?? (() => window.location.origin);
  const storage = createTabStorage(options.storage ?? defaultStorage);
  const code = loadedProtocol(doFetch);
  const provider = createProviderMetadata(options.loadConfig, code.discover, storage);
  const protocol = code.protocol(provider);
  const transactions = createLoginTransactions(storage, now);

  function forget(): void {
    session.forgetTokens();
    storage.clear();
  }

  const session = createOidcSession({ storage, tokens: protocol, provider, now, forgetAll: forget });
  const login = createOidcLogin({ provider, protocol, session, transactions, now, origin });
  const logout = createOidcLogout({ provider, protocol, session, origin, forgetAll: forget });
  // A kept session is renewed, and a login completed on the callback, as the page starts: their code is asked
  // for now. The login's own page needs it only for an external provider's discovery (login-request.ts).
  const onCallback = typeof window !== "undefined" && window.location.pathname === CALLBACK_PATH;
  if (session.heldTokens().refreshToken || onCallback) code.preload();

  return {
    getConfig: provider.getConfig,
    getDiscovery: provider.getDiscovery,
    beginLogin: login.begin,
    latestLoginContext: () => {
      const latest = transactions.latest();
      return latest ? contextOf(latest) : null;
    },
    completeLogin: login.complete,
    restore: session.restore,
    getAccessToken: session.getAccessToken,
    getClaims: session.getClaims,
    logout: logout.logout,
    forget,
    abandon: logout.abandon,
    onSessionEnd: session.onSessionEnd,
  };
}
