import { randomUUID } from "node:crypto";
import type { Order, OrderList, OrderResponse } from "@argine/core/orders/orders-api";
import { romeCalendarDay } from "@argine/core/shared/calendar";
import { MESSAGES } from "@argine/core/shared/messages";
import { findUserByEmail } from "@argine/db/queries/users";
import { campaigns, creditNotes, invoices, practices, receipts, refunds } from "@argine/db/schema";
import { DEMO_SHOP } from "@argine/db/seed";
import { testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_BILLING } from "../../../../test/checkout.ts";
import { demoTokens, type IdentityServer, randomIp, startIdentityServer } from "../../../../test/identity.ts";
import { pdfText } from "../../../../test/pdf-text.ts";
import { paymentMethod } from "../../../../test/sandbox.ts";
import { hashToken } from "../../../identity/link-tokens.ts";
import { documentLinkToken, hashLegacyDocumentLinks } from "../../../invoice/invoice-service.ts";

// The money documents through the real routes and the payment sandbox (ADR 016): what a client downloads
// after paying, what the file says, and how a link answers once unknown or too old.

/** "1.234,50 €" → 123450 cents. */
const cents = (amount: string) => Math.round(Number(amount.replace(/[.\s€]/g, "").replace(",", ".")) * 100);
const AMOUNT = String.raw`(\d{1,3}(?:\.\d{3})*,\d{2} €)`;

