import type { AuthConfig } from "@argine/core/identity/users-api";
import { TOKEN_RENEWAL_MARGIN_MS } from "@argine/core/shared/constants";
import { MESSAGES } from "@argine/core/shared/messages";
import { AUTH_MESSAGES } from "./auth-messages.ts";
import { decodeJwtClaims, expiryFromClaims, type JwtClaims } from "./jwt.ts";
import { createCodeChallenge, createCodeVerifier, randomToken } from "./pkce.ts";

// A small OpenID Connect relying party for the browser: authorization code + PKCE S256 (RFC 7636), the
// resource indicator of the API on every request (RFC 8707), refresh-token rotation, revocation (RFC 7009)
// and RP-initiated logout. Nothing here touches React; the auth provider drives it.
//
// Where things live (a victim may be on a shared device: the session ends with the tab):
//   access token  → memory only;
//   refresh token and id token → sessionStorage;
//   login transaction { state, codeVerifier, nonce, practiceId?, returnTo? } → sessionStorage, keyed by state.

export const CALLBACK_PATH = "/callback";

const STORAGE_PREFIX = "argine.auth.";
const REFRESH_TOKEN_KEY = `${STORAGE_PREFIX}refreshToken`;
const ID_TOKEN_KEY = `${STORAGE_PREFIX}idToken`;
const TRANSACTION_PREFIX = `${STORAGE_PREFIX}tx.`;
/** A login transaction older than this is dropped (the provider's own interaction expires much sooner). */
export const TRANSACTION_MAX_AGE_MS = 60 * 60_000;
const MAX_TRANSACTIONS = 5;

/** OAuth errors meaning the refresh token (or the whole grant) is gone: the session is over. */
const SESSION_ENDING_ERRORS = new Set(["invalid_grant", "invalid_client", "unauthorized_client"]);

/** What the page asked to come back to after login (spec §4: the login state carries the practiceId). */
export interface LoginContext {
  practiceId?: string;
  returnTo?: string;
}

export interface LoginTransaction extends LoginContext {
  state: string;
  codeVerifier: string;
  nonce: string;
  createdAt: number;
}

export interface OidcDiscovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  revocation_endpoint?: string;
  end_session_endpoint?: string;
}

interface TokenResponse {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  expires_in?: number;
}

export interface CompletedLogin extends LoginContext {
  claims: JwtClaims;
}

/** A failure of the sign-in protocol; `message` is Italian and fit for the user. */
export class OidcError extends Error {
  /** The OAuth `error` code, or "network" / "invalid_state" / "invalid_response" for our own checks. */
  readonly error: string;

  constructor(error: string, message: string) {
    super(message);
    this.name = "OidcError";
    this.error = error;
  }
}

export interface OidcClientOptions {
  /** GET /v1/auth/config. */
  loadConfig: () => Promise<AuthConfig>;
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  /** Defaults to window.sessionStorage (null when unavailable). */
  storage?: () => Storage | null;
  /** Clock in ms, for tests. */
  now?: () => number;
  crypto?: Crypto;
  /** The page's origin, e.g. "https://argine.example". */
  origin?: () => string;
}

export interface OidcClient {
  getConfig(): Promise<AuthConfig>;
  getDiscovery(): Promise<OidcDiscovery>;
  /** Creates and stores a login transaction; resolves with the authorization URL to send the browser to. */
  beginLogin(context?: LoginContext): Promise<string>;
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function defaultStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Only a path on this site may be a return target: never another origin ("//evil", "https://…"). */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined;
  if (value.length > 512 || /[\s\\]/.test(value)) return undefined;
  return value;
}

/** A practice id as carried through the login: an identifier, nothing else. */
export function safePracticeId(value: unknown): string | undefined {
  return typeof value === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined;
}

