import { ITALY } from "@argine/core/billing/countries";
import type {
  CompanyData,
  DocumentCustomer,
  DocumentSeries,
  MoneyDocument,
} from "@argine/core/invoice/documents";
import { breakOutVat } from "@argine/core/invoice/vat";
import { romeCalendarDay } from "@argine/core/shared/calendar";
import { escapeXml } from "../xml.ts";

// An invoice (TD01) or credit note (TD04) as FatturaPA 1.2 XML for the accountant (ADR 016): the private
// format (FPR12), to a consumer (B2C: CodiceDestinatario "0000000", the customer's codice fiscale). The
// product does not send it to SdI; the accountant's export (admin) zips these files. Checked against the
// official Schema_1.2.1.xsd in fatturapa.test.ts.
//
// The schema's rules this follows, beyond its element order:
// - text is Latin-1 only (String…LatinType) and of bounded length: other characters are spelled in Latin-1
//   (à stays, "ł" becomes "l", "’" becomes "'", anything else "?"), and long texts are cut;
// - amounts have two decimals and a dot; each rate's ImponibileImporto is the sum of its lines' PrezzoTotale
//   and its Imposta the rest of the rate's gross (core breakOutVat: within a cent of taxable × rate);
// - a CAP is five digits: a foreign address sends "00000" and no province, as the Agenzia's guide asks;
// - a credit note's amounts are positive: TD04 says they go back.

const NAMESPACE = "http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2";
/** Payment by card (MP08, "carta di pagamento"): the card and the gift card, told apart by CodicePagamento. */
const PAID_BY_CARD = "MP08";

/** What NFD cannot take apart: letters of their own and typographic punctuation. */
const SPELLED: Record<string, string> = {
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Œ: "OE",
  œ: "oe",
  ı: "i",
  "‘": "'",
  "’": "'",
  "“": '"',
  "”": '"',
  "–": "-",
  "—": "-",
  "…": "...",
  "€": "EUR",
};

/** Latin-1 text the schema accepts, at most `max` characters, escaped for XML. */
function latin(value: string, max: number): string {
  let text = "";
  for (const char of value.normalize("NFC").replace(/\s+/g, " ").trim()) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x20 && code <= 0xff && !(code >= 0x7f && code < 0xa0)) text += char;
    else {
      const base = char.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      text += SPELLED[char] ?? (base.length === 1 && (base.codePointAt(0) ?? 0) <= 0xff ? base : "?");
    }
  }
  const cut = [...text].slice(0, max).join("").trimEnd();
  return escapeXml(cut || "-");
}

