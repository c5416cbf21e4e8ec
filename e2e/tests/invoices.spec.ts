import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { fatturaPaSchemaErrors } from "../../apps/api/test/fatturapa-schema.ts";
import { pdfText } from "../../apps/api/test/pdf-text.ts";
import { buyTakedown, shoot, test } from "../shop.ts";
import { expectAccessible } from "../support.ts";

// After a sandbox purchase the client downloads the invoice and the receipt, from
// payment ok and from the orders page, and the PDFs say what the law asks (number, date, VAT, total, the
// customer's codice fiscale). The FatturaPA XML check is its own test, enabled when the generator lands.

/** Today as the documents print it, in Rome: "24/11/2026". */
const romeToday = () =>
  new Intl.DateTimeFormat("it-IT", {
    timeZone: "Europe/Rome",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(new Date());

/** Clicks a download link and reads the PDF it saves. */
async function downloadedText(page: Page, link: ReturnType<Page["getByRole"]>) {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  return pdfText(new Uint8Array(await readFile(await download.path())));
}

test("after a card purchase the client downloads invoice and receipt from payment ok and from the orders page", async ({
  page,
  shopClient,
}, testInfo) => {
  // A journey: the checkout, then four downloads from two pages.
  test.slow();
  const ticketCode = await buyTakedown(page, shopClient.email, shopClient.password);
  const today = romeToday();

  const invoice = await downloadedText(page, page.getByRole("link", { name: "Scarica la fattura" }));
  const number = /Fattura n\. (\d{4}\/\d+) del (\d{2}\/\d{2}\/\d{4})/.exec(invoice);
  expect(number?.[2]).toBe(today);
  expect(invoice).toContain("Codice fiscale RSSMRA85T10A562S");
  expect(invoice).toContain("Takedown 81,15 € 17,85 € 99,00 €");
  expect(invoice).toContain("IVA 22 %");
  expect(invoice).toContain("Aliquota 22 %: imponibile 81,15 €, imposta 17,85 €");
  expect(invoice).toContain("Totale 99,00 € (IVA inclusa)");
  expect(invoice).toContain("P.IVA 01234567897");

  const receipt = await downloadedText(page, page.getByRole("link", { name: "Scarica la ricevuta" }));
  expect(receipt).toContain("Ricevuta di pagamento");
  expect(receipt).toContain(`Ordine del ${today} per la pratica ${ticketCode}`);
  expect(receipt).toContain("Importo pagato 99,00 €");
  await shoot(page, testInfo, "16-payment-ok-documents");

  // The same documents stay in "I tuoi ordini", on the order of this practice.
  await page.getByRole("link", { name: "Vedi i tuoi ordini" }).click();
  const order = page.getByRole("article").filter({ has: page.getByRole("link", { name: ticketCode }) });
  await expect(order).toHaveCount(1);
  const again = await downloadedText(page, order.getByRole("link", { name: "Scarica la fattura" }));
  expect(again).toContain(`Fattura n. ${number?.[1]} del ${today}`);
  expect(await downloadedText(page, order.getByRole("link", { name: "Scarica la ricevuta" }))).toContain(
    "Importo pagato 99,00 €",
  );
  await expectAccessible(page);
  await shoot(page, testInfo, "16-orders-documents");
});

test("the invoice's FatturaPA XML downloads beside its PDF and is valid against the official schema @desktop", async ({
  page,
  shopClient,
}) => {
  // The checkout first, then the schema check.
  test.slow();
  await buyTakedown(page, shopClient.email, shopClient.password);
  const href = await page.getByRole("link", { name: "Scarica la fattura" }).getAttribute("href");
  const res = await page.request.get(`${href}&format=xml`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/xml");
  expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.xml"$/);
  const xml = await res.text();
  expect(xml).toContain("<CodiceFiscale>RSSMRA85T10A562S</CodiceFiscale>");
  expect(xml).toContain("<TipoDocumento>TD01</TipoDocumento>");
  expect(await fatturaPaSchemaErrors(xml)).toEqual([]);
});
