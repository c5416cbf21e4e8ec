import type { CompanyData, DocumentLine, MoneyDocument } from "@argine/core/invoice/documents";
import { breakOutVat } from "@argine/core/invoice/vat";
import { describe, expect, it } from "vitest";
import { fatturaPaSchemaErrors } from "../../test/fatturapa-schema.ts";
import { fatturaPaFileName, fatturaPaProgressive, fatturaPaXml } from "./fatturapa.ts";

const SELLER: CompanyData = {
  name: "Argine S.r.l. (dati di esempio)",
  address: "Via dell'Esempio 1",
  zip: "00100",
  city: "Roma",
  province: "RM",
  country: "IT",
  vatNumber: "12345678903",
  taxCode: "12345678903",
  rea: { office: "RM", number: "1234567" },
  shareCapitalCents: 1_000_000,
  taxRegime: "RF01",
  email: "amministrazione@argine.example",
  pec: null,
};

function lines(...items: [string, string, number][]): DocumentLine[] {
  const split = breakOutVat(items.map(([, , grossCents]) => ({ grossCents, vatRate: 22 })));
  return items.map(([productCode, description, grossCents], index) => ({
    productCode,
    description,
    grossCents,
    vatRate: 22,
    taxableCents: split.lines[index]?.taxableCents ?? 0,
    vatCents: split.lines[index]?.vatCents ?? 0,
  }));
}

const INVOICE: MoneyDocument = {
  kind: "INVOICE",
  number: "2026/17",
  issuedAt: new Date("2026-11-24T23:30:00Z"),
  seller: SELLER,
  customer: {
    name: "Giulia Bianchi",
    email: "giulia@example.com",
    billing: {
      taxCode: "BNCGLI90A41H501X",
      address: "Via Roma 10",
      zip: "20121",
      city: "Milano",
      province: "MI",
      country: "IT",
    },
  },
  lines: lines(["TAKEDOWN", "Rimozione contenuti", 9_900], ["INJUCTION", "Diffida", 14_900]),
  totalCents: 24_800,
  cardCents: 14_800,
  giftCardCents: 10_000,
};

describe("FatturaPA XML", () => {
  it("an invoice to a consumer is valid against the official schema", async () => {
    const xml = fatturaPaXml(INVOICE, fatturaPaProgressive("INVOICE", 2026, 17));
    expect(await fatturaPaSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain("<FormatoTrasmissione>FPR12</FormatoTrasmissione>");
    expect(xml).toContain("<CodiceDestinatario>0000000</CodiceDestinatario>");
    expect(xml).toContain("<CodiceFiscale>BNCGLI90A41H501X</CodiceFiscale>");
    expect(xml).toContain("<TipoDocumento>TD01</TipoDocumento>");
    // The day in Italy: 23:30 UTC on the 24th is already the 25th in Rome.
    expect(xml).toContain("<Data>2026-11-25</Data>");
    expect(xml).toContain("<ImportoTotaleDocumento>248.00</ImportoTotaleDocumento>");
    // 248,00 € VAT included = 203,28 taxable + 44,72 VAT, and the lines' taxable add up to it.
    expect(xml).toContain("<ImponibileImporto>203.28</ImponibileImporto><Imposta>44.72</Imposta>");
    const lineTotals = [...xml.matchAll(/<PrezzoTotale>([\d.]+)<\/PrezzoTotale>/g)].map((m) => Number(m[1]));
    expect(Math.round(lineTotals.reduce((a, b) => a + b, 0) * 100)).toBe(20_328);
    // The gift card is a means of payment beside the card, not a discount.
    expect(xml).toContain(
      "<ImportoPagamento>148.00</ImportoPagamento><CodicePagamento>CARTA</CodicePagamento>",
    );
    expect(xml).toContain(
      "<ImportoPagamento>100.00</ImportoPagamento><CodicePagamento>GIFT CARD</CodicePagamento>",
    );
  });

  it("a credit note (TD04) names the invoice it corrects and is valid", async () => {
    const xml = fatturaPaXml(
      {
        ...INVOICE,
        kind: "CREDIT_NOTE",
        number: "NC-2026/3",
        lines: INVOICE.lines.slice(0, 1),
        totalCents: 9_900,
        cardCents: 9_900,
        giftCardCents: 0,
        relatedInvoice: { number: "2026/17", issuedAt: new Date("2026-11-20T10:00:00Z") },
      },
      fatturaPaProgressive("CREDIT_NOTE", 2026, 3),
    );
    expect(await fatturaPaSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain("<TipoDocumento>TD04</TipoDocumento>");
    expect(xml).toContain(
      "<DatiFattureCollegate><IdDocumento>2026/17</IdDocumento><Data>2026-11-20</Data></DatiFattureCollegate>",
    );
  });

  it("a foreign address, long and non-Latin-1 text and XML characters still make a valid file", async () => {
    const xml = fatturaPaXml(
      {
        ...INVOICE,
        customer: {
          name: "Łucja O’Brien & «Søren» Müller 李",
          email: "lucja@example.com",
          billing: {
            taxCode: "BNCGLI90A41H501X",
            address: `Rue de l’Église 5 <bis> ${"x".repeat(120)}`,
            zip: "75001",
            city: "Paris",
            province: "Île-de-France",
            country: "FR",
          },
        },
      },
      "A1",
    );
    expect(await fatturaPaSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain("Lucja O&apos;Brien &amp; «Søren» Müller ?");
    expect(xml).toContain("<CAP>00000</CAP><Comune>Paris</Comune><Nazione>FR</Nazione>");
  });

  it("the schema check catches a broken file, so a pass means something", async () => {
    const xml = fatturaPaXml(INVOICE, "A1").replace("<Divisa>EUR</Divisa>", "");
    expect(await fatturaPaSchemaErrors(xml)).not.toEqual([]);
  });

  it("refuses lines that do not add up to the total", () => {
    expect(() => fatturaPaXml({ ...INVOICE, totalCents: 24_801 }, "A1")).toThrow(RangeError);
  });

  it("names the file after the seller and a progressive unique per series, year and number", () => {
    const names = new Set(
      (["INVOICE", "CREDIT_NOTE"] as const).flatMap((series) =>
        [2026, 2027].flatMap((year) =>
          [1, 2, 999_999].map((number) => fatturaPaProgressive(series, year, number)),
        ),
      ),
    );
    expect(names.size).toBe(12);
    for (const progressive of names) expect(progressive).toMatch(/^[A-Z0-9]{5}$/);
    expect(fatturaPaFileName(SELLER, "0A1B2")).toBe("IT12345678903_0A1B2.xml");
  });
});
