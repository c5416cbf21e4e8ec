import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ADMIN_ME, renderAsUser } from "../../shared/admin/admin-test-helpers.tsx";
import { stubApi } from "../../test-render.tsx";
import { AdminGiftCardsPage } from "./admin-gift-cards-page.tsx";

const CARD = {
  id: "66666666-6666-4666-8666-666666666666",
  code: "DIFESA-PROMO-150",
  promo: "DIFESA150",
  amount: 150,
  balance: 150,
  productCodes: ["DEFENCE"],
  assigned: false,
  expiresAt: null,
  createdAt: "2026-11-01T10:00:00.000Z",
};

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe("/dashboard/admin/gift-cards", () => {
  it("keeps the balance within the amount, and takes a card out of use at zero", async () => {
    const { calls } = stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/gift-cards": { status: 200, body: [CARD] },
      [`PATCH /v1/admin/gift-cards/${CARD.id}`]: ({ body }) => ({
        status: 200,
        body: { ...CARD, ...(body as object) },
      }),
    });
    renderAsUser(<AdminGiftCardsPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Modifica DIFESA-PROMO-150" }));
    fireEvent.change(input(/^Saldo/), { target: { value: "150,01" } });
    fireEvent.blur(input(/^Saldo/));
    expect(await screen.findByText("Il saldo non può superare l'importo della gift card.")).toBeTruthy();

    fireEvent.change(input(/^Saldo/), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva la gift card" }));
    expect(await screen.findByText("Gift card DIFESA-PROMO-150 salvata: saldo 0,00 €.")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ balance: 0 });
  });

  it("refuses a promo card worth more than 150 €", async () => {
    stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/gift-cards": { status: 200, body: [CARD] },
    });
    renderAsUser(<AdminGiftCardsPage />);
    await screen.findByRole("heading", { name: "Nuova gift card" });
    fireEvent.change(input(/^Codice/), { target: { value: "REGALO-1" } });
    fireEvent.change(input(/^Promo/), { target: { value: "ESTATE" } });
    fireEvent.change(input(/^Importo/), { target: { value: "200" } });
    fireEvent.click(screen.getByRole("button", { name: "Crea la gift card" }));
    expect(
      await screen.findByRole("button", {
        name: "Importo: Una gift card promozionale vale al massimo 150,00 €.",
      }),
    ).toBeTruthy();
    expect(input(/^Importo/).getAttribute("aria-invalid")).toBe("true");
  });
});
