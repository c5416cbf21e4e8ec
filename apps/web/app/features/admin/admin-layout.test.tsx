import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ADMIN_ME, renderAsUser } from "../../shared/admin/admin-test-helpers.tsx";
import { stubApi } from "../../test-render.tsx";
import { AdminLayout } from "./admin-layout.tsx";

describe("/dashboard/admin layout", () => {
  it("shows admins the ten sections as tab-like links", async () => {
    stubApi({ "GET /v1/users/me": { status: 200, body: ADMIN_ME } });
    renderAsUser(<AdminLayout />);
    const nav = await screen.findByRole("navigation", { name: "Amministrazione" });
    const links = [...nav.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Utenti e ruoli", "/dashboard/admin"],
      ["Prodotti e prezzi", "/dashboard/admin/products"],
      ["Campagne", "/dashboard/admin/campaigns"],
      ["Voucher", "/dashboard/admin/vouchers"],
      ["Gift card", "/dashboard/admin/gift-cards"],
      ["Contabilità", "/dashboard/admin/accounts"],
      ["Richieste dal sito", "/dashboard/admin/requests"],
      ["Anteprima contenuti", "/dashboard/admin/preview"],
      ["Invii non riusciti", "/dashboard/admin/dead-letters"],
      ["Registro delle azioni", "/dashboard/admin/audit"],
    ]);
  });

  it.each([[["lawyer"]], [[]]])("tells anyone else (roles %j) the area is reserved", async (roles) => {
    stubApi({ "GET /v1/users/me": { status: 200, body: { ...ADMIN_ME, roles } } });
    renderAsUser(<AdminLayout />, roles);
    expect(await screen.findByRole("heading", { name: "Area riservata" })).toBeTruthy();
    expect(screen.getByText("Quest'area è riservata agli amministratori.")).toBeTruthy();
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});
