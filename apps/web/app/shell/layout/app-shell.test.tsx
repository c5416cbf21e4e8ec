import { useQuery } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../providers/app-providers.tsx";
import { AppShell } from "./app-shell.tsx";

function FailingPage() {
  const { status } = useQuery({
    queryKey: ["failing"],
    queryFn: () => Promise.reject({ code: "UNKNOWN", message: "Errore del server", requestId: "r" }),
    retry: false,
  });
  return <p>Stato: {status}</p>;
}

function renderShell(element: ReactNode) {
  const router = createMemoryRouter([
    {
      path: "*",
      element: (
        <AppProviders>
          <AppShell>{element}</AppShell>
        </AppProviders>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe("AppShell", () => {
  it("has a skip link to the main content, the quick exit, header and footer", () => {
    renderShell(<p>Pagina</p>);
    const skip = screen.getByRole("link", { name: "Vai al contenuto principale" });
    const main = screen.getByRole("main");
    expect(skip.getAttribute("href")).toBe(`#${main.id}`);
    expect(screen.getByRole("button", { name: "Esci subito" })).toBeTruthy();
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
  });

  it("shows the error modal when a query fails and makes the page behind it inert", async () => {
    renderShell(<FailingPage />);
    const dialog = await screen.findByRole("dialog", { name: "Si è verificato un errore" });
    expect(dialog.textContent).toContain("Errore del server");
    expect(screen.getByRole("main").closest("[inert]")).not.toBeNull();
    // The quick exit stays usable while a dialog is open.
    expect(screen.getByRole("button", { name: "Esci subito" }).closest("[inert]")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Ho capito" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("main").closest("[inert]")).toBeNull();
    expect(screen.getByText("Stato: error")).toBeTruthy();
  });
});
