import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ADMIN_ME, renderAsUser } from "../../shared/admin/admin-test-helpers.tsx";
import { stubApi } from "../../test-render.tsx";
import { AdminVouchersPage } from "./admin-vouchers-page.tsx";

const VOUCHER = {
  id: "22222222-2222-4222-8222-222222222222",
  code: "ARGINE",
  discountAmount: null,
  maxUses: null,
  uses: 3,
  expiresAt: null,
  active: true,
  createdAt: "2026-11-01T10:00:00.000Z",
};

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe("/dashboard/admin/vouchers", () => {
  it("creates a voucher: uppercase code, expiry to the end of the day, then lists it", async () => {
    let vouchers = [VOUCHER];
    const { calls } = stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/vouchers": () => ({ status: 200, body: vouchers }),
      "POST /v1/admin/vouchers": ({ body }) => {
        const created = {
          ...VOUCHER,
          ...(body as object),
          id: "33333333-3333-4333-8333-333333333333",
          uses: 0,
        };
        vouchers = [created, ...vouchers];
        return { status: 201, body: created };
      },
    });
    renderAsUser(<AdminVouchersPage />);
    const table = await screen.findByRole("table", { name: /Voucher: 1/ });
    expect(within(table).getByText("1% (predefinito)")).toBeTruthy();
    expect(within(table).getByText("3, senza limite")).toBeTruthy();

    fireEvent.change(input(/^Codice/), { target: { value: "estate-25" } });
    fireEvent.change(input(/^Sconto/), { target: { value: "25" } });
    fireEvent.change(input(/^Scadenza/), { target: { value: "2027-09-30" } });
    fireEvent.click(screen.getByRole("button", { name: "Crea il voucher" }));

    expect((await screen.findByText("Voucher ESTATE-25 creato.")).closest("[role=status]")).toBeTruthy();
    const body = calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
    expect(body).toMatchObject({ code: "ESTATE-25", discountAmount: 25, maxUses: null, active: true });
    const expiry = new Date(String(body.expiresAt));
    expect([expiry.getDate(), expiry.getHours(), expiry.getMinutes()]).toEqual([30, 23, 59]);
    await screen.findByRole("table", { name: /Voucher: 2/ });
    expect(input(/^Codice/).value).toBe("");
  });

  it("shows the spec's message for a short code only once the field is touched", async () => {
    stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/vouchers": { status: 200, body: [VOUCHER] },
    });
    renderAsUser(<AdminVouchersPage />);
    await screen.findByRole("table");
    fireEvent.change(input(/^Codice/), { target: { value: "ab" } });
    expect(screen.queryByText("Il Voucher deve essere almeno 3 caratteri.")).toBeNull();
    fireEvent.blur(input(/^Codice/));
    expect(await screen.findByText("Il Voucher deve essere almeno 3 caratteri.")).toBeTruthy();
  });

  it("puts a taken code (409) under the code field", async () => {
    stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/vouchers": { status: 200, body: [VOUCHER] },
      "POST /v1/admin/vouchers": {
        status: 409,
        body: {
          code: "CONFLICT",
          message: "Esiste già un codice uguale: scegline un altro.",
          details: {
            issues: [{ path: ["code"], message: "Esiste già un codice uguale: scegline un altro." }],
          },
          requestId: "r",
        },
      },
    });
    renderAsUser(<AdminVouchersPage />);
    await screen.findByRole("table");
    fireEvent.change(input(/^Codice/), { target: { value: "ARGINE" } });
    fireEvent.click(screen.getByRole("button", { name: "Crea il voucher" }));
    expect(await screen.findByText("Esiste già un codice uguale: scegline un altro.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input(/^Codice/)));
  });

  it("edits a voucher, sending only what changed; the code stays read-only", async () => {
    const { calls } = stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/vouchers": { status: 200, body: [VOUCHER] },
      [`PATCH /v1/admin/vouchers/${VOUCHER.id}`]: ({ body }) => ({
        status: 200,
        body: { ...VOUCHER, ...(body as object) },
      }),
    });
    renderAsUser(<AdminVouchersPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Modifica ARGINE" }));
    await screen.findByRole("heading", { name: "Modifica del voucher ARGINE" });
    expect(input(/^Codice/).readOnly).toBe(true);
    fireEvent.click(screen.getByLabelText(/^Attivo/));
    fireEvent.click(screen.getByRole("button", { name: "Salva il voucher" }));
    expect(await screen.findByText("Voucher ARGINE salvato.")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ active: false });
  });
});
