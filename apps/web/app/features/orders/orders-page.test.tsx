import { casePath } from "@argine/core/practices/case-path";
import { MESSAGES } from "@argine/core/shared/messages";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ModalRoot } from "../../shared/modal/modal-root.tsx";
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

  it("shows a refunded service, the credit note's link, and the withdrawal while it is allowed", async () => {
    const takedown = paidOrder().lines[0] as never as Record<string, unknown>;
    const order = paidOrder({
      status: "PARTIALLY_REFUNDED",
      lines: [
        { ...takedown, refunded: false, withdrawable: true } as never,
        { ...takedown, productCode: "INJUCTION", name: "Diffida", finalPrice: 80, refunded: true } as never,
      ],
      amount: 200,
      creditNotes: [{ number: "NC-2026/3", url: "http://localhost/v1/orders/credit-note?token=abc" }],
      withdrawableUntil: "2026-12-08T10:01:00.000Z",
    });
    const withdrawn = { ...order, status: "REFUNDED", withdrawableUntil: null };
    let done = false;
    const { calls } = stubApi({
      "GET /v1/orders": () => ({ status: 200, body: { total: 1, data: [done ? withdrawn : order] } }),
      [`POST /v1/orders/${order.id}/withdrawal`]: () => {
        done = true;
        return { status: 201, body: withdrawn };
      },
    });
    renderWithApp(
      <>
        <OrdersPage />
        <ModalRoot />
      </>,
      { url: "/dashboard/orders" },
    );
    const card = await screen.findByRole("article", { name: "Ordine del 24 novembre 2026" });
    expect(card.textContent).toContain("rimborsato in parte");
    expect(card.textContent).toContain("DiffidaRimborsato 80,00 €");
    expect(card.textContent).toContain("Rimborsato80,00 €");
    // The invoice and the receipt stay beside the credit note of the part given back.
    expect(within(card).getByRole("link", { name: "Scarica la fattura" })).toBeTruthy();
    expect(
      within(card).getByRole("link", { name: "Scarica la nota di credito NC-2026/3" }).getAttribute("href"),
    ).toBe("http://localhost/v1/orders/credit-note?token=abc");
    expect(card.textContent).toContain("Possibile fino all'8 dicembre 2026 per: Takedown.");

    fireEvent.click(within(card).getByRole("button", { name: "Esercita il recesso" }));
    const dialog = await screen.findByRole("dialog", { name: "Vuoi esercitare il recesso?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Sì, esercita il recesso" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({ productCodes: ["TAKEDOWN"] }),
    );
    await waitFor(() => expect(screen.queryByRole("button", { name: "Esercita il recesso" })).toBeNull());
  });

  it("offers the withdrawal only for the services the server says may be withdrawn, and says why it is refused", async () => {
    const takedown = paidOrder().lines[0] as never as Record<string, unknown>;
    const order = paidOrder({
      lines: [
        { ...takedown, withdrawable: true } as never,
        { ...takedown, productCode: "INJUCTION", name: "Diffida", withdrawable: false } as never,
      ],
      withdrawableUntil: "2026-12-11T10:01:00.000Z",
    });
    const begun = { ...order, lines: order.lines.map((line) => ({ ...line, withdrawable: false })) };
    let refused = false;
    const { calls } = stubApi({
      "GET /v1/orders": () => ({
        status: 200,
        body: { total: 1, data: [refused ? { ...begun, withdrawableUntil: null } : order] },
      }),
      [`POST /v1/orders/${order.id}/withdrawal`]: () => {
        refused = true;
        return {
          status: 409,
          body: { code: "CONFLICT", message: MESSAGES.withdrawalServiceBegun, requestId: "r" },
        };
      },
    });
    renderWithApp(
      <>
        <OrdersPage />
        <ModalRoot />
      </>,
      { url: "/dashboard/orders" },
    );
    const card = await screen.findByRole("article", { name: "Ordine del 24 novembre 2026" });
    expect(card.textContent).toContain("Possibile fino all'11 dicembre 2026 per: Takedown.");
    fireEvent.click(within(card).getByRole("button", { name: "Esercita il recesso" }));
    const dialog = await screen.findByRole("dialog", { name: "Vuoi esercitare il recesso?" });
    expect(dialog.textContent).toContain("Annulliamo Takedown e ti rimborsiamo subito");
    expect(dialog.textContent).not.toContain("Diffida");
    fireEvent.click(within(dialog).getByRole("button", { name: "Sì, esercita il recesso" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({ productCodes: ["TAKEDOWN"] }),
    );
    // The server's own reason, in the order's card, after the orders were read again.
    expect(await within(card).findByText(MESSAGES.withdrawalServiceBegun)).toBeTruthy();
    await waitFor(() =>
      expect(within(card).queryByRole("button", { name: "Esercita il recesso" })).toBeNull(),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.body.textContent).not.toContain("riprovare fra qualche minuto");
  });

  it("offers no withdrawal when no service may be withdrawn", async () => {
    const order = paidOrder({ withdrawableUntil: null });
    stubApi({ "GET /v1/orders": { status: 200, body: { total: 1, data: [order] } } });
    renderWithApp(<OrdersPage />, { url: "/dashboard/orders" });
    const card = await screen.findByRole("article", { name: "Ordine del 24 novembre 2026" });
    expect(within(card).queryByRole("button", { name: "Esercita il recesso" })).toBeNull();
  });
});
