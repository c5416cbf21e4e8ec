import { AUTH_MESSAGES } from "@argine/core/identity/auth-messages";
import type { AuthConfig } from "@argine/core/identity/users-api";
import { TOKEN_RENEWAL_MARGIN_MS } from "@argine/core/shared/constants";
import { calculatePKCECodeChallenge as createCodeChallenge } from "oauth4webapi";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { codeChallengeS256 } from "./login-request.ts";
import { createOidcClient, type OidcClient } from "./oidc-client.ts";
import { OidcError } from "./oidc-errors.ts";

const ORIGIN = "https://argine.test";
const ISSUER = `${ORIGIN}/oidc`;
const CONFIG = {
  issuer: ISSUER,
  clientId: "argine-web",
  audience: `${ORIGIN}/v1`,
  scope: "openid profile email offline_access",
  embedded: true,
  idleSignOutSeconds: 900,
};
const DISCOVERY = {
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/auth`,
  token_endpoint: `${ISSUER}/token`,
  revocation_endpoint: `${ISSUER}/token/revocation`,
  end_session_endpoint: `${ISSUER}/session/end`,
  id_token_signing_alg_values_supported: ["RS256"],
  // RFC 9207, as the embedded provider says (oidc-provider's discovery).
  authorization_response_iss_parameter_supported: true,
};

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${encode({ alg: "RS256", typ: "JWT" })}.${encode(claims)}.c2ln`;
}

/** The id token's times on the real clock: oauth4webapi checks `exp` against it, not the client's `now`. */
function idTokenTimes() {
  const iat = Math.floor(Date.now() / 1000);
  return { iat, exp: iat + 3600 };
}

/** A JSON answer, as the provider sends it (oauth4webapi reads an error body only when it says it is JSON). */
function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

interface TokenCall {
  params: URLSearchParams;
}

function setup({ discovery = DISCOVERY as Record<string, unknown>, config = CONFIG as AuthConfig } = {}) {
  let now = 1_700_000_000_000;
  const tokenCalls: TokenCall[] = [];
  const revocations: URLSearchParams[] = [];
  const keepalives: boolean[] = [];
  let counter = 0;
  let nonce = "";
  let tokenAnswer: (params: URLSearchParams) => { status: number; body: unknown } = (params) => {
    counter += 1;
    return {
      status: 200,
      body: {
        access_token: `access-${counter}`,
        id_token: jwt({
          sub: "user-1",
          iss: ISSUER,
          aud: "argine-web",
          ...idTokenTimes(),
          given_name: "Giulia",
          family_name: "Rossi",
          email: "giulia@example.it",
          roles: [],
          ...(params.get("grant_type") === "authorization_code" ? { nonce } : {}),
        }),
        refresh_token: `refresh-${counter}`,
        expires_in: 300,
        token_type: "Bearer",
      },
    };
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    // No cookie goes to the provider: the tokens are the credentials.
    expect(init.credentials).toBe("omit");
    if (url === `${config.issuer}/.well-known/openid-configuration`) return json(discovery);
    if (url === discovery.token_endpoint) {
      expect(new Headers(init.headers).get("Content-Type")).toMatch(/^application\/x-www-form-urlencoded/);
      const params = new URLSearchParams(String(init.body));
      tokenCalls.push({ params });
      const answer = tokenAnswer(params);
      return json(answer.body, answer.status);
    }
    if (url === discovery.revocation_endpoint) {
      revocations.push(new URLSearchParams(String(init.body)));
      keepalives.push(init.keepalive === true);
      return new Response(null, { status: 200 });
    }
    throw new Error(`unexpected fetch ${url}`);
  });
  const loadConfig = vi.fn(async () => config);
  const client = createOidcClient({
    loadConfig,
    fetch: fetchMock,
    storage: () => window.sessionStorage,
    now: () => now,
    origin: () => ORIGIN,
  });
  return {
    client,
    fetchMock,
    loadConfig,
    tokenCalls,
    revocations,
    keepalives,
    advance: (ms: number) => {
      now += ms;
    },
    setNonce: (value: string) => {
      nonce = value;
    },
    answerTokens: (answer: typeof tokenAnswer) => {
      tokenAnswer = answer;
    },
  };
}