export function createOidcClient(options: OidcClientOptions): OidcClient {
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const getStorage = options.storage ?? defaultStorage;
  const now = options.now ?? (() => Date.now());
  const crypto = options.crypto ?? globalThis.crypto;
  const origin = options.origin ?? (() => window.location.origin);

  let configPromise: Promise<AuthConfig> | null = null;
  let discoveryPromise: Promise<OidcDiscovery> | null = null;
  /** The resolved values, for the synchronous quick exit. */
  let knownConfig: AuthConfig | null = null;
  let knownDiscovery: OidcDiscovery | null = null;

  let accessToken: string | null = null;
  let accessTokenExpiresAt = 0;
  let refreshToken: string | null = null;
  let idToken: string | null = null;
  let claims: JwtClaims | null = null;
  /** Bumped whenever the session is replaced or forgotten: a renewal started before it is discarded. */
  let generation = 0;
  let renewal: Promise<string | null> | null = null;
  const completions = new Map<string, Promise<CompletedLogin>>();
  const sessionEndListeners = new Set<() => void>();

  // --- storage -------------------------------------------------------------------------------------------

  function storageGet(key: string): string | null {
    try {
      return getStorage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  function storageSet(key: string, value: string): void {
    try {
      getStorage()?.setItem(key, value);
    } catch {
      // Storage refused (private mode, quota): the session then lasts as long as the page.
    }
  }

  function storageRemove(key: string): void {
    try {
      getStorage()?.removeItem(key);
    } catch {
      // ignore
    }
  }

  function storageKeys(): string[] {
    const storage = getStorage();
    if (!storage) return [];
    const keys: string[] = [];
    try {
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index);
        if (key) keys.push(key);
      }
    } catch {
      return [];
    }
    return keys;
  }

  function readTransaction(key: string): LoginTransaction | null {
    const raw = storageGet(key);
    if (!raw) return null;
    try {
      const value: unknown = JSON.parse(raw);
      if (!isRecord(value)) return null;
      const { state, codeVerifier, nonce, createdAt } = value;
      if (typeof state !== "string" || typeof codeVerifier !== "string" || typeof nonce !== "string") {
        return null;
      }
      return {
        state,
        codeVerifier,
        nonce,
        createdAt: typeof createdAt === "number" ? createdAt : 0,
        practiceId: safePracticeId(value.practiceId),
        returnTo: safeReturnTo(value.returnTo),
      };
    } catch {
      return null;
    }
  }

  function pendingTransactions(): Array<{ key: string; transaction: LoginTransaction | null }> {
    return storageKeys()
      .filter((key) => key.startsWith(TRANSACTION_PREFIX))
      .map((key) => ({ key, transaction: readTransaction(key) }));
  }

  /** Drops expired and malformed transactions, and the oldest beyond the last few. */
  function pruneTransactions(): void {
    const live: Array<{ key: string; transaction: LoginTransaction }> = [];
    for (const { key, transaction } of pendingTransactions()) {
      if (!transaction || now() - transaction.createdAt > TRANSACTION_MAX_AGE_MS) storageRemove(key);
      else live.push({ key, transaction });
    }
    live.sort((a, b) => b.transaction.createdAt - a.transaction.createdAt);
    for (const { key } of live.slice(MAX_TRANSACTIONS - 1)) storageRemove(key);
  }

  // --- provider metadata ---------------------------------------------------------------------------------

  function getConfig(): Promise<AuthConfig> {
    if (!configPromise) {
      configPromise = options.loadConfig().then(
        (config) => {
          knownConfig = config;
          return config;
        },
        (reason: unknown) => {
          configPromise = null; // try again next time
          throw reason;
        },
      );
    }
    return configPromise;
  }

  function getDiscovery(): Promise<OidcDiscovery> {
    if (!discoveryPromise) {
      discoveryPromise = (async () => {
        const { issuer } = await getConfig();
        const url = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
        let response: Response;
        try {
          response = await doFetch(url, { headers: { Accept: "application/json" }, credentials: "omit" });
        } catch {
          throw new OidcError("network", AUTH_MESSAGES.providerUnavailable);
        }
        const body: unknown = response.ok ? await response.json().catch(() => null) : null;
        if (
          !isRecord(body) ||
          typeof body.authorization_endpoint !== "string" ||
          typeof body.token_endpoint !== "string" ||
          typeof body.issuer !== "string" ||
          body.issuer.replace(/\/+$/, "") !== issuer.replace(/\/+$/, "")
        ) {
          throw new OidcError("invalid_response", AUTH_MESSAGES.providerUnavailable);
        }
        knownDiscovery = {
          issuer: body.issuer,
          authorization_endpoint: body.authorization_endpoint,
          token_endpoint: body.token_endpoint,
          revocation_endpoint:
            typeof body.revocation_endpoint === "string" ? body.revocation_endpoint : undefined,
          end_session_endpoint:
            typeof body.end_session_endpoint === "string" ? body.end_session_endpoint : undefined,
        };
        return knownDiscovery;
      })().catch((reason: unknown) => {
        discoveryPromise = null;
        throw reason;
      });
    }
    return discoveryPromise;
  }

  // --- tokens --------------------------------------------------------------------------------------------

  async function tokenRequest(params: Record<string, string>): Promise<TokenResponse> {
    const { token_endpoint } = await getDiscovery();
    let response: Response;
    try {
      response = await doFetch(token_endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: new URLSearchParams(params).toString(),
        credentials: "omit",
      });
    } catch {
      throw new OidcError("network", MESSAGES.serverErrorNetwork);
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok || !isRecord(body) || typeof body.access_token !== "string") {
      const error = isRecord(body) && typeof body.error === "string" ? body.error : "invalid_response";
      throw new OidcError(error, AUTH_MESSAGES.loginFailed);
    }
    return {
      access_token: body.access_token,
      id_token: typeof body.id_token === "string" ? body.id_token : undefined,
      refresh_token: typeof body.refresh_token === "string" ? body.refresh_token : undefined,
      expires_in: typeof body.expires_in === "number" ? body.expires_in : undefined,
    };
  }

  function storeTokens(response: TokenResponse): void {
    accessToken = response.access_token;
    accessTokenExpiresAt =
      response.expires_in !== undefined
        ? now() + response.expires_in * 1000
        : (expiryFromClaims(decodeJwtClaims(response.access_token)) ?? now());
    if (response.refresh_token) {
      // Rotation: every use of a refresh token returns the next one; the old one is dead.
      refreshToken = response.refresh_token;
      storageSet(REFRESH_TOKEN_KEY, refreshToken);
    }
    if (response.id_token) {
      idToken = response.id_token;
      claims = decodeJwtClaims(idToken);
      storageSet(ID_TOKEN_KEY, idToken);
    }
  }

  /** Drops the tokens held in memory; the generation bump makes a renewal still in flight land nowhere. */
  function forgetInMemory(): void {
    generation += 1;
    accessToken = null;
    accessTokenExpiresAt = 0;
    refreshToken = null;
    idToken = null;
    claims = null;
  }

  function forget(): void {
    forgetInMemory();
    renewal = null;
    for (const key of storageKeys()) if (key.startsWith(STORAGE_PREFIX)) storageRemove(key);
  }

  function endSession(): void {
    forget();
    for (const listener of sessionEndListeners) listener();
  }

  /** One renewal at a time: concurrent callers share it. */
  function renew(): Promise<string | null> {
    if (renewal) return renewal;
    const token = refreshToken;
    if (!token) return Promise.resolve(null);
    const startedIn = generation;
    const current = (async () => {
      try {
        const config = await getConfig();
        const response = await tokenRequest({
          grant_type: "refresh_token",
          refresh_token: token,
          client_id: config.clientId,
          resource: config.audience,
        });
        if (generation !== startedIn) return null; // logged out (or in again) meanwhile
        storeTokens(response);
        return accessToken;
      } catch (reason) {
        if (reason instanceof OidcError && SESSION_ENDING_ERRORS.has(reason.error)) {
          if (generation === startedIn) endSession();
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

  async function getAccessToken(): Promise<string | null> {
    const remaining = accessTokenExpiresAt - now();
    if (accessToken && remaining > TOKEN_RENEWAL_MARGIN_MS) return accessToken;
    if (refreshToken) return renew();
    // No way to renew: hand out what is left while it is still valid.
    return accessToken && remaining > 0 ? accessToken : null;
  }

  // --- login ---------------------------------------------------------------------------------------------

  async function beginLogin(context: LoginContext = {}): Promise<string> {
    const [config, discovery] = await Promise.all([getConfig(), getDiscovery()]);
    pruneTransactions();
    const codeVerifier = createCodeVerifier(crypto);
    const transaction: LoginTransaction = {
      state: randomToken(32, crypto),
      codeVerifier,
      nonce: randomToken(32, crypto),
      createdAt: now(),
      practiceId: safePracticeId(context.practiceId),
      returnTo: safeReturnTo(context.returnTo),
    };
    storageSet(`${TRANSACTION_PREFIX}${transaction.state}`, JSON.stringify(transaction));

    const url = new URL(discovery.authorization_endpoint);
    const params = {
      response_type: "code",
      client_id: config.clientId,
      redirect_uri: `${origin()}${CALLBACK_PATH}`,
      scope: config.scope,
      state: transaction.state,
      nonce: transaction.nonce,
      code_challenge: await createCodeChallenge(codeVerifier, crypto),
      code_challenge_method: "S256",
      resource: config.audience,
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  }

  function latestLoginContext(): LoginContext | null {
    const newest = pendingTransactions()
      .map(({ transaction }) => transaction)
      .filter((transaction): transaction is LoginTransaction => transaction !== null)
      .sort((a, b) => b.createdAt - a.createdAt)[0];
    if (!newest) return null;
    return {
      ...(newest.practiceId ? { practiceId: newest.practiceId } : {}),
      ...(newest.returnTo ? { returnTo: newest.returnTo } : {}),
    };
  }

  async function exchange(params: URLSearchParams, state: string): Promise<CompletedLogin> {
    const key = `${TRANSACTION_PREFIX}${state}`;
    const transaction = readTransaction(key);
    storageRemove(key); // one use only
    const code = params.get("code");
    if (!transaction || !code || now() - transaction.createdAt > TRANSACTION_MAX_AGE_MS) {
      throw new OidcError("invalid_state", AUTH_MESSAGES.loginAttemptInvalid);
    }
    const [config, discovery] = await Promise.all([getConfig(), getDiscovery()]);
    // RFC 9207: when the provider names itself in the response, it must be the one we asked.
    const iss = params.get("iss");
    if (iss !== null && iss !== discovery.issuer) {
      throw new OidcError("invalid_state", AUTH_MESSAGES.loginAttemptInvalid);
    }
    const response = await tokenRequest({
      grant_type: "authorization_code",
      code,
      redirect_uri: `${origin()}${CALLBACK_PATH}`,
      client_id: config.clientId,
      code_verifier: transaction.codeVerifier,
      resource: config.audience,
    });
    const idClaims = decodeJwtClaims(response.id_token);
    const audience = idClaims?.aud;
    const audienceOk = Array.isArray(audience)
      ? audience.includes(config.clientId)
      : audience === config.clientId;
    if (
      !idClaims ||
      typeof idClaims.sub !== "string" ||
      idClaims.iss !== discovery.issuer ||
      !audienceOk ||
      idClaims.nonce !== transaction.nonce
    ) {
      throw new OidcError("invalid_response", AUTH_MESSAGES.loginFailed);
    }
    generation += 1;
    renewal = null;
    storeTokens(response);
    return {
      claims: idClaims,
      ...(transaction.practiceId ? { practiceId: transaction.practiceId } : {}),
      ...(transaction.returnTo ? { returnTo: transaction.returnTo } : {}),
    };
  }

  function completeLogin(params: URLSearchParams): Promise<CompletedLogin> {
    const state = params.get("state") ?? "";
    // The same callback handled twice (React's development double effects) exchanges the code once.
    const known = completions.get(state);
    if (known) return known;
    const completion = state
      ? exchange(params, state)
      : Promise.reject(new OidcError("invalid_state", AUTH_MESSAGES.loginAttemptInvalid));
    completions.set(state, completion);
    return completion;
  }

  let restoring: Promise<JwtClaims | null> | null = null;

  /** One session check at a time (React runs mount effects twice in development). */
  function restore(): Promise<JwtClaims | null> {
    if (!restoring) {
      restoring = restoreFromStorage().finally(() => {
        restoring = null;
      });
    }
    return restoring;
  }

  async function restoreFromStorage(): Promise<JwtClaims | null> {
    refreshToken = storageGet(REFRESH_TOKEN_KEY);
    idToken = storageGet(ID_TOKEN_KEY);
    claims = decodeJwtClaims(idToken);
    if (!refreshToken || !claims) {
      forgetTokensOnly();
      return null;
    }
    try {
      return (await renew()) ? claims : null;
    } catch {
      // The provider cannot be reached: signed out for now, the tokens stay for the next attempt.
      return null;
    }
  }

  function forgetTokensOnly(): void {
    forgetInMemory();
    storageRemove(REFRESH_TOKEN_KEY);
    storageRemove(ID_TOKEN_KEY);
  }

  async function logout(): Promise<string | null> {
    const token = refreshToken ?? storageGet(REFRESH_TOKEN_KEY);
    const hint = idToken ?? storageGet(ID_TOKEN_KEY);
    forget();
    let config: AuthConfig;
    let discovery: OidcDiscovery;
    try {
      [config, discovery] = await Promise.all([getConfig(), getDiscovery()]);
    } catch {
      return null;
    }
    if (token && discovery.revocation_endpoint) {
      try {
        await revoke(token, config.clientId, discovery.revocation_endpoint, false);
      } catch {
        // Best effort: the local session is gone either way, and ending the provider session revokes it.
      }
    }
    if (!discovery.end_session_endpoint) return null;
    const url = new URL(discovery.end_session_endpoint);
    if (hint) url.searchParams.set("id_token_hint", hint);
    url.searchParams.set("post_logout_redirect_uri", `${origin()}/`);
    url.searchParams.set("client_id", config.clientId);
    return url.toString();
  }

  function revoke(token: string, clientId: string, endpoint: string, keepalive: boolean): Promise<unknown> {
    return doFetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, token_type_hint: "refresh_token", client_id: clientId }).toString(),
      credentials: "omit",
      keepalive,
    });
  }

  function abandon(): void {
    const token = refreshToken ?? storageGet(REFRESH_TOKEN_KEY);
    forget();
    if (!token || !knownConfig || !knownDiscovery?.revocation_endpoint) return;
    try {
      // keepalive: the request outlives the page the quick exit is replacing.
      void revoke(token, knownConfig.clientId, knownDiscovery.revocation_endpoint, true).catch(() => {});
    } catch {
      // never let the exit wait or fail
    }
  }

  return {
    getConfig,
    getDiscovery,
    beginLogin,
    latestLoginContext,
    completeLogin,
    restore,
    getAccessToken,
    getClaims: () => claims,
    logout,
    forget,
    abandon,
    onSessionEnd(listener) {
      sessionEndListeners.add(listener);
      return () => {
        sessionEndListeners.delete(listener);
      };
    },
  };
}
