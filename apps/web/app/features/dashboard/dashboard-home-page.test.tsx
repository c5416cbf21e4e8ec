import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../shell/providers/app-providers.tsx";
import { fakeOidcClient } from "../../test-render.tsx";
import { DashboardHomePage } from "./dashboard-home-page.tsx";

// The roles' parts are lazy chunks (routes/dashboard-home.tsx); here they only pass the sections through.
const PASS_THROUGH = ({ children }: { children: ReactNode }) => children;
const PARTS = {
  client: { Part: PASS_THROUGH, prefetch: () => {} },
  staff: { Part: PASS_THROUGH, prefetch: () => {} },
};

function renderDashboard(state: unknown, parts = PARTS) {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <AppProviders authClient={fakeOidcClient()}>
            <DashboardHomePage parts={parts} />
          </AppProviders>
        ),
      },
    ],
    { initialEntries: [{ pathname: "/dashboard", state }] },
  );
  render(<RouterProvider router={router} />);
}

describe("/dashboard", () => {
  it("confirms the practice the login just added to the account (navigation state)", () => {
    renderDashboard({ claimedTicketCode: "AR-7KM2Q9XD" });
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("La pratica AR-7KM2Q9XD è ora nel tuo account.");
  });

  it("says nothing without it, or with a state that is not a ticket code", () => {
    renderDashboard(null);
    expect(screen.getByRole("status").textContent).toBe("");
    renderDashboard({ claimedTicketCode: "<script>" });
    expect(screen.queryByText(/è ora nel tuo account/)).toBeNull();
  });

  it("asks for the role's first lists as it shows, without waiting for the part to be revealed", () => {
    const client = { Part: PASS_THROUGH, prefetch: vi.fn() };
    const staff = { Part: PASS_THROUGH, prefetch: vi.fn() };
    renderDashboard(null, { client, staff });
    expect(client.prefetch).toHaveBeenCalledOnce();
    expect(client.prefetch.mock.calls[0]?.[0]).toHaveProperty("prefetchQuery");
    expect(staff.prefetch).not.toHaveBeenCalled();
  });
});
