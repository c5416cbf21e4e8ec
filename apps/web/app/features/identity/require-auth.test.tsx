import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppStateContext, createAppStateStore } from "../../shared/async/app-state.ts";
import { useAuthPending } from "../../shared/async/auth-state.ts";
import { RequireAuth } from "./require-auth.tsx";

function Probe() {
  const auth = useAuthPending();
  return <p>{auth.pending ? "pending" : auth.authenticated ? "authenticated" : "anonymous"}</p>;
}

describe("auth pending helper (spec §4)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("polls every 50 ms until the session check has finished", () => {
    vi.useFakeTimers();
    const appState = createAppStateStore();
    render(
      <AppStateContext.Provider value={appState}>
        <Probe />
      </AppStateContext.Provider>,
    );
    expect(screen.getByText("pending")).toBeTruthy();
    act(() => vi.advanceTimersByTime(120));
    expect(screen.getByText("pending")).toBeTruthy();

    act(() => appState.setAuthenticated({ id: "u", name: "Giulia", lastname: "", email: "", roles: [] }));
    // Until the next poll the helper still reports pending.
    act(() => vi.advanceTimersByTime(20));
    expect(screen.getByText("pending")).toBeTruthy();
    act(() => vi.advanceTimersByTime(30));
    expect(screen.getByText("authenticated")).toBeTruthy();

    // Later changes (a logout, an expired session) come through at once.
    act(() => appState.setAnonymous());
    expect(screen.getByText("anonymous")).toBeTruthy();
  });
});

/** The guard on every path; the idle sign-out, mounted with the page, reads the API's config through the query client. */
function renderGuarded(appState: ReturnType<typeof createAppStateStore>, element: ReactNode) {
  const router = createMemoryRouter([{ path: "*", element }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AppStateContext.Provider value={appState}>
        <RouterProvider router={router} />
      </AppStateContext.Provider>
    </QueryClientProvider>,
  );
}

describe("RequireAuth", () => {
  it("sends a signed-out user to the login page with the page to come back to", async () => {
    const appState = createAppStateStore();
    appState.setAnonymous();
    const router = createMemoryRouter(
      [
        { path: "/dashboard/*", element: <RequireAuth>segreto</RequireAuth> },
        { path: "/account/login", element: <p>login</p> },
      ],
      { initialEntries: ["/dashboard/profile/info?tab=1"] },
    );
    render(
      <AppStateContext.Provider value={appState}>
        <RouterProvider router={router} />
      </AppStateContext.Provider>,
    );
    expect(await screen.findByText("login")).toBeTruthy();
    expect(screen.queryByText("segreto")).toBeNull();
    expect(router.state.location.state).toEqual({ returnTo: "/dashboard/profile/info?tab=1" });
    expect(router.state.location.search).toBe("");
  });

  it("renders the page for a signed-in user", () => {
    const appState = createAppStateStore();
    appState.setAuthenticated({ id: "u", name: "Giulia", lastname: "", email: "", roles: [] });
    renderGuarded(appState, <RequireAuth>segreto</RequireAuth>);
    expect(screen.getByText("segreto")).toBeTruthy();
  });
});

describe("RequireAuth's frame while the session is checked", () => {
  it("shows the frame it is given beside the quiet status, then the page once signed in", async () => {
    const appState = createAppStateStore();
    renderGuarded(appState, <RequireAuth pending={<p>cornice</p>}>segreto</RequireAuth>);
    expect(screen.getByText("cornice")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Verifica dell'accesso in corso…");
    expect(screen.queryByText("segreto")).toBeNull();

    act(() => appState.setAuthenticated({ id: "u", name: "Giulia", lastname: "", email: "", roles: [] }));
    expect(await screen.findByText("segreto")).toBeTruthy();
    expect(screen.queryByText("cornice")).toBeNull();
  });
});
