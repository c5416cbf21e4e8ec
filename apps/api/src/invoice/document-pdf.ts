import { countryName, ITALY } from "@argine/core/billing/countries";
import type {
  CompanyData,
  DocumentCustomer,
  DocumentLine,
  MoneyDocument,
} from "@argine/core/invoice/documents";
import { formatShortItalianDay, romeCalendarDay } from "@argine/core/shared/calendar";
import { withDayArticle } from "@argine/core/shared/italian-grammar";
import { formatAmount, fromCents } from "@argine/core/shared/money";
import { BODY_SIZE, styledPdf } from "../pdf/pdf-document.ts";

// The money documents as PDF (ADR 016), in the product's one PDF style (pdf/pdf-document.ts): the invoice
// and the credit note share a layout (seller, customer, lines, VAT summary, total, means of payment); the
// receipt is a short statement of one payment or refund. Amounts "1.234,50 €", dates as in Rome.

export interface ReceiptDocument {
  /** A payment's receipt, or a refund's money going back. */
  kind: "PAYMENT" | "REFUND";
  issuedAt: Date;
  seller: CompanyData;
  orderId: string;
  ticketCode: string;
  orderDate: Date;
  amountCents: number;
  cardCents: number;
  giftCardCents: number;
}

const euro = (cents: number) => formatAmount(fromCents(cents));
export const italianDay = (instant: Date) => formatShortItalianDay(romeCalendarDay(instant));

/** The means of payment in words: a gift card pays like the card does, it is no discount. */
function meansOfPayment(cardCents: number, giftCardCents: number): string[] {
  return [
    ...(cardCents > 0 ? [`Carta di pagamento: ${euro(cardCents)}`] : []),
    ...(giftCardCents > 0 ? [`Gift card (buono multiuso): ${euro(giftCardCents)}`] : []),
  ];
}

function sellerLines(seller: CompanyData): string[] {
  return [
    seller.name,
    `${seller.address}, ${seller.zip} ${seller.city} (${seller.province})`,
    `P.IVA ${seller.vatNumber} - Codice fiscale ${seller.taxCode}`,
    `REA ${seller.rea.office}-${seller.rea.number} - Capitale sociale ${euro(seller.shareCapitalCents)} interamente versato`,
    seller.pec ? `${seller.email} - PEC ${seller.pec}` : seller.email,
  ];
}

function customerLines({ name, email, billing }: DocumentCustomer): string[] {
  const place = [billing.zip, billing.city, billing.province ? `(${billing.province})` : ""]
    .filter(Boolean)
    .join(" ");
  return [
    name,
    `Codice fiscale ${billing.taxCode}`,
    billing.address,
    billing.country === ITALY ? place : `${place} - ${countryName(billing.country)}`,
    email,
  ];
}

/** Per VAT rate, highest first: what the lines add up to (core breakOutVat made them add up). */
export function vatSummary(lines: readonly DocumentLine[]) {
  const rates = [...new Set(lines.map((line) => line.vatRate))].sort((a, b) => b - a);
  return rates.map((vatRate) => {
    const of = lines.filter((line) => line.vatRate === vatRate);
    return {
      vatRate,
      taxableCents: of.reduce((sum, line) => sum + line.taxableCents, 0),
      vatCents: of.reduce((sum, line) => sum + line.vatCents, 0),
    };
  });
}

