import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppStateContext, createAppStateStore } from "./app-state.ts";
import { GlobalSpinner } from "./global-spinner.tsx";

function renderSpinner() {
  const appState = createAppStateStore();
  const router = createMemoryRouter([
    { path: "/", element: <GlobalSpinner /> },
    { path: "/slow", element: <GlobalSpinner />, loader: () => new Promise<null>(() => {}) },
  ]);
  render(
    <AppStateContext.Provider value={appState}>
      <RouterProvider router={router} />
    </AppStateContext.Provider>,
  );
  return { appState, router };
}

describe("GlobalSpinner", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is a polite live region that says 'Caricamento…' while async actions are in flight", () => {
    const { appState } = renderSpinner();
    const region = screen.getByRole("status");
    expect(region.getAttribute("aria-live")).toBe("polite");
    expect(region.textContent).toBe("");

    act(() => appState.raiseSpinner());
    expect(region.textContent).toBe("Caricamento…");
    act(() => appState.closeSpinner());
    expect(region.textContent).toBe("");
  });

  it("signals a navigation pending for more than 1000 ms", () => {
    vi.useFakeTimers();
    const { router } = renderSpinner();
    const region = screen.getByRole("status");
    act(() => {
      void router.navigate("/slow");
    });
    expect(router.state.navigation.state).toBe("loading");
    act(() => vi.advanceTimersByTime(999));
    expect(region.textContent).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(region.textContent).toBe("Caricamento…");
  });
});
