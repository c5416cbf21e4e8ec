import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ADMIN_ME, renderAsUser } from "../../shared/admin/admin-test-helpers.tsx";
import { stubApi } from "../../test-render.tsx";
import { AdminAccountsPage } from "./admin-accounts-page.tsx";

const INVOICE = {
  id: "66666666-6666-4666-8666-000000000001",
  kind: "INVOICE",
  number: "2026/7",
  issuedAt: "2026-11-10T10:00:00.000Z",
  customerName: "Giulia Bianchi",
  taxCode: "BNCGLI90A41H501X",
  taxable: 203.28,
  vat: 44.72,
  total: 248,
  cardAmount: 248,
  giftCardAmount: 0,
  invoiceNumber: null,
  orderId: "77777777-7777-4777-8777-000000000001",
  ticketCode: "AB12CD",
};
const CREDIT_NOTE = {
  ...INVOICE,
  id: "66666666-6666-4666-8666-000000000002",
  kind: "CREDIT_NOTE",
  number: "NC-2026/1",
  issuedAt: "2026-11-12T10:00:00.000Z",
  taxable: 81.15,
  vat: 17.85,
  total: 99,
  cardAmount: 99,
  invoiceNumber: "2026/7",
};
const ORDER = {
  id: INVOICE.orderId,
  ticketCode: "AB12CD",
  customerEmail: "giulia@example.com",
  status: "PAID",
  paymentType: "STRIPE",
  createdAt: "2026-11-10T09:59:00.000Z",
  paidAt: "2026-11-10T10:00:00.000Z",
  amount: 248,
  cardAmount: 248,
  giftCardAmount: 0,
  campaignDiscount: 0,
  refunded: 99,
  payment: { provider: "sandbox", intentId: "pi_123", status: "succeeded", errorCode: null },
  invoiceNumber: "2026/7",
};

function stub() {
  return stubApi({
    "GET /v1/users/me": { status: 200, body: ADMIN_ME },
    "GET /v1/admin/accounts/documents": { status: 200, body: [INVOICE, CREDIT_NOTE] },
    "GET /v1/admin/accounts/orders": { status: 200, body: { total: 1, data: [ORDER] } },
  });
}

describe("/dashboard/admin/accounts", () => {
  it("lists the period's invoices and credit notes with the net total, and its orders with payments", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-24T12:00:00Z") });
    const { calls } = stub();
    renderAsUser(<AdminAccountsPage />);
    vi.useRealTimers();
    expect(screen.getByRole("heading", { level: 1, name: "Contabilità" })).toBeTruthy();
    // This month in Italy by default.
    expect((screen.getByLabelText(/^Dal/) as HTMLInputElement).value).toBe("01/11/2026");
    expect((screen.getByLabelText(/^Al/) as HTMLInputElement).value).toBe("24/11/2026");

    const documents = await screen.findByRole("table", {
      name: "Dall'01/11/2026 al 24/11/2026: 1 fattura e 1 nota di credito, totale netto 149,00 €",
    });
    const [, invoice, note] = within(documents).getAllByRole("row");
    expect(within(invoice as HTMLElement).getByRole("rowheader").textContent).toBe("2026/7");
    expect(within(note as HTMLElement).getByText("Nota di credito della fattura 2026/7")).toBeTruthy();
    expect(within(note as HTMLElement).getByText("−99,00 €")).toBeTruthy();

    const orders = await screen.findByRole("table", { name: /^Ordini del periodo: 1/ });
    expect(within(orders).getByText("sandbox pi_123: succeeded")).toBeTruthy();
    expect(
      calls.some((call) => call.url.includes("/v1/admin/accounts/orders?from=2026-11-01&to=2026-11-24")),
    ).toBe(true);
  });

  it("asks again for another period, and explains a period that ends before it starts", async () => {
    const { calls } = stub();
    renderAsUser(<AdminAccountsPage />);
    const from = screen.getByLabelText(/^Dal/);
    const to = screen.getByLabelText(/^Al/);
    fireEvent.change(from, { target: { value: "01/10/2026" } });
    fireEvent.change(to, { target: { value: "30/09/2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Mostra" }));
    expect(await screen.findByText("La data di fine viene prima di quella di inizio.")).toBeTruthy();

    fireEvent.change(to, { target: { value: "31/10/2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Mostra" }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.includes("documents?from=2026-10-01&to=2026-10-31"))).toBe(true),
    );
  });

  it("filters the orders by status, from the first page", async () => {
    const { calls } = stub();
    renderAsUser(<AdminAccountsPage />);
    await screen.findByRole("table", { name: /^Ordini del periodo/ });
    fireEvent.change(screen.getByLabelText("Stato dell'ordine"), { target: { value: "FAILED" } });
    await waitFor(() =>
      expect(calls.some((call) => /orders\?.*status=FAILED.*page=1/.test(call.url))).toBe(true),
    );
  });

  it("saves the period's FatturaPA ZIP under its name, and says why when the file is refused", async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:argine", revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    let refuse = false;
    const { calls } = stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/accounts/documents": { status: 200, body: [] },
      "GET /v1/admin/accounts/orders": { status: 200, body: { total: 0, data: [] } },
      "GET /v1/admin/accounts/export.zip": () =>
        refuse
          ? { status: 403, body: { code: "FORBIDDEN", message: "Non hai i permessi." } }
          : { status: 200, body: "PK" },
    });
    renderAsUser(<AdminAccountsPage />);
    fireEvent.change(screen.getByLabelText(/^Dal/), { target: { value: "01/10/2026" } });
    fireEvent.change(screen.getByLabelText(/^Al/), { target: { value: "31/10/2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Mostra" }));
    await screen.findByText("Nessun documento emesso in questo periodo.");

    fireEvent.click(screen.getByRole("button", { name: "Scarica le FatturaPA (ZIP)" }));
    await waitFor(() => expect(saved).toEqual(["argine-fatturapa-2026-10-01_2026-10-31.zip"]));
    const exported = calls.find((call) => call.url.includes("export.zip"));
    expect(exported?.url).toContain("from=2026-10-01&to=2026-10-31");

    refuse = true;
    fireEvent.click(screen.getByRole("button", { name: "Scarica le FatturaPA (ZIP)" }));
    expect(await screen.findByText("Il file non è stato scaricato: Non hai i permessi.")).toBeTruthy();
    click.mockRestore();
  });
});
