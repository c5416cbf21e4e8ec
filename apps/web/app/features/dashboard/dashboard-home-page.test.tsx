import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../../shell/providers/app-providers.tsx";
import { fakeOidcClient } from "../../test-render.tsx";
import { DashboardHomePage } from "./dashboard-home-page.tsx";

// The roles' parts are lazy chunks (routes/dashboard-home.tsx); here they only pass the sections through.
const PASS_THROUGH = ({ children }: { children: ReactNode }) => children;
const PARTS = { client: PASS_THROUGH, staff: PASS_THROUGH };

function renderDashboard(state: unknown) {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <AppProviders authClient={fakeOidcClient()}>
            <DashboardHomePage parts={PARTS} />
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
});
