import { act, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../shell/providers/app-providers.tsx";
import { fakeOidcClient, stubApi } from "../../test-render.tsx";
import { DashboardLayout } from "./dashboard-layout.tsx";

// /dashboard is prerendered as the frame the layout draws while the session is checked (issue 41): nothing
// of the person's is in it, and the page is drawn only once the session is confirmed.

function renderLayout(path: string, restore: () => Promise<Record<string, unknown> | null>) {
  const router = createMemoryRouter(
    [
      {
        path: "/dashboard",
        element: <DashboardLayout />,
        children: [
          { index: true, element: <p>la panoramica di Giulia</p> },
          { path: "profile/info", element: <p>i dati di Giulia</p> },
        ],
      },
      { path: "/account/login", element: <p>accedi</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders authClient={fakeOidcClient({ restore })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe("the dashboard's frame", () => {
  beforeEach(() => {
    stubApi({
      "GET /v1/users/me": {
        status: 200,
        body: { id: "u1", name: "Giulia", lastname: "Bianchi", email: "g@b.it", roles: [] },
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("on /dashboard shows the greeting and the intro while the session is checked, no sections, no page", () => {
    renderLayout("/dashboard", () => new Promise(() => {}));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Ciao");
    expect(screen.getByText(/Questa è la tua area personale/)).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Area personale" });
    expect(within(nav).queryAllByRole("link")).toHaveLength(0);
    expect(screen.queryByText("la panoramica di Giulia")).toBeNull();
  });

  it("elsewhere in the area shows only the quiet status while the session is checked", () => {
    renderLayout("/dashboard/profile/info", () => new Promise(() => {}));
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
    expect(screen.queryByText("i dati di Giulia")).toBeNull();
  });

  it("draws the sections of the person's roles and the page once the session is confirmed", async () => {
    let confirm: (claims: Record<string, unknown>) => void = () => {};
    renderLayout("/dashboard", () => new Promise((resolve) => (confirm = resolve)));
    await act(async () =>
      confirm({ sub: "u1", name: "Giulia", family_name: "Bianchi", email: "g@b.it", roles: [] }),
    );
    expect(await screen.findByText("la panoramica di Giulia")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Area personale" });
    expect(within(nav).getByRole("link", { name: "Le tue pratiche" })).toBeTruthy();
    expect(within(nav).getByRole("link", { name: "Panoramica" }).getAttribute("aria-current")).toBe("page");
  });

  it("sends a visitor without a session to the login", async () => {
    renderLayout("/dashboard", async () => null);
    expect(await screen.findByText("accedi")).toBeTruthy();
  });
});
