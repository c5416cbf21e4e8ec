import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ADMIN_ME, renderAsUser } from "../../shared/admin/admin-test-helpers.tsx";
import { stubApi } from "../../test-render.tsx";
import { AdminUsersPage } from "./admin-users-page.tsx";

const GIULIA = {
  id: "44444444-4444-4444-8444-444444444444",
  email: "giulia@example.it",
  name: "Giulia",
  lastname: "Esposito",
  roles: [] as string[],
  emailVerified: true,
  createdAt: "2026-11-02T10:00:00.000Z",
};
const CHIARA = {
  ...GIULIA,
  id: ADMIN_ME.id,
  email: ADMIN_ME.email,
  name: "Chiara",
  lastname: "Conti",
  roles: ["admin"],
};

describe("/dashboard/admin (users)", () => {
  it("searches by email or name and grants the lawyer role", async () => {
    let giuliaRoles: string[] = [];
    const { calls } = stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/users": () => ({
        status: 200,
        body: { total: 2, data: [{ ...GIULIA, roles: giuliaRoles }, CHIARA] },
      }),
      [`PUT /v1/users/${GIULIA.id}/roles/lawyer`]: () => {
        giuliaRoles = ["lawyer"];
        return { status: 200, body: { ...ADMIN_ME, id: GIULIA.id, roles: ["lawyer"] } };
      },
    });
    renderAsUser(<AdminUsersPage />);
    const table = await screen.findByRole("table", { name: /Utenti: 2/ });
    const giulia = within(table).getByRole("row", { name: /Giulia Esposito/ });
    expect(within(giulia).getByText("Cliente")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Cerca per email o nome"), { target: { value: " giulia " } });
    fireEvent.click(screen.getByRole("button", { name: "Cerca" }));
    await screen.findByRole("table", { name: /Utenti che corrispondono a «giulia»/ });
    // The caption follows the search at once; the request follows a tick later (the old page stays meanwhile).
    await waitFor(() => {
      const search = calls.filter((c) => c.url.includes("/v1/admin/users")).at(-1);
      expect(new URL(search?.url ?? "", "http://x").searchParams.get("q")).toBe("giulia");
    });

    fireEvent.click(within(giulia).getByRole("button", { name: "Rendi avvocato (Giulia Esposito)" }));
    // Nothing is granted before the confirmation.
    const dialog = screen.getByRole("alertdialog", { name: "Rendere Giulia Esposito avvocato?" });
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Sì, rendi avvocato" }));
    expect(await screen.findByText("Ruolo di avvocato assegnato a Giulia Esposito.")).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getByRole("row", { name: /Giulia Esposito/ })).getByRole("button", {
          name: "Togli il ruolo di avvocato (Giulia Esposito)",
        }),
      ).toBeTruthy(),
    );
  });

  it("offers no way to remove one's own admin role", async () => {
    stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/users": { status: 200, body: { total: 1, data: [CHIARA] } },
    });
    renderAsUser(<AdminUsersPage />);
    const row = await screen.findByRole("row", { name: /Chiara Conti/ });
    expect(within(row).queryByRole("button", { name: /Togli il ruolo di amministratore/ })).toBeNull();
    expect(within(row).getByText(/Sei tu/)).toBeTruthy();
    expect(within(row).getByRole("button", { name: "Rendi avvocato (Chiara Conti)" })).toBeTruthy();
  });

  it("says what a staff role means before granting it, and Escape or Annulla grants nothing", async () => {
    const { calls } = stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/users": { status: 200, body: { total: 1, data: [GIULIA] } },
    });
    renderAsUser(<AdminUsersPage />);
    const row = await screen.findByRole("row", { name: /Giulia Esposito/ });
    const grant = within(row).getByRole("button", { name: "Rendi avvocato (Giulia Esposito)" });
    grant.focus();
    fireEvent.click(grant);
    const dialog = screen.getByRole("alertdialog", { name: "Rendere Giulia Esposito avvocato?" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(screen.getByText(/vedrà le pratiche di tutte le vittime/)).toBeTruthy();
    // The keyboard lands on the safe choice, and Escape closes with the focus back on the trigger.
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Annulla" }));
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(document.activeElement).toBe(grant);

    fireEvent.click(within(row).getByRole("button", { name: "Rendi amministratore (Giulia Esposito)" }));
    fireEvent.click(screen.getByRole("button", { name: "Annulla" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  });
});
