import { randomUUID } from "node:crypto";
import type { Actor } from "@argine/core/identity/policy";
import type { DbHandle } from "@argine/db/client";
import { findUserByEmail } from "@argine/db/queries/users";
import { invoices, practices } from "@argine/db/schema";
import { seedDemo } from "@argine/db/seed";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutBody } from "../../test/checkout.ts";
import { fatturaPaSchemaErrors } from "../../test/fatturapa-schema.ts";
import { randomIp } from "../../test/identity.ts";
import { paymentMethod } from "../../test/sandbox.ts";
import { serviceDeps } from "../../test/service-deps.ts";
import { createOrder } from "../orders/orders-service.ts";
import { refundOrder } from "../orders/refunds-service.ts";
import { accountsCsv, accountsZip, listAccountsDocuments, listAccountsOrders } from "./accounts-service.ts";

// The accountant's view on real orders paid through the sandbox: a month is a month of Italian days, and its
// exports hold exactly the invoices and credit notes issued in it.

const NOVEMBER = { from: "2026-11-01", to: "2026-11-30" };

describe.each(testDbKinds())("the accountant's view on %s", (kind) => {
  let handle: DbHandle;
  let client: Actor;
  let admin: Actor;
  let n = 0;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedDemo(handle.db, {
      hashPassword: async (p) => `test:${p}`,
      now: new Date("2026-10-01T10:00:00Z"),
    });
    client = {
      userId: (await findUserByEmail(handle.db, "cliente@demo.argine.it"))?.id as string,
      roles: [],
    };
    admin = {
      userId: (await findUserByEmail(handle.db, "admin@demo.argine.it"))?.id as string,
      roles: ["admin"],
    };
  });
  afterAll(() => handle.close());

  /** A practice of the demo client bought by card at `at` (the sandbox's test card that pays). */
  async function paidAt(at: string, items: string[]) {
    const { deps } = serviceDeps(handle.db, at);
    const [practice] = await handle.db
      .insert(practices)
      .values({ ticketCode: `AR-ACC${kind.slice(0, 2)}${++n}`, ownerId: client.userId })
      .returning();
    const body = checkoutBody(practice?.id as string, items, {
      payment: {
        type: "STRIPE",
        code: JSON.stringify({ payment_method_id: await paymentMethod(deps, "succeeds") }),
      },
    });
    const answer = await createOrder(deps, client, body, randomIp());
    expect(answer.order?.status).toBe("PAID");
    return { deps, order: answer.order };
  }

  /** Staff refund `codes` of the order at `at`: its credit note is issued then. */
  const refundAt = (at: string, orderId: string, codes: string[]) =>
    refundOrder(serviceDeps(handle.db, at).deps, admin, orderId, {
      productCodes: codes as never,
      reason: "STAFF",
      idempotencyKey: randomUUID(),
    });

  it("a month holds the invoices and credit notes issued on its Italian days, and both exports exactly those", async () => {
    // 23:30 UTC on 31 October is already 1 November in Rome; on 30 November it is already 1 December.
    const first = await paidAt("2026-10-31T23:30:00Z", ["TAKEDOWN"]);
    const middle = await paidAt("2026-11-15T10:00:00Z", ["INJUCTION", "TAKEDOWN"]);
    const last = await paidAt("2026-11-30T23:30:00Z", ["TAKEDOWN", "INJUCTION"]);
    // A November credit note of a November invoice, and a December one of the invoice issued in December.
    await refundAt("2026-11-20T10:00:00Z", middle.order?.id as string, ["INJUCTION"]);
    await refundAt("2026-12-02T10:00:00Z", last.order?.id as string, ["INJUCTION"]);
    const { deps } = first;

    const documents = await listAccountsDocuments(deps, NOVEMBER);
    expect(documents.map((doc) => [doc.kind, doc.orderId])).toEqual([
      ["INVOICE", first.order?.id],
      ["INVOICE", middle.order?.id],
      ["CREDIT_NOTE", middle.order?.id],
    ]);
    for (const doc of documents)
      expect(Math.round((doc.taxable + doc.vat) * 100)).toBe(Math.round(doc.total * 100));
    const [note] = await listAccountsDocuments(deps, { ...NOVEMBER, kind: "CREDIT_NOTE" });
    expect(note?.invoiceNumber).toBe(documents[1]?.number);
    expect(note?.total).toBe(middle.order?.lines.find((l) => l.productCode === "INJUCTION")?.finalPrice);

    const csv = await accountsCsv(deps, NOVEMBER);
    expect(csv.fileName).toBe("argine-contabilita-2026-11-01_2026-11-30.csv");
    const rows = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatch(/^Tipo;Numero;Data;/);
    expect(rows.slice(1).map((row) => row.split(";")[1])).toEqual(documents.map((doc) => doc.number));
    expect(rows[1]).toContain("RSSMRA85T10A562S");
    // The credit note's amounts are negative, so a column adds up to what the month kept.
    expect(rows[3]?.split(";").slice(0, 2)).toEqual(["Nota di credito", note?.number]);
    expect(rows[3]?.split(";")[13]).toBe(`-${note?.total.toFixed(2).replace(".", ",")}`);

    const zip = await accountsZip(deps, NOVEMBER);
    const files = unzipSync(zip.body);
    expect(Object.keys(files)).toHaveLength(3);
    const kinds: string[] = [];
    for (const [name, content] of Object.entries(files)) {
      expect(name).toMatch(/^IT\d{11}_[A-Z0-9]{5}\.xml$/);
      const xml = strFromU8(content);
      expect(await fatturaPaSchemaErrors(xml)).toEqual([]);
      kinds.push(/<TipoDocumento>(TD0\d)<\/TipoDocumento>/.exec(xml)?.[1] ?? "");
    }
    expect(kinds.sort()).toEqual(["TD01", "TD01", "TD04"]);
    // December holds the other credit note and the invoice paid on its first Italian day.
    const december = await listAccountsDocuments(deps, { from: "2026-12-01", to: "2026-12-31" });
    expect(december.map((doc) => [doc.kind, doc.orderId])).toEqual([
      ["INVOICE", last.order?.id],
      ["CREDIT_NOTE", last.order?.id],
    ]);
  });

  it("leads every text a spreadsheet would run as a formula with an apostrophe, and keeps amounts numbers", async () => {
    const { deps, order } = await paidAt("2027-01-10T10:00:00Z", ["TAKEDOWN"]);
    const [invoice] = await handle.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, order?.id as string));
    const customer = invoice?.customer as NonNullable<typeof invoice>["customer"];
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      // What a client could type as a name, an address or a city: "-1+2" once went through as it was.
      const typed = `${start}1+2`;
      await handle.db
        .update(invoices)
        .set({
          customer: {
            ...customer,
            name: typed,
            billing: {
              ...customer.billing,
              address: `${start}SOMMA(A1:A9)`,
              city: `${start}cmd|' /C calc'!A0`,
            },
          },
        })
        .where(eq(invoices.orderId, order?.id as string));
      const { body } = await accountsCsv(deps, { from: "2027-01-01", to: "2027-01-31" });
      const quoted = (cell: string) => (/[;"\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
      const [, row] = body.replace(/^\uFEFF/, "").split("\r\n");
      expect(row, JSON.stringify(start)).toContain(`;${quoted(`'${typed}`)};`);
      expect(row, JSON.stringify(start)).toContain(`;${quoted(`'${start}SOMMA(A1:A9)`)};`);
      expect(row, JSON.stringify(start)).toContain(`;${quoted(`'${start}cmd|' /C calc'!A0`)};`);
      // The amounts stay numbers a column adds up.
      const total = invoice?.totalCents ?? 0;
      expect(row).toContain(`;${Math.trunc(total / 100)},${String(total % 100).padStart(2, "0")};`);
    }
  });

  it("lists the period's orders with their card payment and invoice, filtered by status", async () => {
    const { deps, order } = await paidAt("2026-12-05T10:00:00Z", ["INJUCTION"]);
    const december = { from: "2026-12-01", to: "2026-12-31" };
    const page = { page: 1, pageSize: 20 };
    const listed = await listAccountsOrders(deps, { ...december, ...page });
    const found = listed.data.find((row) => row.id === order?.id);
    expect(found).toMatchObject({
      status: "PAID",
      paymentType: "STRIPE",
      customerEmail: "cliente@demo.argine.it",
      refunded: 0,
      payment: { provider: "sandbox", status: "succeeded" },
    });
    expect(found?.invoiceNumber).toMatch(/^2026\/\d+$/);
    expect((await listAccountsOrders(deps, { ...december, ...page, status: "FAILED" })).data).toEqual([]);
  });
});
