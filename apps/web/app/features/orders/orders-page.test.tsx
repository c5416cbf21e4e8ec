import { casePath } from "@argine/core/practices/case-path";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { OrdersPage } from "./orders-page.tsx";
import { paidOrder, TICKET } from "./orders-test-helpers.tsx";

describe("/dashboard/orders", () => {
  it("says in Italian when nothing was bought yet, and where to buy", async () => {
    stubApi({ "GET /v1/orders": { status: 200, body: { total: 0, data: [] } } });
    renderWithApp(<OrdersPage />, { url: "/dashboard/orders" });
    expect(await screen.findByText("Non hai ancora acquistato servizi.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Vai alle tue pratiche" }).getAttribute("href")).toBe(
      "/dashboard/practices",
    );
  });

  it("lists each order's services, totals, discount, date and practice", async () => {
    const order = paidOrder({
      paymentType: "STRIPE",
      giftCardAmount: 20,
      cardAmount: 100,
      lines: [
        {
          ...paidOrder().lines[0],
          productCode: "INJUCTION",
          name: "Diffida",
          price: 1234.5,
          finalPrice: 1234.5,
        } as never,
      ],
      total: 1234.5,
      discount: 30,
      amount: 1204.5,
    });
    stubApi({ "GET /v1/orders": { status: 200, body: { total: 1, data: [order] } } });
    renderWithApp(<OrdersPage />, { url: "/dashboard/orders" });
    const card = await screen.findByRole("article", { name: "Ordine del 24 novembre 2026" });
    expect(within(card).getByText("Diffida")).toBeTruthy();
    expect(card.textContent).toContain("Prezzo di listino1.234,50 €");
    expect(card.textContent).toContain("Sconti− 30,00 €");
    expect(card.textContent).toContain("Totale pagato (IVA inclusa)1.204,50 €");
    expect(card.textContent).toContain("Carta di credito (gift card 20,00 €, carta 100,00 €)");
    expect(within(card).getByRole("link", { name: TICKET }).getAttribute("href")).toBe(casePath(TICKET));
  });

  it("offers a paid order's invoice, receipt and credit notes as downloads, and says why a 0 € order has none", async () => {
    const refunded = paidOrder({
      id: "refunded",
      creditNotes: [{ number: "NC-2026/1", url: "http://localhost/v1/orders/credit-note?token=nota" }],
    });
    const free = paidOrder({
      id: "free",
      paidAt: "2026-11-20T10:00:00.000Z",
      amount: 0,
      cardAmount: 0,
      paymentType: "CAMPAIGN",
      invoiceUrl: null,
      receiptUrl: null,
    });
    stubApi({ "GET /v1/orders": { status: 200, body: { total: 2, data: [refunded, free] } } });
    renderWithApp(<OrdersPage />, { url: "/dashboard/orders" });
    const card = await screen.findByRole("article", { name: "Ordine del 24 novembre 2026" });
    const link = (name: string) => within(card).getByRole("link", { name });
    expect(link("Scarica la fattura").getAttribute("href")).toBe(refunded.invoiceUrl);
    expect(link("Scarica la ricevuta").getAttribute("href")).toBe(refunded.receiptUrl);
    expect(link("Scarica la nota di credito NC-2026/1").getAttribute("href")).toBe(
      "http://localhost/v1/orders/credit-note?token=nota",
    );
    expect(link("Scarica la fattura").hasAttribute("download")).toBe(true);
    const none = screen.getByRole("article", { name: "Ordine del 20 novembre 2026" });
    expect(within(none).queryByRole("link", { name: /Scarica/ })).toBeNull();
    expect(none.textContent).toContain(
      "Non hai pagato nulla per questo ordine: non ci sono fattura né ricevuta.",
    );
  });

  it("pages through the orders, the page in the address", async () => {
    const { calls } = stubApi({
      "GET /v1/orders": ({ url }) => ({
        status: 200,
        body: { total: 12, data: [paidOrder({ id: url.includes("page=2") ? "second-page" : "first-page" })] },
      }),
    });
    const { router } = renderWithApp(<OrdersPage />, { url: "/dashboard/orders" });
    await screen.findByText("Pagina 1 di 2");
    fireEvent.click(screen.getByRole("button", { name: "Pagina successiva" }));
    await screen.findByText("Pagina 2 di 2");
    expect(router.state.location.search).toBe("?page=2");
    await waitFor(() => expect(calls.some((c) => c.url.includes("page=2&pageSize=10"))).toBe(true));
  });
});
