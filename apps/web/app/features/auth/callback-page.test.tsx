import { MESSAGES } from "@argine/core/shared/messages";
import { QueryClient } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeOidcClient, renderWithApp, stubApi } from "../../test-render.tsx";
import { createAppStateStore } from "../async/app-state.ts";
import { LOCAL_STORAGE_KEYS, writeLastKnownPracticeId, writeUserData } from "../store/browser-storage.ts";
import { callbackOutcome } from "./callback.ts";
import { CallbackPage, handleCallback } from "./callback-page.tsx";

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

describe("login callback success (spec §4)", () => {
  afterEach(() => localStorage.clear());

  it("signs the user in, loads the carried practice first and goes to the target", async () => {
    const { calls } = stubApi({ "GET /v1/practices/p-42": { status: 200, body: { id: "p-42" } } });
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
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(["GET /v1/practices/p-42"]);
    expect(d.queryClient.getQueryData(["practices", "p-42"])).toEqual({ id: "p-42" });
    expect(d.navigate).toHaveBeenCalledWith("/dashboard/orders");
    expect(JSON.parse(localStorage.getItem("userData") ?? "")).toEqual({ id: "user-1", name: "Giulia" });
  });

  it("uses lastKnownPracticeId, and a failed practice load never blocks the landing", async () => {
    writeLastKnownPracticeId("p-9");
    const { calls } = stubApi({ "GET /v1/practices/p-9": { status: 404, body: { message: "Non trovata" } } });
    const d = deps({ completeLogin: vi.fn(async () => ({ claims: USER_CLAIMS })) });
    await handleCallback(new URLSearchParams({ code: "c", state: "s" }), d);
    expect(calls).toHaveLength(1);
    expect(d.navigate).toHaveBeenCalledWith("/dashboard");
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