type Setup = ReturnType<typeof setup>;

/** Runs a full login: authorization URL → callback with a code. */
async function login(t: Setup, context = {}) {
  const url = new URL(await t.client.beginLogin(context));
  const state = url.searchParams.get("state") ?? "";
  t.setNonce(url.searchParams.get("nonce") ?? "");
  const completed = await t.client.completeLogin(new URLSearchParams({ code: "code-1", state, iss: ISSUER }));
  return { url, state, completed };
}

function storedTransactionKeys(): string[] {
  return Object.keys(sessionStorage).filter((key) => key.startsWith("argine.auth.tx."));
}

describe("PKCE (RFC 7636)", () => {
  it("derives the S256 challenge of the RFC's example", async () => {
    await expect(codeChallengeS256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).resolves.toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
  });
});

describe("OIDC client: login transaction", () => {
  beforeEach(() => sessionStorage.clear());

  it("builds the authorization request with PKCE S256, a random state and the API resource", async () => {
    const t = setup();
    const url = new URL(await t.client.beginLogin({ practiceId: "p-42", returnTo: "/dashboard/orders" }));
    expect(`${url.origin}${url.pathname}`).toBe(DISCOVERY.authorization_endpoint);
    const params = url.searchParams;
    expect(params.get("response_type")).toBe("code");
    expect(params.get("client_id")).toBe("argine-web");
    expect(params.get("redirect_uri")).toBe(`${ORIGIN}/callback`);
    expect(params.get("scope")).toBe(CONFIG.scope);
    expect(params.get("resource")).toBe(CONFIG.audience);
    expect(params.get("code_challenge_method")).toBe("S256");
    // Nothing personal or secret travels in the URL: the verifier and the practice stay in the tab.
    expect(params.has("code_verifier")).toBe(false);
    expect(url.search).not.toContain("p-42");

    const state = params.get("state") ?? "";
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = JSON.parse(sessionStorage.getItem(`argine.auth.tx.${state}`) ?? "{}");
    expect(stored).toMatchObject({ state, practiceId: "p-42", returnTo: "/dashboard/orders" });
    expect(stored.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(createCodeChallenge(stored.codeVerifier)).resolves.toBe(params.get("code_challenge"));

    const again = new URL(await t.client.beginLogin());
    expect(again.searchParams.get("state")).not.toBe(state);
    expect(again.searchParams.get("code_challenge")).not.toBe(params.get("code_challenge"));
  });

  it("starts without the discovery document when the config names the authorization endpoint", async () => {
    const t = setup({ config: { ...CONFIG, authorizationEndpoint: `${ISSUER}/auth` } });
    const url = new URL(await t.client.beginLogin());
    expect(`${url.origin}${url.pathname}`).toBe(`${ISSUER}/auth`);
    expect(t.fetchMock).not.toHaveBeenCalled();
  });

  it("asks the provider for the credentials again only when a fresh sign-in is wanted (ADR 035)", async () => {
    const t = setup();
    expect(new URL(await t.client.beginLogin()).searchParams.has("prompt")).toBe(false);
    const fresh = new URL(await t.client.beginLogin({ returnTo: "/dashboard/admin" }, { prompt: "login" }));
    expect(fresh.searchParams.get("prompt")).toBe("login");
  });

  it("never keeps a return target on another site", async () => {
    const t = setup();
    for (const returnTo of ["//evil.example/x", "https://evil.example", "javascript:alert(1)"]) {
      const url = new URL(await t.client.beginLogin({ returnTo }));
      const stored = JSON.parse(
        sessionStorage.getItem(`argine.auth.tx.${url.searchParams.get("state")}`) ?? "",
      );
      expect(stored.returnTo).toBeUndefined();
    }
  });

  it("exchanges the code with the stored verifier, once, and keeps the tokens where they belong", async () => {
    const t = setup();
    const { url, state, completed } = await login(t, { practiceId: "p-42", returnTo: "/dashboard" });
    expect(completed).toMatchObject({ practiceId: "p-42", returnTo: "/dashboard" });
    expect(completed.claims.sub).toBe("user-1");

    expect(t.tokenCalls).toHaveLength(1);
    const params = t.tokenCalls[0]?.params ?? new URLSearchParams();
    expect(Object.fromEntries(params)).toEqual({
      grant_type: "authorization_code",
      code: "code-1",
      redirect_uri: `${ORIGIN}/callback`,
      client_id: "argine-web",
      code_verifier: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      resource: CONFIG.audience,
    });
    await expect(createCodeChallenge(params.get("code_verifier") ?? "")).resolves.toBe(
      url.searchParams.get("code_challenge"),
    );

    // The transaction is single use; refresh and id token in sessionStorage, the access token in memory only.
    expect(storedTransactionKeys()).toEqual([]);
    expect(sessionStorage.getItem("argine.auth.refreshToken")).toBe("refresh-1");
    expect(sessionStorage.getItem("argine.auth.idToken")).toContain(".");
    expect(Object.values(sessionStorage)).not.toContain("access-1");
    expect(localStorage.length).toBe(0);
    await expect(t.client.getAccessToken()).resolves.toBe("access-1");

    // The same callback handled twice (React's double effects) exchanges the code once.
    await t.client.completeLogin(new URLSearchParams({ code: "code-1", state, iss: ISSUER }));
    expect(t.tokenCalls).toHaveLength(1);
  });

  it("refuses a callback whose state it did not issue, without calling the token endpoint", async () => {
    const t = setup();
    await t.client.beginLogin();
    const attempt = t.client.completeLogin(new URLSearchParams({ code: "c", state: "forged" }));
    await expect(attempt).rejects.toBeInstanceOf(OidcError);
    await expect(attempt).rejects.toMatchObject({ error: "invalid_state" });
    expect(t.tokenCalls).toHaveLength(0);
  });

  it("refuses an id token whose nonce does not match the transaction", async () => {
    const t = setup();
    const url = new URL(await t.client.beginLogin());
    t.setNonce("another-nonce");
    const state = url.searchParams.get("state") ?? "";
    await expect(
      t.client.completeLogin(new URLSearchParams({ code: "c", state, iss: ISSUER })),
    ).rejects.toMatchObject({ error: "invalid_response", message: AUTH_MESSAGES.loginFailed });
    expect(sessionStorage.getItem("argine.auth.refreshToken")).toBeNull();
  });

  it("refuses an id token of another issuer, for another client, or expired (OIDC Core §3.1.3.7)", async () => {
    const claims = { sub: "user-1", iss: ISSUER, aud: "argine-web", ...idTokenTimes() };
    const wrong = [
      { iss: "https://evil.example" },
      { aud: "another-client" },
      // More than one audience: the authorized party must be us.
      { aud: ["argine-web", "another-client"], azp: "another-client" },
      { exp: idTokenTimes().iat - 3600 },
    ];
    for (const change of wrong) {
      const t = setup();
      const url = new URL(await t.client.beginLogin());
      const nonce = url.searchParams.get("nonce");
      t.answerTokens(() => ({
        status: 200,
        body: {
          access_token: "a",
          token_type: "Bearer",
          refresh_token: "r",
          expires_in: 300,
          id_token: jwt({ ...claims, nonce, ...change }),
        },
      }));
      const state = url.searchParams.get("state") ?? "";
      await expect(
        t.client.completeLogin(new URLSearchParams({ code: "c", state, iss: ISSUER })),
      ).rejects.toMatchObject({ error: "invalid_response" });
      expect(sessionStorage.getItem("argine.auth.refreshToken")).toBeNull();
    }
  });

  it("refuses a callback without `iss` or naming another issuer (RFC 9207), without calling the token endpoint", async () => {
    for (const iss of [undefined, "https://evil.example/oidc", `${ISSUER}/`]) {
      const t = setup();
      const url = new URL(await t.client.beginLogin());
      const state = url.searchParams.get("state") ?? "";
      const callback = new URLSearchParams({ code: "c", state, ...(iss === undefined ? {} : { iss }) });
      const attempt = t.client.completeLogin(callback);
      await expect(attempt).rejects.toBeInstanceOf(OidcError);
      await expect(attempt).rejects.toMatchObject({
        error: "invalid_state",
        message: AUTH_MESSAGES.loginAttemptInvalid,
      });
      expect(t.tokenCalls).toHaveLength(0);
      // The attempt is spent: the same code cannot be tried again with the right issuer.
      await expect(
        t.client.completeLogin(new URLSearchParams({ code: "c", state, iss: ISSUER })),
      ).rejects.toMatchObject({ error: "invalid_state" });
      expect(t.tokenCalls).toHaveLength(0);
    }
  });

  it("takes a callback without `iss` from a provider that does not say it sends one", async () => {
    const { authorization_response_iss_parameter_supported: _, ...withoutIss } = DISCOVERY;
    const t = setup({ discovery: withoutIss });
    const url = new URL(await t.client.beginLogin());
    t.setNonce(url.searchParams.get("nonce") ?? "");
    const state = url.searchParams.get("state") ?? "";
    const completed = await t.client.completeLogin(new URLSearchParams({ code: "c", state }));
    expect(completed.claims.sub).toBe("user-1");
    expect(t.tokenCalls).toHaveLength(1);
  });

  it("remembers the context of the latest pending login, to restart an expired one", async () => {
    const t = setup();
    await t.client.beginLogin({ practiceId: "old" });
    t.advance(1000);
    await t.client.beginLogin({ practiceId: "p-7", returnTo: "/dashboard/orders" });
    expect(t.client.latestLoginContext()).toEqual({ practiceId: "p-7", returnTo: "/dashboard/orders" });
  });
});

describe("OIDC client: access token reuse and renewal (spec §5 Tokens)", () => {
  let t: Setup;
  beforeEach(async () => {
    sessionStorage.clear();
    t = setup();
    await login(t); // access-1, valid 300 s
  });

  it("reuses the access token while more than 60 s of validity remain", async () => {
    t.advance(300_000 - TOKEN_RENEWAL_MARGIN_MS - 1); // 60.001 s left
    await expect(t.client.getAccessToken()).resolves.toBe("access-1");
    expect(t.tokenCalls).toHaveLength(1); // only the login
  });

  it("renews silently at 60 s or less, with the refresh token and the resource, and stores the rotated one", async () => {
    t.advance(300_000 - TOKEN_RENEWAL_MARGIN_MS); // exactly 60 s left: not more than 60
    await expect(t.client.getAccessToken()).resolves.toBe("access-2");
    expect(Object.fromEntries(t.tokenCalls[1]?.params ?? [])).toEqual({
      grant_type: "refresh_token",
      refresh_token: "refresh-1",
      client_id: "argine-web",
      resource: CONFIG.audience,
    });
    expect(sessionStorage.getItem("argine.auth.refreshToken")).toBe("refresh-2");

    // The new token is reused in turn; the next renewal sends the rotated refresh token.
    await expect(t.client.getAccessToken()).resolves.toBe("access-2");
    t.advance(300_000);
    await expect(t.client.getAccessToken()).resolves.toBe("access-3");
    expect(t.tokenCalls[2]?.params.get("refresh_token")).toBe("refresh-2");
  });

  it("shares one renewal between concurrent callers", async () => {
    t.advance(299_000);
    const tokens = await Promise.all([
      t.client.getAccessToken(),
      t.client.getAccessToken(),
      t.client.getAccessToken(),
    ]);
    expect(tokens).toEqual(["access-2", "access-2", "access-2"]);
    expect(t.tokenCalls).toHaveLength(2); // login + one renewal
  });

  it("ends the session when the provider refuses the refresh token", async () => {
    const ended = vi.fn();
    t.client.onSessionEnd(ended);
    t.answerTokens(() => ({ status: 400, body: { error: "invalid_grant" } }));
    t.advance(299_000);
    await expect(t.client.getAccessToken()).resolves.toBeNull();
    expect(ended).toHaveBeenCalledOnce();
    expect(sessionStorage.getItem("argine.auth.refreshToken")).toBeNull();
    expect(sessionStorage.getItem("argine.auth.provider")).toBeNull(); // nothing kept of the ended session
    expect(t.client.getClaims()).toBeNull();
  });

  it("keeps the session on a network failure and reports it", async () => {
    t.answerTokens(() => {
      throw new TypeError("Failed to fetch");
    });
    t.advance(299_000);
    await expect(t.client.getAccessToken()).rejects.toMatchObject({ error: "network" });
    expect(sessionStorage.getItem("argine.auth.refreshToken")).toBe("refresh-1");
  });
});

describe("OIDC client: session check and logout", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => sessionStorage.clear());

  it("restores a session from sessionStorage with one renewal", async () => {
    const first = setup();
    await login(first);
    // A reload: a new client, memory empty, the tab's sessionStorage still there.
    const t = setup();
    t.answerTokens(() => ({
      status: 200,
      body: { access_token: "access-r", token_type: "Bearer", refresh_token: "refresh-r", expires_in: 300 },
    }));
    const claims = await t.client.restore();
    expect(claims?.sub).toBe("user-1");
    expect(t.tokenCalls).toHaveLength(1);
    expect(t.tokenCalls[0]?.params.get("refresh_token")).toBe("refresh-1");
    await expect(t.client.getAccessToken()).resolves.toBe("access-r");
  });

  it("renews a restored session at the provider kept with it, without loading the config or the discovery", async () => {
    await login(setup());
    expect(JSON.parse(sessionStorage.getItem("argine.auth.provider") ?? "{}")).toEqual({
      config: CONFIG,
      discovery: DISCOVERY,
    });
    const t = setup(); // a reload
    expect((await t.client.restore())?.sub).toBe("user-1");
    expect(t.loadConfig).not.toHaveBeenCalled();
    expect(t.fetchMock.mock.calls.map(([url]) => String(url))).toEqual([DISCOVERY.token_endpoint]);
  });

  it("forgets the kept provider when the renewal fails: the next attempt asks the API for it again", async () => {
    await login(setup());
    const t = setup();
    t.answerTokens(() => {
      throw new TypeError("Failed to fetch");
    });
    await expect(t.client.restore()).resolves.toBeNull();
    expect(sessionStorage.getItem("argine.auth.provider")).toBeNull();
    expect(sessionStorage.getItem("argine.auth.refreshToken")).toBe("refresh-1"); // kept for the next attempt

    t.answerTokens(() => ({
      status: 200,
      body: { access_token: "access-r", token_type: "Bearer", refresh_token: "refresh-r", expires_in: 300 },
    }));
    await expect(t.client.getAccessToken()).resolves.toBe("access-r");
    expect(t.loadConfig).toHaveBeenCalledOnce();
    expect(t.fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      `${ISSUER}/.well-known/openid-configuration`,
    );
    expect(sessionStorage.getItem("argine.auth.provider")).not.toBeNull(); // kept again with the new tokens
  });

  it("loads the provider from the API when the kept one is not whole or its discovery names another issuer", async () => {
    for (const kept of [
      { config: CONFIG },
      { config: CONFIG, discovery: { ...DISCOVERY, issuer: "https://elsewhere.test/oidc" } },
      "not json",
    ]) {
      sessionStorage.clear();
      await login(setup());
      sessionStorage.setItem("argine.auth.provider", typeof kept === "string" ? kept : JSON.stringify(kept));
      const t = setup();
      expect((await t.client.restore())?.sub).toBe("user-1");
      expect(t.loadConfig).toHaveBeenCalledOnce();
    }
  });

  it("reports no session, without any request, when the tab holds none", async () => {
    const t = setup();
    await expect(t.client.restore()).resolves.toBeNull();
    expect(t.fetchMock).not.toHaveBeenCalled();
  });

  it("logs out: forgets the tokens, revokes the refresh token and returns the end-session URL", async () => {
    const t = setup();
    await login(t);
    const idToken = sessionStorage.getItem("argine.auth.idToken");
    const endSession = new URL((await t.client.logout()) ?? "");
    expect(Object.fromEntries(t.revocations[0] ?? [])).toEqual({
      token: "refresh-1",
      token_type_hint: "refresh_token",
      client_id: "argine-web",
    });
    expect(`${endSession.origin}${endSession.pathname}`).toBe(DISCOVERY.end_session_endpoint);
    expect(endSession.searchParams.get("id_token_hint")).toBe(idToken);
    expect(endSession.searchParams.get("post_logout_redirect_uri")).toBe(`${ORIGIN}/`);
    expect(endSession.searchParams.get("client_id")).toBe("argine-web");
    expect(sessionStorage.length).toBe(0);
    await expect(t.client.getAccessToken()).resolves.toBeNull();
  });

  it("abandons the session synchronously for the quick exit", async () => {
    const t = setup();
    await login(t);
    (t.client as OidcClient).abandon();
    expect(sessionStorage.length).toBe(0);
    await expect(t.client.getAccessToken()).resolves.toBeNull();
    await vi.waitFor(() => expect(t.revocations).toHaveLength(1));
    expect(t.revocations[0]?.get("token")).toBe("refresh-1");
    expect(t.keepalives).toEqual([true]);
  });
});

