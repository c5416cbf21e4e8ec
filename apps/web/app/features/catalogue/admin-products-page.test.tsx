import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ADMIN_ME, renderAsUser } from "../../shared/admin/admin-test-helpers.tsx";
import { stubApi } from "../../test-render.tsx";
import { AdminProductsPage } from "./admin-products-page.tsx";

const PRODUCTS = [
  {
    code: "TAKEDOWN",
    name: "Takedown",
    description: "Rimozione dei link.",
    price: 1234.5,
    discountedPrice: 99,
    vatRate: 22,
    active: true,
    order: 30,
    updatedAt: "2026-11-01T10:00:00.000Z",
  },
  {
    code: "ADVICE",
    name: "Consulenza",
    description: "Consulenza digitale.",
    price: 79,
    discountedPrice: 79,
    vatRate: 22,
    active: false,
    order: 50,
    updatedAt: "2026-11-01T10:00:00.000Z",
  },
];

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function openEditor() {
  renderAsUser(<AdminProductsPage />);
  const table = await screen.findByRole("table", { name: /Catalogo: 2 prodotti/ });
  const row = within(table).getByRole("row", { name: /TAKEDOWN/ });
  expect(within(row).getByText("1.234,50 €")).toBeTruthy();
  expect(within(row).getByText("99,00 €")).toBeTruthy();
  expect(within(table).getByText("Non attivo")).toBeTruthy();
  fireEvent.click(within(row).getByRole("button", { name: "Modifica TAKEDOWN" }));
  const heading = await screen.findByRole("heading", { name: "Modifica del prodotto TAKEDOWN" });
  await waitFor(() => expect(document.activeElement).toBe(heading));
}

describe("/dashboard/admin/products", () => {
  it("shows every product with Italian amounts, and saves only the changed price typed with a comma", async () => {
    const { calls } = stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/products": { status: 200, body: PRODUCTS },
      "PATCH /v1/admin/products/TAKEDOWN": ({ body }) => ({
        status: 200,
        body: { ...PRODUCTS[0], ...(body as object) },
      }),
    });
    await openEditor();
    expect(input(/^Prezzo \(€/).value).toBe("1234,50");
    fireEvent.change(input(/^Prezzo scontato/), { target: { value: "49,90" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva il prodotto" }));

    const status = await screen.findByText(/Prodotto TAKEDOWN salvato/);
    expect(status.textContent).toBe("Prodotto TAKEDOWN salvato: prezzo 1.234,50 €, scontato 49,90 €.");
    expect(status.closest("[role=status]")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ discountedPrice: 49.9 });
  });

  it("accepts a dot too, and refuses a discounted price above the price with a summary", async () => {
    const { calls } = stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/products": { status: 200, body: PRODUCTS },
    });
    await openEditor();
    fireEvent.change(input(/^Prezzo \(€/), { target: { value: "49.90" } });
    fireEvent.change(input(/^Prezzo scontato/), { target: { value: "59,90" } });
    fireEvent.change(input(/^Ordine/), { target: { value: "tre" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva il prodotto" }));

    const summary = await screen.findByRole("region", { name: "Ci sono 2 errori da correggere" });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(
      within(summary)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual([
      "Prezzo scontato: Il prezzo scontato non può superare il prezzo.",
      "Ordine: L'ordine deve essere un numero intero da 0 a 9999.",
    ]);
    expect(input(/^Prezzo scontato/).getAttribute("aria-invalid")).toBe("true");
    fireEvent.click(within(summary).getAllByRole("button")[1] as HTMLElement);
    await waitFor(() => expect(document.activeElement).toBe(input(/^Ordine/)));
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  it("says so when nothing changed, without calling the API", async () => {
    const { calls } = stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/products": { status: 200, body: PRODUCTS },
    });
    await openEditor();
    fireEvent.change(input(/^Prezzo \(€/), { target: { value: "1.234,5" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva il prodotto" }));
    expect(await screen.findByText("Non c'è nessuna modifica da salvare.")).toBeTruthy();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  it("puts the API's refusal under its field", async () => {
    stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/products": { status: 200, body: PRODUCTS },
      "PATCH /v1/admin/products/TAKEDOWN": {
        status: 400,
        body: {
          code: "BAD_REQUEST",
          message: "Il prezzo scontato non può superare il prezzo.",
          details: {
            issues: [{ path: ["price"], message: "Il prezzo scontato non può superare il prezzo." }],
          },
          requestId: "r",
        },
      },
    });
    await openEditor();
    fireEvent.change(input(/^Prezzo \(€/), { target: { value: "98" } });
    fireEvent.change(input(/^Prezzo scontato/), { target: { value: "98" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva il prodotto" }));
    await waitFor(() => expect(input(/^Prezzo \(€/).getAttribute("aria-invalid")).toBe("true"));
    await waitFor(() => expect(document.activeElement).toBe(input(/^Prezzo \(€/)));
  });
});