/** Cents → "1234.50". */
function amount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount in cents: ${cents}`);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

function element(name: string, content: string | undefined): string {
  return content === undefined ? "" : `<${name}>${content}</${name}>`;
}

function address(place: {
  address: string;
  zip?: string | undefined;
  city: string;
  province?: string | undefined;
  country: string;
}): string {
  const italian = place.country === ITALY;
  return element(
    "Sede",
    element("Indirizzo", latin(place.address, 60)) +
      element("CAP", italian && /^\d{5}$/.test(place.zip ?? "") ? place.zip : "00000") +
      element("Comune", latin(place.city, 60)) +
      (italian && /^[A-Z]{2}$/.test(place.province ?? "") ? element("Provincia", place.province) : "") +
      element("Nazione", place.country),
  );
}

function seller(company: CompanyData): string {
  return element(
    "CedentePrestatore",
    element(
      "DatiAnagrafici",
      element("IdFiscaleIVA", element("IdPaese", "IT") + element("IdCodice", company.vatNumber)) +
        element("CodiceFiscale", company.taxCode) +
        element("Anagrafica", element("Denominazione", latin(company.name, 80))) +
        element("RegimeFiscale", company.taxRegime),
    ) +
      address(company) +
      element(
        "IscrizioneREA",
        element("Ufficio", company.rea.office) +
          element("NumeroREA", latin(company.rea.number, 20)) +
          element("CapitaleSociale", amount(company.shareCapitalCents)) +
          element("StatoLiquidazione", "LN"),
      ) +
      element("Contatti", element("Email", latin(company.email, 256))),
  );
}

function customer({ name, billing }: DocumentCustomer): string {
  return element(
    "CessionarioCommittente",
    element(
      "DatiAnagrafici",
      element("CodiceFiscale", billing.taxCode) +
        // One name field is what the account has: a person's name and surname cannot be told apart reliably.
        element("Anagrafica", element("Denominazione", latin(name, 80))),
    ) + address(billing),
  );
}

function payments(input: MoneyDocument): string {
  const parts = [
    { cents: input.cardCents, code: "CARTA" },
    { cents: input.giftCardCents, code: "GIFT CARD" },
  ].filter((part) => part.cents > 0);
  if (parts.length === 0) return "";
  return element(
    "DatiPagamento",
    element("CondizioniPagamento", "TP02") +
      parts
        .map((part) =>
          element(
            "DettaglioPagamento",
            element("ModalitaPagamento", PAID_BY_CARD) +
              element("DataScadenzaPagamento", romeCalendarDay(input.issuedAt)) +
              element("ImportoPagamento", amount(part.cents)) +
              element("CodicePagamento", part.code),
          ),
        )
        .join(""),
  );
}

/** The FatturaPA file's progressive: 5 letters and digits, unique per series, year and number until 2050. */
export function fatturaPaProgressive(series: DocumentSeries, year: number, number: number): string {
  if (year < 2020 || year > 2050 || number < 1 || number >= 1_000_000)
    throw new RangeError(`No FatturaPA progressive for ${series} ${year}/${number}`);
  const key = ((year - 2020) * 2 + (series === "INVOICE" ? 0 : 1)) * 1_000_000 + number;
  return key.toString(36).toUpperCase().padStart(5, "0");
}

/** The file's name as SdI wants it: the country and the transmitter's VAT number, then the progressive. */
export function fatturaPaFileName(seller: CompanyData, progressive: string): string {
  return `IT${seller.vatNumber}_${progressive}.xml`;
}

export function fatturaPaXml(input: MoneyDocument, progressive: string): string {
  const vat = breakOutVat(input.lines);
  if (vat.totalCents !== input.totalCents)
    throw new RangeError(`The lines add up to ${vat.totalCents}, not the total ${input.totalCents}`);
  const lines = input.lines
    .map((line, index) =>
      element(
        "DettaglioLinee",
        element("NumeroLinea", String(index + 1)) +
          element("Descrizione", latin(line.description, 1000)) +
          element("PrezzoUnitario", amount(line.taxableCents)) +
          element("PrezzoTotale", amount(line.taxableCents)) +
          element("AliquotaIVA", amount(line.vatRate * 100)),
      ),
    )
    .join("");
  const summary = vat.summary
    .map((rate) =>
      element(
        "DatiRiepilogo",
        element("AliquotaIVA", amount(rate.vatRate * 100)) +
          element("ImponibileImporto", amount(rate.taxableCents)) +
          element("Imposta", amount(rate.vatCents)) +
          element("EsigibilitaIVA", "I"),
      ),
    )
    .join("");
  const related = input.relatedInvoice;
  const causale =
    input.kind === "CREDIT_NOTE" && related
      ? `Nota di credito a storno, totale o parziale, della fattura n. ${related.number} del ${romeCalendarDay(related.issuedAt)}`
      : "Servizi di assistenza legale Argine";
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<p:FatturaElettronica versione="FPR12" xmlns:p="${NAMESPACE}">` +
    element(
      "FatturaElettronicaHeader",
      element(
        "DatiTrasmissione",
        element("IdTrasmittente", element("IdPaese", "IT") + element("IdCodice", input.seller.vatNumber)) +
          element("ProgressivoInvio", progressive) +
          element("FormatoTrasmissione", "FPR12") +
          element("CodiceDestinatario", "0000000"),
      ) +
        seller(input.seller) +
        customer(input.customer),
    ) +
    element(
      "FatturaElettronicaBody",
      element(
        "DatiGenerali",
        element(
          "DatiGeneraliDocumento",
          element("TipoDocumento", input.kind === "INVOICE" ? "TD01" : "TD04") +
            element("Divisa", "EUR") +
            element("Data", romeCalendarDay(input.issuedAt)) +
            element("Numero", latin(input.number, 20)) +
            element("ImportoTotaleDocumento", amount(input.totalCents)) +
            element("Causale", latin(causale, 200)),
        ) +
          (related
            ? element(
                "DatiFattureCollegate",
                element("IdDocumento", latin(related.number, 20)) +
                  element("Data", romeCalendarDay(related.issuedAt)),
              )
            : ""),
      ) +
        element("DatiBeniServizi", lines + summary) +
        payments(input),
    ) +
    `</p:FatturaElettronica>\n`
  );
}
