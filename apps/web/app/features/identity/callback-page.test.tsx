import { AUTH_MESSAGES } from "@argine/core/identity/auth-messages";
import { MESSAGES } from "@argine/core/shared/messages";
import { QueryClient } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAppStateStore } from "../../shared/async/app-state.ts";
import { apiClient } from "../../shared/http/api-client.ts";
import {
  LOCAL_STORAGE_KEYS,
  readFeedbackClaim,
  writeFeedbackClaim,
  writeLastKnownPracticeId,
  writeUserData,
} from "../../shared/store/browser-storage.ts";
import { fakeOidcClient, renderWithApp, stubApi } from "../../test-render.tsx";
import { practiceQueryKey } from "../practices/practice-queries.ts";
import { oidcClient } from "./auth-session.ts";
import { callbackOutcome } from "./callback.ts";
import { CallbackPage, handleCallback } from "./callback-page.tsx";
import { createOidcClient } from "./oidc-client.ts";

const USER_CLAIMS = { sub: "user-1", given_name: "Giulia", family_name: "Rossi", email: "g@x.it", roles: [] };

function deps(overrides: Parameters<typeof fakeOidcClient>[0] = {}) {
  const appState = createAppStateStore();
  const navigate = vi.fn();
  const client = fakeOidcClient(overrides);
  const queryClient = new QueryClient();
  return { client, appState, navigate, queryClient };
}

describe("login callback errors (spec §8)", () => {
  afterEach(() => localStorage.clear());

  it("unauthorized with a description goes to /account/login?error={description}", async () => {
    const d = deps();
    await handleCallback(new URLSearchParams({ error: "unauthorized", error_description: "X" }), d);
    expect(d.navigate).toHaveBeenCalledWith("/account/login?error=X");
    expect(d.client.completeLogin).not.toHaveBeenCalled();
    expect(d.appState.getState().authStatus).toBe("anonymous");

    expect(
      callbackOutcome(new URLSearchParams({ error: "unauthorized", error_description: "Utente bloccato" })),
    ).toEqual({ kind: "login-error", to: `/account/login?error=${encodeURIComponent("Utente bloccato")}` });
  });

  it("access_denied goes to the login page with the third-party cookie message", async () => {
    const d = deps();
    await handleCallback(new URLSearchParams({ error: "access_denied", error_description: "ignored" }), d);
    const target = new URL(String(d.navigate.mock.calls[0]?.[0]), "https://argine.test");
    expect(target.pathname).toBe("/account/login");
    expect(target.searchParams.get("error")).toBe(
      "Errore cookie terze parti disattivati! Controlla le impostazioni del browser.",
    );
    expect(MESSAGES.thirdPartyCookies).toBe(target.searchParams.get("error"));
  });

  it("any other error clears the user and goes home", async () => {
    const d = deps();
    d.appState.setAuthenticated({ id: "u", name: "Giulia", lastname: "", email: "", roles: [] });
    writeUserData({ id: "u", name: "Giulia" });
    localStorage.setItem(LOCAL_STORAGE_KEYS.debugMode, "true");
    await handleCallback(new URLSearchParams({ error: "server_error", error_description: "boom" }), d);
    expect(d.navigate).toHaveBeenCalledWith("/");
    expect(d.client.forget).toHaveBeenCalled();
    expect(d.appState.getState().user).toBeNull();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.userData)).toBeNull();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.debugMode)).toBe("true");
  });
});

describe("login callback from another issuer (RFC 9207)", () => {
  afterEach(() => sessionStorage.clear());

  it("a callback without `iss`, or naming another issuer, goes back to the login page and exchanges nothing", async () => {
    const issuer = "https://argine.test/oidc";
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) !== `${issuer}/.well-known/openid-configuration`)
        throw new Error(`unexpected ${input}`);
      const discovery = {
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        authorization_response_iss_parameter_supported: true,
      };
      return new Response(JSON.stringify(discovery), { headers: { "Content-Type": "application/json" } });
    });
    const client = createOidcClient({
      loadConfig: fakeOidcClient().getConfig,
      fetch: fetchMock,
      storage: () => sessionStorage,
      origin: () => "https://argine.test",
    });
    for (const iss of [undefined, "https://evil.example/oidc"]) {
      const state = new URL(await client.beginLogin()).searchParams.get("state") ?? "";
      const d = { ...deps(), client };
      const params = new URLSearchParams({ code: "c", state, ...(iss ? { iss } : {}) });
      await handleCallback(params, d);
      expect(d.navigate).toHaveBeenCalledWith(
        `/account/login?error=${encodeURIComponent(AUTH_MESSAGES.loginAttemptInvalid)}`,
      );
      expect(d.appState.getState().authStatus).toBe("anonymous");
    }
    // Only the discovery document was fetched: no code went to the token endpoint.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      `${issuer}/.well-known/openid-configuration`,
    ]);
  });
});