describe.each(testDbKinds())("the money documents on %s", (kind) => {
  let s: IdentityServer;
  let client = "";
  let clientId = "";

  beforeAll(async () => {
    s = await startIdentityServer(kind);
    client = (await demoTokens(s)).client;
    clientId = (await findUserByEmail(s.handle.db, "cliente@demo.argine.it"))?.id as string;
  });
  afterAll(() => s.close());

  let n = 0;
  const newPractice = async () => {
    const [row] = await s.handle.db
      .insert(practices)
      .values({ ticketCode: `AR-DOC${kind.slice(0, 2)}${++n}`, ownerId: clientId })
      .returning();
    return row as typeof practices.$inferSelect;
  };
  const buy = async (items: string[], extra: Record<string, unknown> = {}, card = true) => {
    const practice = await newPractice();
    const res = await fetch(`${s.base}/v1/orders`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${client}`,
        "content-type": "application/json",
        "x-forwarded-for": randomIp(),
      },
      body: JSON.stringify({
        practiceId: practice.id,
        items,
        invoice: TEST_BILLING,
        salesConditionsAccepted: true,
        withdrawalWaiverAccepted: true,
        idempotencyKey: randomUUID(),
        ...(card && {
          payment: {
            type: "STRIPE",
            code: JSON.stringify({ payment_method_id: await paymentMethod(s.app.deps, "succeeds") }),
          },
        }),
        ...extra,
      }),
    });
    const body = (await res.json()) as OrderResponse;
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body.order as Order;
  };
  const download = (url: string) => fetch(url, { headers: { "x-forwarded-for": randomIp() } });
  const pdfOf = async (url: string) => {
    const res = await download(url);
    expect(res.status).toBe(200);
    return pdfText(new Uint8Array(await res.arrayBuffer()));
  };
  const invoiceOf = async (orderId: string) =>
    (await s.handle.db.select().from(invoices).where(eq(invoices.orderId, orderId)))[0];

  it("issues the invoice and the receipt of a card payment, linked from the order and downloaded as PDF", async () => {
    const order = await buy(["TAKEDOWN"]);
    expect(order.invoiceUrl).toMatch(new RegExp(`^${s.base}/v1/orders/invoice\\?token=[\\w-]{43}$`));
    expect(order.receiptUrl).toMatch(new RegExp(`^${s.base}/v1/orders/receipt\\?token=[\\w-]{43}$`));
    const listed = (await (
      await fetch(`${s.base}/v1/orders`, { headers: { authorization: `Bearer ${client}` } })
    ).json()) as OrderList;
    expect(listed.data.find((o) => o.id === order.id)).toMatchObject({
      invoiceUrl: order.invoiceUrl,
      receiptUrl: order.receiptUrl,
      creditNotes: [],
    });

    const stored = await invoiceOf(order.id);
    const today = romeCalendarDay(new Date());
    expect(stored).toMatchObject({
      year: Number(today.slice(0, 4)),
      totalCents: 9900,
      taxableCents: 8115,
      vatCents: 1785,
      cardCents: 9900,
      giftCardCents: 0,
      customer: { name: "Giulia Esposito", email: "cliente@demo.argine.it", billing: TEST_BILLING },
      seller: { vatNumber: "01234567897", name: "Argine S.r.l. (dati di esempio)" },
    });

    const res = await download(order.invoiceUrl as string);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="fattura-${stored?.year}-${stored?.number}.pdf"`,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    const day = today.split("-").reverse().join("/");
    expect(text).toContain(`Fattura n. ${stored?.year}/${stored?.number} del ${day}`);
    expect(text).toContain("P.IVA 01234567897");
    expect(text).toContain("REA RM-1234567 - Capitale sociale 13.500,00 € interamente versato");
    expect(text).toContain("Giulia Esposito Codice fiscale RSSMRA85T10A562S Via Roma 1 00184 Roma (RM)");
    expect(text).toContain("Takedown 81,15 € 17,85 € 99,00 €");
    expect(text).toContain("Aliquota 22 %: imponibile 81,15 €, imposta 17,85 €");
    expect(text).toContain("Totale 99,00 € (IVA inclusa)");
    expect(text).toContain("Carta di pagamento: 99,00 €");
    expect(text).not.toContain("Gift card");

    const receipt = await pdfOf(order.receiptUrl as string);
    expect(receipt).toContain("Ricevuta di pagamento");
    expect(receipt).toContain(`Ordine del ${day} per la pratica ${order.ticketCode}`);
    expect(receipt).toContain("Importo pagato 99,00 €");
    expect(receipt).toContain("Carta di pagamento: 99,00 €");
  });

  it("invoices a gift-card order at the full price, the gift card as its means of payment", async () => {
    const order = await buy(["INJUCTION"], { giftCardCode: DEMO_SHOP.giftCard }, false);
    expect(order).toMatchObject({ paymentType: "GIFT_CARD", amount: 199, giftCardAmount: 199 });
    expect(await invoiceOf(order.id)).toMatchObject({
      totalCents: 19900,
      giftCardCents: 19900,
      cardCents: 0,
    });
    const text = await pdfOf(order.invoiceUrl as string);
    expect(text).toContain("Totale 199,00 € (IVA inclusa)");
    expect(text).toContain("Gift card (buono multiuso): 199,00 €");
    expect(text).not.toContain("Carta di pagamento");
    expect(await pdfOf(order.receiptUrl as string)).toContain("Gift card (buono multiuso): 199,00 €");
  });

  it("issues nothing for an order a campaign paid entirely", async () => {
    await s.handle.db.insert(campaigns).values({
      code: `TUTTO-DOCUMENTI-${kind}`,
      name: "Tutto",
      sponsor: "Sponsor",
      coveragePercent: 100,
      productCodes: ["TAKEDOWN"],
      budgetCents: 100000,
      sortOrder: 0,
    });
    try {
      const order = await buy(["TAKEDOWN"], {}, false);
      expect(order).toMatchObject({ paymentType: "CAMPAIGN", amount: 0 });
      expect(order).toMatchObject({ invoiceUrl: null, receiptUrl: null, creditNotes: [] });
      expect(await invoiceOf(order.id)).toBeUndefined();
      expect(await s.handle.db.select().from(receipts).where(eq(receipts.orderId, order.id))).toEqual([]);
    } finally {
      await s.handle.db
        .update(campaigns)
        .set({ active: false })
        .where(eq(campaigns.code, `TUTTO-DOCUMENTI-${kind}`));
    }
  });

  it("prints amounts that add up: the lines to the VAT summary, the summary to the total paid", async () => {
    const order = await buy(["LEGALIZATION", "TAKEDOWN", "INJUCTION"]);
    const text = await pdfOf(order.invoiceUrl as string);
    const lines = order.lines.map((line) => {
      const match = new RegExp(`${line.name} ${AMOUNT} ${AMOUNT} ${AMOUNT}`).exec(text);
      expect(match, line.name).not.toBeNull();
      const [taxable, vat, gross] = (match as RegExpExecArray).slice(1).map((a) => cents(a as string));
      expect((taxable as number) + (vat as number)).toBe(gross);
      return { taxable: taxable as number, vat: vat as number, gross: gross as number };
    });
    const summary = new RegExp(`Aliquota 22 %: imponibile ${AMOUNT}, imposta ${AMOUNT}`).exec(text);
    const total = new RegExp(`Totale ${AMOUNT} \\(IVA inclusa\\)`).exec(text);
    const sum = (key: "taxable" | "vat" | "gross") => lines.reduce((acc, line) => acc + line[key], 0);
    expect(cents(summary?.[1] as string)).toBe(sum("taxable"));
    expect(cents(summary?.[2] as string)).toBe(sum("vat"));
    expect(cents(total?.[1] as string)).toBe(sum("gross"));
    expect(sum("gross")).toBe(Math.round(order.amount * 100));
  });

  it("answers 404 for an unknown token and 410, with how to get a copy, after a year", async () => {
    const unknown = await download(`${s.base}/v1/orders/invoice?token=${"x".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe(MESSAGES.notFound);

    const order = await buy(["TAKEDOWN"]);
    const stored = await invoiceOf(order.id);
    const aYearAgo = new Date(Date.now() - 366 * 86_400_000);
    await s.handle.db.update(invoices).set({ issuedAt: aYearAgo }).where(eq(invoices.orderId, order.id));
    await s.handle.db.update(receipts).set({ issuedAt: aYearAgo }).where(eq(receipts.orderId, order.id));
    for (const url of [order.invoiceUrl, order.receiptUrl] as string[]) {
      const gone = await download(url);
      expect(gone.status).toBe(410);
      expect(((await gone.json()) as { message: string }).message).toBe(
        "Questo documento non è più disponibile. Scrivici e te ne mandiamo una copia.",
      );
    }
    // A day short of the year, it is still there.
    const almost = new Date(Date.now() - 364 * 86_400_000);
    await s.handle.db
      .update(invoices)
      .set({ issuedAt: almost })
      .where(eq(invoices.id, stored?.id as string));
    expect((await download(order.invoiceUrl as string)).status).toBe(200);
  });

  it("keeps only the hash of each link's token: a read of the database hands out no working link", async () => {
    const order = await buy(["TAKEDOWN"]);
    const tokenOf = (url: string | null) => new URL(url as string).searchParams.get("token") as string;
    const invoiceToken = tokenOf(order.invoiceUrl);
    const receiptToken = tokenOf(order.receiptUrl);
    const [invoice] = await s.handle.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const [receipt] = await s.handle.db.select().from(receipts).where(eq(receipts.orderId, order.id));
    for (const [row, token] of [
      [invoice, invoiceToken],
      [receipt, receiptToken],
    ] as const) {
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row?.tokenHash).toBe(hashToken(token));
    }
    expect((await download(order.invoiceUrl as string)).status).toBe(200);
    expect((await download(order.receiptUrl as string)).status).toBe(200);
    // What the database holds is no link; nor is another document's token, nor a token one character off.
    const wrong = [
      `invoice?token=${invoice?.tokenHash}`,
      `receipt?token=${receipt?.tokenHash}`,
      `invoice?token=${receiptToken}`,
      `invoice?token=${invoiceToken.slice(0, -1)}${invoiceToken.endsWith("A") ? "B" : "A"}`,
    ];
    for (const path of wrong) expect((await download(`${s.base}/v1/orders/${path}`)).status, path).toBe(404);
  });

  it("gives a document issued while links were stored in clear a link of its own at start", async () => {
    const order = await buy(["TAKEDOWN"]);
    // What the migration that dropped the clear tokens leaves: no hash yet.
    await s.handle.db.update(invoices).set({ tokenHash: null }).where(eq(invoices.orderId, order.id));
    expect((await download(order.invoiceUrl as string)).status).toBe(404);
    expect(await hashLegacyDocumentLinks(s.app.deps)).toBe(1);
    const listed = (await (
      await fetch(`${s.base}/v1/orders`, { headers: { authorization: `Bearer ${client}` } })
    ).json()) as OrderList;
    const url = listed.data.find((o) => o.id === order.id)?.invoiceUrl as string;
    expect(url).toBe(order.invoiceUrl);
    expect((await download(url)).status).toBe(200);
    expect(await hashLegacyDocumentLinks(s.app.deps)).toBe(0);
  });

  it("serves a refund's credit note and receipt, and lists the credit note with its order", async () => {
    const order = await buy(["TAKEDOWN", "INJUCTION"]);
    const invoice = await invoiceOf(order.id);
    // Helper C's refunds create these rows; here they are written as a refund of the takedown would.
    const [refund] = await s.handle.db
      .insert(refunds)
      .values({ orderId: order.id, reason: "STAFF", amountCents: 9900, cardCents: 9900, status: "SUCCEEDED" })
      .returning();
    const line = invoice?.lines.find((l) => l.productCode === "TAKEDOWN");
    const noteId = randomUUID();
    const token = documentLinkToken(s.app.deps.config.documentLinkKey, "creditNote", noteId);
    await s.handle.db.insert(creditNotes).values({
      id: noteId,
      tokenHash: hashToken(token),
      invoiceId: invoice?.id as string,
      refundId: refund?.id as string,
      year: invoice?.year as number,
      number: 1,
      issuedAt: new Date(),
      seller: invoice?.seller as NonNullable<typeof invoice>["seller"],
      customer: invoice?.customer as NonNullable<typeof invoice>["customer"],
      lines: line ? [line] : [],
      taxableCents: line?.taxableCents as number,
      vatCents: line?.vatCents as number,
      totalCents: 9900,
    });
    const receiptId = randomUUID();
    const receiptToken = documentLinkToken(s.app.deps.config.documentLinkKey, "receipt", receiptId);
    await s.handle.db.insert(receipts).values({
      id: receiptId,
      tokenHash: hashToken(receiptToken),
      orderId: order.id,
      refundId: refund?.id as string,
      issuedAt: new Date(),
      amountCents: 9900,
    });

    const listed = (await (
      await fetch(`${s.base}/v1/orders`, { headers: { authorization: `Bearer ${client}` } })
    ).json()) as OrderList;
    const url = `${s.base}/v1/orders/credit-note?token=${token}`;
    expect(listed.data.find((o) => o.id === order.id)).toMatchObject({
      receiptUrl: order.receiptUrl,
      creditNotes: [{ number: `NC-${invoice?.year}/1`, url }],
    });

    const res = await download(url);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="nota-di-credito-nc-${invoice?.year}-1.pdf"`,
    );
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain(`Nota di credito n. NC-${invoice?.year}/1`);
    expect(text).toContain(`Rettifica la fattura n. ${invoice?.year}/${invoice?.number}`);
    expect(text).toContain("sono restituiti al cliente");
    expect(text).toContain("Takedown 81,15 € 17,85 € 99,00 €");
    expect(text).toContain("Totale restituito 99,00 € (IVA inclusa)");
    expect(text).not.toContain("Diffida");

    const refundReceipt = await pdfOf(`${s.base}/v1/orders/receipt?token=${receiptToken}`);
    expect(refundReceipt).toContain("Ricevuta di rimborso");
    expect(refundReceipt).toContain("Importo restituito 99,00 €");
  });
});