describe("OIDC client: the provider's address", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllEnvs());

  const at = (issuer: string) => ({
    config: { ...CONFIG, issuer },
    discovery: {
      ...DISCOVERY,
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      revocation_endpoint: `${issuer}/token/revocation`,
    },
  });

  it("refuses a plain-http provider that is not on this machine, without asking it anything", async () => {
    vi.stubEnv("DEV", false);
    const t = setup(at("http://argine.example/oidc"));
    await expect(t.client.beginLogin()).rejects.toMatchObject({
      message: AUTH_MESSAGES.providerUnavailable,
    });
    expect(t.fetchMock).not.toHaveBeenCalled();
  });

  it("signs in with a plain-http provider on this machine (npm run serve, the e2e journeys)", async () => {
    vi.stubEnv("DEV", false);
    const t = setup(at("http://127.0.0.1:4791/oidc"));
    const url = new URL(await t.client.beginLogin());
    t.setNonce(url.searchParams.get("nonce") ?? "");
    const state = url.searchParams.get("state") ?? "";
    t.answerTokens(() => ({
      status: 200,
      body: {
        access_token: "a",
        token_type: "Bearer",
        refresh_token: "r",
        expires_in: 300,
        id_token: jwt({
          sub: "user-1",
          iss: "http://127.0.0.1:4791/oidc",
          aud: "argine-web",
          nonce: url.searchParams.get("nonce"),
          ...idTokenTimes(),
        }),
      },
    }));
    const callback = new URLSearchParams({ code: "c", state, iss: "http://127.0.0.1:4791/oidc" });
    await expect(t.client.completeLogin(callback)).resolves.toMatchObject({ claims: { sub: "user-1" } });
  });

  it("refuses a discovery document that names another issuer", async () => {
    const t = setup({ discovery: { ...DISCOVERY, issuer: "https://evil.example/oidc" } });
    await expect(t.client.beginLogin()).rejects.toMatchObject({
      error: "invalid_response",
      message: AUTH_MESSAGES.providerUnavailable,
    });
  });
});
