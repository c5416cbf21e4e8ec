import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { APP_DATA_URL, fetchServerBuildId, useReloadOnNewBuild } from "./build-version.ts";
import { rememberLocation } from "./location-history.ts";
import { canUseServiceWorker, registerServiceWorker } from "./service-worker.ts";

describe("the router's previous locations", () => {
  it("keeps the last 10, newest last, without repeating the same location", () => {
    let history: ReturnType<typeof rememberLocation> = [];
    for (let i = 1; i <= 12; i++) history = rememberLocation(history, { pathname: `/p${i}`, search: "" });
    history = rememberLocation(history, { pathname: "/p12", search: "" });
    expect(history).toHaveLength(10);
    expect(history[0]?.pathname).toBe("/p3");
    expect(history.at(-1)?.pathname).toBe("/p12");
  });
});

describe("the service worker", () => {
  it("runs only over HTTPS or on localhost", () => {
    expect(canUseServiceWorker({ protocol: "https:", hostname: "argine.example" })).toBe(true);
    expect(canUseServiceWorker({ protocol: "http:", hostname: "localhost" })).toBe(true);
    expect(canUseServiceWorker({ protocol: "http:", hostname: "127.0.0.1" })).toBe(true);
    expect(canUseServiceWorker({ protocol: "http:", hostname: "argine.example" })).toBe(false);
  });

  it("says why in the console instead of registering over plain HTTP", () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const register = vi.fn(async () => ({}));
    const win = {
      navigator: { serviceWorker: { register } },
      location: { protocol: "http:", hostname: "argine.example" },
    } as unknown as Window;
    registerServiceWorker(win);
    expect(register).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith(
      "Service worker non registrato: serve una connessione HTTPS o localhost.",
    );
  });

  it("registers /sw.js once the page has loaded", () => {
    const register = vi.fn(async () => ({}));
    const win = {
      navigator: { serviceWorker: { register } },
      location: { protocol: "https:", hostname: "argine.example" },
      document: { readyState: "complete" },
    } as unknown as Window;
    registerServiceWorker(win);
    expect(register).toHaveBeenCalledWith("/sw.js");
  });
});

describe("a new build", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads the server's build id, and nothing when it cannot", async () => {
    const ok = vi.fn(async () => new Response(JSON.stringify({ buildId: "b2" })));
    expect(await fetchServerBuildId(ok as typeof fetch)).toBe("b2");
    expect(ok).toHaveBeenCalledWith(APP_DATA_URL, { cache: "no-store" });
    const offline = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await fetchServerBuildId(offline as typeof fetch)).toBeNull();
  });

  it("reloads the page after a navigation once the server has another build", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ buildId: "nuova" }))),
    );
    const reload = vi.fn();
    function Probe() {
      useReloadOnNewBuild("vecchia", reload);
      return null;
    }
    const router = createMemoryRouter(
      [
        { path: "/", element: <Probe /> },
        { path: "/faq", element: <Probe /> },
      ],
      { initialEntries: ["/"] },
    );
    render(<RouterProvider router={router} />);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reload).not.toHaveBeenCalled();
    await router.navigate("/faq");
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