describe("login callback success (spec §4)", () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("signs the user in, claims this tab's practice with its token, loads it and goes to the target", async () => {
    writeFeedbackClaim({ practiceId: "p-42", claimToken: "token-42" });
    const { calls } = stubApi({
      "PATCH /v1/practices/p-42/user": {
        status: 200,
        body: { practiceId: "p-42", ticketCode: "AR-7KM2Q9XD", status: "PENDING" },
      },
      "GET /v1/practices/p-42": { status: 200, body: { id: "p-42" } },
    });
    const d = deps({
      completeLogin: vi.fn(async () => ({
        claims: USER_CLAIMS,
        practiceId: "p-42",
        returnTo: "/dashboard/orders",
      })),
    });
    await handleCallback(new URLSearchParams({ code: "c", state: "s" }), d);
    expect(d.appState.getState()).toMatchObject({
      authStatus: "authenticated",
      user: { id: "user-1", name: "Giulia" },
    });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      "PATCH /v1/practices/p-42/user",
      "GET /v1/practices/p-42",
    ]);
    expect(calls[0]?.body).toEqual({ claimToken: "token-42" });
    expect(d.queryClient.getQueryData(practiceQueryKey("p-42"))).toEqual({ id: "p-42" });
    expect(d.navigate).toHaveBeenCalledWith("/dashboard/orders", { claimedTicketCode: "AR-7KM2Q9XD" });
    expect(JSON.parse(localStorage.getItem("userData") ?? "")).toEqual({ id: "user-1", name: "Giulia" });
    // Used once, then forgotten.
    expect(readFeedbackClaim()).toBeNull();
  });

  it("never claims by a practice id alone: lastKnownPracticeId or a carried id is only loaded", async () => {
    writeLastKnownPracticeId("p-9");
    const { calls } = stubApi({ "GET /v1/practices/p-9": { status: 404, body: { message: "Non trovata" } } });
    const d = deps({ completeLogin: vi.fn(async () => ({ claims: USER_CLAIMS })) });
    await handleCallback(new URLSearchParams({ code: "c", state: "s" }), d);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(["GET /v1/practices/p-9"]);
    expect(d.navigate).toHaveBeenCalledWith("/dashboard");
    expect(d.appState.getState().authStatus).toBe("authenticated");

    const carried = stubApi({});
    const e = deps({ completeLogin: vi.fn(async () => ({ claims: USER_CLAIMS, practiceId: "p-3" })) });
    await handleCallback(new URLSearchParams({ code: "c", state: "s" }), e);
    expect(carried.calls.map((call) => `${call.method} ${call.url}`)).toEqual(["GET /v1/practices/p-3"]);
  });

  it("sends the claim with the bearer token; a refused claim is quiet, forgotten, and never blocks the landing", async () => {
    const id = "6b1f0c1e-0000-4000-8000-000000000001";
    writeFeedbackClaim({ practiceId: id, claimToken: "expired" });
    apiClient.setAccessTokenGetter(() => "tok");
    const { calls } = stubApi({
      [`PATCH /v1/practices/${id}/user`]: {
        status: 403,
        body: { code: "FORBIDDEN", message: "Non è possibile aggiungere questa pratica.", requestId: "r" },
      },
      [`GET /v1/practices/${id}`]: { status: 404, body: { message: "Non trovata" } },
    });
    const d = deps({ completeLogin: vi.fn(async () => ({ claims: USER_CLAIMS })) });
    try {
      await handleCallback(new URLSearchParams({ code: "c", state: "s" }), d);
    } finally {
      apiClient.setAccessTokenGetter(() => oidcClient.getAccessToken());
    }
    expect(calls[0]?.method).toBe("PATCH");
    expect(calls[0]?.headers.get("Authorization")).toBe("Bearer tok");
    expect(d.navigate).toHaveBeenCalledWith("/dashboard");
    expect(readFeedbackClaim()).toBeNull();
  });

  it("a claim that fails for another reason (network) still lands, and keeps the token for the next sign-in", async () => {
    writeFeedbackClaim({ practiceId: "p-5", claimToken: "token-5" });
    const fetchMock = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", fetchMock);
    const d = deps({ completeLogin: vi.fn(async () => ({ claims: USER_CLAIMS })) });
    await handleCallback(new URLSearchParams({ code: "c", state: "s" }), d);
    expect(d.navigate).toHaveBeenCalledWith("/dashboard");
    expect(readFeedbackClaim()).toEqual({ practiceId: "p-5", claimToken: "token-5" });
  });

  it("no practice known: no claim, no preload", async () => {
    const { calls } = stubApi({});
    const d = deps({ completeLogin: vi.fn(async () => ({ claims: USER_CLAIMS })) });
    await handleCallback(new URLSearchParams({ code: "c", state: "s" }), d);
    expect(calls).toHaveLength(0);
    expect(d.navigate).toHaveBeenCalledWith("/dashboard");
  });

  it("records the login in the data layer, with the user id, when analytics is allowed", async () => {
    stubApi({});
    // biome-ignore lint/suspicious/noDocumentCookie: plays the cookie notice's part
    document.cookie = "argine_analytics_consent=true; path=/";
    window.dataLayer = undefined;
    try {
      const d = deps({ completeLogin: vi.fn(async () => ({ claims: USER_CLAIMS })) });
      await handleCallback(new URLSearchParams({ code: "c", state: "s" }), d);
      expect(window.dataLayer).toEqual([{ event: "login", userId: "user-1" }]);
    } finally {
      // biome-ignore lint/suspicious/noDocumentCookie: clean up the test's cookie
      document.cookie = "argine_analytics_consent=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT";
      window.dataLayer = undefined;
    }
  });

  it("a refused exchange goes back to the login page with the reason", async () => {
    const d = deps({
      completeLogin: vi.fn(async () => {
        throw new Error("Il tentativo di accesso non è più valido. Riprova ad accedere.");
      }),
    });
    await handleCallback(new URLSearchParams({ code: "c", state: "s" }), d);
    const target = new URL(String(d.navigate.mock.calls[0]?.[0]), "https://argine.test");
    expect(target.pathname).toBe("/account/login");
    expect(target.searchParams.get("error")).toContain("non è più valido");
    expect(d.appState.getState().authStatus).toBe("anonymous");
  });

  it("the page passes the claimed practice to the landing in the navigation state", async () => {
    writeFeedbackClaim({ practiceId: "p-1", claimToken: "token-1" });
    stubApi({
      "PATCH /v1/practices/p-1/user": {
        status: 200,
        body: { practiceId: "p-1", ticketCode: "AR-23456789", status: "PENDING" },
      },
      "GET /v1/practices/p-1": { status: 200, body: {} },
    });
    const authClient = fakeOidcClient({
      completeLogin: vi.fn(async () => ({ claims: USER_CLAIMS, practiceId: "p-1" })),
    });
    const { router } = renderWithApp(<CallbackPage />, { url: "/callback?code=c&state=s", authClient });
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(router.state.location.state).toEqual({ claimedTicketCode: "AR-23456789" });
    expect(router.state.location.search).toBe("");
  });

  it("the page handles the callback once and replaces the history entry", async () => {
    const authClient = fakeOidcClient({
      completeLogin: vi.fn(async () => ({ claims: USER_CLAIMS, returnTo: "/dashboard/profile/info" })),
    });
    const { router } = renderWithApp(<CallbackPage />, { url: "/callback?code=c&state=s", authClient });
    expect(screen.getByRole("heading", { name: "Accesso in corso" })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/profile/info"));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(authClient.completeLogin).toHaveBeenCalledTimes(1);
  });
});
