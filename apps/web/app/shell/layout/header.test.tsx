import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../features/identity/session-user.ts";
import { AppStateContext, type AppStateStore, createAppStateStore } from "../../shared/async/app-state.ts";
import { SCROLL_LOCK_CLASS } from "../../shared/ui/scroll-lock.ts";
import { Header } from "./header.tsx";

const GIULIA: SessionUser = { id: "u1", name: "Giulia", lastname: "Rossi", email: "g@example.it", roles: [] };

function renderHeaderAt(
  url: string,
  setup: (store: AppStateStore) => void = (store) => store.setAnonymous(),
) {
  const appState = createAppStateStore();
  setup(appState);
  const router = createMemoryRouter(
    [
      { path: "/", element: <Header /> },
      { path: "*", element: <Header /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppStateContext.Provider value={appState}>
      <RouterProvider router={router} />
    </AppStateContext.Provider>,
  );
  return router;
}

describe("Header", () => {
  it("links the login button to /account/login keeping the current query string", () => {
    renderHeaderAt("/services?practiceId=abc&utm_source=mail");
    expect(screen.getByRole("link", { name: "Accedi" }).getAttribute("href")).toBe(
      "/account/login?practiceId=abc&utm_source=mail",
    );
  });

  it("links the login button to /account/login when there is no query string", () => {
    renderHeaderAt("/");
    expect(screen.getByRole("link", { name: "Accedi" }).getAttribute("href")).toBe("/account/login");
  });

  it("shows the main menu, the questionnaire call to action and an external blog link", () => {
    renderHeaderAt("/");
    const menu = screen.getByRole("navigation", { name: "Menu principale" });
    for (const [label, href] of [
      ["Servizi", "/services"],
      ["Reati", "/education"],
      ["Chi siamo", "/whoweare"],
      ["Risarcimento", "/compensation"],
      ["FAQ", "/faq"],
    ]) {
      expect(menu.querySelector(`a[href="${href}"]`)?.textContent).toBe(label);
    }
    const blog = screen.getByRole("link", { name: /Blog/ });
    expect(blog.getAttribute("target")).toBe("_blank");
    expect(blog.getAttribute("rel")).toContain("noopener");
    expect(screen.getByRole("link", { name: "Questionario gratuito" }).getAttribute("href")).toBe(
      "/feedback",
    );
  });

  it("toggles the mobile menu with aria-expanded and locks page scrolling while open", () => {
    renderHeaderAt("/");
    const toggle = screen.getByRole("button", { name: "Menu" });
    const html = document.documentElement;
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(html.classList.contains(SCROLL_LOCK_CLASS)).toBe(false);

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const panel = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(panel?.getAttribute("data-open")).toBe("true");
    expect(html.classList.contains(SCROLL_LOCK_CLASS)).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(html.classList.contains(SCROLL_LOCK_CLASS)).toBe(false);
  });

  it("closes the mobile menu on Escape and gives focus back to the toggle", () => {
    renderHeaderAt("/");
    const toggle = screen.getByRole("button", { name: "Menu" });
    fireEvent.click(toggle);
    fireEvent.keyDown(screen.getByRole("link", { name: "Servizi" }), { key: "Escape" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
    expect(document.documentElement.classList.contains(SCROLL_LOCK_CLASS)).toBe(false);
  });

  it("closes the mobile menu when the user navigates", async () => {
    const router = renderHeaderAt("/");
    const toggle = screen.getByRole("button", { name: "Menu" });
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole("link", { name: "Servizi" }));
    await screen.findByRole("button", { name: "Menu", expanded: false });
    expect(router.state.location.pathname).toBe("/services");
    expect(document.documentElement.classList.contains(SCROLL_LOCK_CLASS)).toBe(false);
  });
});

describe("Header account slot (spec §2)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows nothing while the session check is pending, then the login button", () => {
    vi.useFakeTimers();
    const appState = createAppStateStore();
    const router = createMemoryRouter([{ path: "*", element: <Header /> }], { initialEntries: ["/"] });
    render(
      <AppStateContext.Provider value={appState}>
        <RouterProvider router={router} />
      </AppStateContext.Provider>,
    );
    expect(screen.queryByRole("link", { name: "Accedi" })).toBeNull();
    expect(screen.queryByRole("button", { name: /il tuo account/ })).toBeNull();

    act(() => appState.setAnonymous());
    // The pending helper polls every 50 ms.
    act(() => vi.advanceTimersByTime(50));
    expect(screen.getByRole("link", { name: "Accedi" })).toBeTruthy();
  });

  it("signed in: an account menu with exactly five entries in order, logout fifth", () => {
    renderHeaderAt("/", (store) => store.setAuthenticated(GIULIA));
    expect(screen.queryByRole("link", { name: "Accedi" })).toBeNull();
    const button = screen.getByRole("button", { name: /^Giulia\s*, il tuo account$/ });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("menu")).toBeNull();

    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const menu = screen.getByRole("menu");
    expect(menu.id).toBe(button.getAttribute("aria-controls"));
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((item) => [item.textContent, item.getAttribute("href")])).toEqual([
      ["I tuoi dati", "/dashboard/profile/info"],
      ["Le tue pratiche", "/dashboard/practices"],
      ["Dati di fatturazione", "/dashboard/profile/invoice"],
      ["I tuoi ordini", "/dashboard/orders"],
      ["Esci", "/logout"],
    ]);
    expect(document.activeElement).toBe(items[0]);
  });

  it.each([[["lawyer"]], [["admin"]], [["lawyer", "admin"]]])(
    "signed in as staff (%j): only what applies to them, no orders nor billing data",
    (roles) => {
      renderHeaderAt("/", (store) => store.setAuthenticated({ ...GIULIA, name: "Marco", roles }));
      fireEvent.click(screen.getByRole("button", { name: /^Marco\s*, il tuo account$/ }));
      const items = within(screen.getByRole("menu")).getAllByRole("menuitem");
      expect(items.map((item) => [item.textContent, item.getAttribute("href")])).toEqual([
        ["I tuoi dati", "/dashboard/profile/info"],
        ["Tutte le pratiche", "/dashboard/practices"],
        ["Esci", "/logout"],
      ]);
    },
  );

  it("moves with the arrow keys, closes on Escape and gives focus back to the button", () => {
    renderHeaderAt("/", (store) => store.setAuthenticated(GIULIA));
    const button = screen.getByRole("button", { name: /^Giulia\s*, il tuo account$/ });
    fireEvent.keyDown(button, { key: "ArrowUp" });
    const items = within(screen.getByRole("menu")).getAllByRole("menuitem");
    expect(document.activeElement).toBe(items[4]);
    fireEvent.keyDown(items[4] as HTMLElement, { key: "ArrowDown" });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0] as HTMLElement, { key: "End" });
    expect(document.activeElement).toBe(items[4]);

    fireEvent.keyDown(items[4] as HTMLElement, { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("closes the menu when an entry is chosen and navigates there", async () => {
    const router = renderHeaderAt("/", (store) => store.setAuthenticated(GIULIA));
    fireEvent.click(screen.getByRole("button", { name: /^Giulia\s*, il tuo account$/ }));
    fireEvent.click(screen.getByRole("menuitem", { name: "Esci" }));
    await screen.findByRole("button", { name: /^Giulia\s*, il tuo account$/, expanded: false });
    expect(router.state.location.pathname).toBe("/logout");
  });
});
