import { calculatePKCECodeChallenge } from "oauth4webapi";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startEarlyLogin } from "./early-login.ts";
import { createTabStorage, REFRESH_TOKEN_KEY } from "./oidc-storage.ts";
import { createLoginTransactions } from "./oidc-transactions.ts";

const CONFIG = {
  issuer: "https://argine.test/oidc",
  clientId: "argine-web",
  audience: "https://argine.test/v1",
  scope: "openid profile email offline_access",
  embedded: true,
  idleSignOutSeconds: 900,
  authorizationEndpoint: "https://argine.test/oidc/auth",
};

/** The page the inline script runs in: its address, history state, tab storage and network. */
function page({
  search = "",
  state = null as unknown,
  config = CONFIG as unknown,
  status = 200,
}: {
  search?: string;
  state?: unknown;
  config?: unknown;
  status?: number;
} = {}) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(config), { status }));
  const replace = vi.fn();
  const win = {
    location: { search, origin: "https://argine.test", replace },
    history: { state },
    sessionStorage: window.sessionStorage,
    fetch,
  } as unknown as Window;
  startEarlyLogin(win);
  return { outcome: win.__argineEarlyLogin as Promise<boolean>, fetch, replace };
}

afterEach(() => window.sessionStorage.clear());

describe("the login page's inline start (early-login.ts)", () => {
  it("on the bare address sends the browser on to the provider with PKCE S256, after one call, leaving no step in the history", async () => {
    const { outcome, fetch, replace } = page();
    await expect(outcome).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledOnce();
    expect(fetch).toHaveBeenCalledWith("/v1/auth/config");
    const url = new URL(String(replace.mock.calls[0]?.[0]));
    expect(`${url.origin}${url.pathname}`).toBe(CONFIG.authorizationEndpoint);
    const params = url.searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      response_type: "code",
      client_id: "argine-web",
      redirect_uri: "https://argine.test/callback",
      scope: CONFIG.scope,
      code_challenge_method: "S256",
      resource: CONFIG.audience,
    });
    // The callback finds the transaction the app's own login would have kept, and its verifier matches.
    const transaction = createLoginTransactions(
      createTabStorage(() => window.sessionStorage),
      Date.now,
    ).take(params.get("state") ?? "");
    expect(transaction?.nonce).toBe(params.get("nonce"));
    await expect(calculatePKCECodeChallenge(transaction?.codeVerifier ?? "")).resolves.toBe(
      params.get("code_challenge"),
    );
  });

  it.each([
    ["a query (an error, the sign-in step, a practice)", { search: "?uid=abc" }],
    ["a location state", { state: { usr: { practiceId: "p-1" } } }],
  ])("leaves the login to the app with %s, without a call", async (_, options) => {
    const { outcome, fetch, replace } = page(options);
    await expect(outcome).resolves.toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
  });

  it("leaves it to the app when the tab already has a session", async () => {
    window.sessionStorage.setItem(REFRESH_TOKEN_KEY, "rt");
    const { outcome, fetch } = page();
    await expect(outcome).resolves.toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ["an external provider (no endpoint named)", { config: { ...CONFIG, authorizationEndpoint: undefined } }],
    ["a config that does not answer", { status: 503, config: { code: "SERVICE_UNAVAILABLE" } }],
    ["a config of the wrong shape", { config: { issuer: 42 } }],
  ])("leaves it to the app with %s, keeping nothing", async (_, options) => {
    const { outcome, replace } = page(options);
    await expect(outcome).resolves.toBe(false);
    expect(replace).not.toHaveBeenCalled();
    expect(window.sessionStorage.length).toBe(0);
  });
});