/** The invoice ("Fattura") or the credit note ("Nota di credito") as a PDF. */
export function renderMoneyDocumentPdf(document: MoneyDocument): Promise<Buffer> {
  const creditNote = document.kind === "CREDIT_NOTE";
  const name = creditNote ? "Nota di credito" : "Fattura";
  const pdf = styledPdf({ title: `${name} n. ${document.number}` });
  const { doc } = pdf;
  pdf.title(name);
  pdf.paragraph(`${name} n. ${document.number} ${withDayArticle("del", italianDay(document.issuedAt))}`);
  if (creditNote && document.relatedInvoice) {
    const invoice = document.relatedInvoice;
    pdf.paragraph(
      `Rettifica la fattura n. ${invoice.number} ${withDayArticle("del", italianDay(invoice.issuedAt))}. Gli importi che seguono ` +
        "sono restituiti al cliente: si sottraggono a quelli della fattura.",
    );
  }

  pdf.heading("Fornitore", 11);
  for (const line of sellerLines(document.seller)) pdf.paragraph(line);
  pdf.heading("Cliente", 11);
  for (const line of customerLines(document.customer)) pdf.paragraph(line);

  pdf.heading(creditNote ? "Servizi rettificati" : "Servizi", 11);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const amountWidth = 85;
  const descriptionWidth = width - 3 * amountWidth;
  const row = (cells: [string, string, string, string], font: "body" | "bold") => {
    doc.font(font).fontSize(BODY_SIZE);
    const y = doc.y;
    doc.text(cells[0], left, y, { width: descriptionWidth - 8 });
    const bottom = doc.y;
    cells.slice(1).forEach((cell, index) => {
      doc.text(cell, left + descriptionWidth + index * amountWidth, y, {
        width: amountWidth,
        align: "right",
      });
    });
    doc.x = left;
    doc.y = Math.max(bottom, doc.y) + 4;
  };
  const rates = [...new Set(document.lines.map((line) => line.vatRate))];
  row(["Descrizione", "Imponibile", rates.length === 1 ? `IVA ${rates[0]} %` : "IVA", "Totale"], "bold");
  for (const line of document.lines) {
    const description = rates.length === 1 ? line.description : `${line.description} (IVA ${line.vatRate} %)`;
    row([description, euro(line.taxableCents), euro(line.vatCents), euro(line.grossCents)], "body");
  }

  pdf.heading("Riepilogo IVA", 11);
  for (const rate of vatSummary(document.lines)) {
    pdf.paragraph(
      `Aliquota ${rate.vatRate} %: imponibile ${euro(rate.taxableCents)}, imposta ${euro(rate.vatCents)}`,
    );
  }
  pdf.heading(
    `${creditNote ? "Totale restituito" : "Totale"} ${euro(document.totalCents)} (IVA inclusa)`,
    13,
  );
  pdf.heading(creditNote ? "Come è restituito" : "Pagamento", 11);
  for (const line of meansOfPayment(document.cardCents, document.giftCardCents)) pdf.paragraph(line);
  if (document.giftCardCents > 0) {
    pdf.paragraph(
      "La gift card è un buono multiuso (art. 6-bis e seguenti del DPR 633/1972): è un mezzo di pagamento, " +
        "non uno sconto, e l'IVA è dovuta sul prezzo intero dei servizi.",
    );
  }
  return pdf.finish();
}

/** "Ricevuta di pagamento" or "Ricevuta di rimborso" as a PDF. */
export function renderReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  const refund = receipt.kind === "REFUND";
  const name = refund ? "Ricevuta di rimborso" : "Ricevuta di pagamento";
  const pdf = styledPdf({ title: `${name} - ordine della pratica ${receipt.ticketCode}` });
  pdf.title(name);
  pdf.paragraph(`Emessa ${withDayArticle("il", italianDay(receipt.issuedAt))}`);
  pdf.heading("Fornitore", 11);
  for (const line of sellerLines(receipt.seller)) pdf.paragraph(line);
  pdf.heading("Ordine", 11);
  pdf.paragraph(
    `Ordine ${withDayArticle("del", italianDay(receipt.orderDate))} per la pratica ${receipt.ticketCode}`,
  );
  pdf.paragraph(`Riferimento ${receipt.orderId}`);
  pdf.heading(`${refund ? "Importo restituito" : "Importo pagato"} ${euro(receipt.amountCents)}`, 13);
  pdf.heading(refund ? "Come è restituito" : "Come è stato pagato", 11);
  for (const line of meansOfPayment(receipt.cardCents, receipt.giftCardCents)) pdf.paragraph(line);
  pdf.paragraph(
    refund
      ? "Il rimborso sulla carta arriva nei tempi della tua banca; quello sulla gift card torna subito nel suo saldo."
      : "Questa ricevuta attesta il pagamento. La fattura dell'ordine è un documento a parte, che trovi tra i tuoi ordini.",
  );
  return pdf.finish();
}
