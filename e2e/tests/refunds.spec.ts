import { readFile } from "node:fs/promises";
import { SANDBOX_TEST_CARDS } from "@argine/core/payments/sandbox-api";
import { expect } from "@playwright/test";
import { checkoutBody } from "../../apps/api/test/checkout.ts";
import { fatturaPaSchemaErrors } from "../../apps/api/test/fatturapa-schema.ts";
import { pdfText } from "../../apps/api/test/pdf-text.ts";
import { newPractice, shoot, signInWithBearer, test } from "../shop.ts";
import { expectAccessible, signIn } from "../support.ts";

// Staff refund one service of a paid order from the case page; the client sees it
// refunded on the orders page and on the case page (the service "annullato"), and downloads the credit note,
// whose FatturaPA file (TD04, naming the invoice it corrects) is valid against the official schema.

test("a lawyer refunds the formal notice of a paid order, and the client sees it refunded", async ({
  page,
  browser,
  shopClient,
}, testInfo) => {
  test.slow();
  // The client's order, paid through the API as the checkout sends it: takedown and formal notice.
  const authorization = await signInWithBearer(page, shopClient.email, shopClient.password);
  const { ticketCode, practiceId } = await newPractice(page, authorization);
  const number = SANDBOX_TEST_CARDS.find((card) => card.scenario === "succeeds")?.number ?? "";
  const method = await page.request.post("/v1/sandbox/payment-methods", {
    data: { number, expMonth: 12, expYear: 2034, cvc: "123" },
  });
  expect(method.status(), await method.text()).toBe(201);
  const bought = await page.request.post("/v1/orders", {
    headers: { authorization },
    data: checkoutBody(practiceId, ["TAKEDOWN", "INJUCTION"], {
      payment: { type: "STRIPE", code: JSON.stringify({ payment_method_id: (await method.json()).id }) },
    }),
  });
  expect(bought.status(), await bought.text()).toBe(200);

  // The lawyer, on the case page: the order and its services, "Rimborsa" for the formal notice, the dialog.
  const staff = await browser.newContext();
  const lawyer = await staff.newPage();
  await signIn(lawyer, "avvocato@demo.argine.it");
  await lawyer.goto(`/dashboard/practices/case/${ticketCode}`);
  const orders = lawyer.getByRole("region", { name: "Ordini e rimborsi" });
  const order = orders.getByRole("article");
  await expect(order).toContainText("Takedown");
  await expect(order).toContainText("Diffida");
  await order.getByRole("button", { name: "Rimborsa Diffida" }).click();
  const dialog = lawyer.getByRole("dialog", { name: "Confermi il rimborso?" });
  await expect(dialog).toContainText("Rimborsiamo Diffida: 199,00 €");
  await dialog.getByLabel(/^Motivo/).selectOption({ label: "rimborso deciso dallo staff" });
  await dialog.getByLabel(/^Nota interna/).fill("Il cliente ha risolto con la piattaforma.");
  await expectAccessible(dialog);
  await shoot(lawyer, testInfo, "refund-1-dialog");
  await dialog.getByRole("button", { name: "Conferma il rimborso" }).click();
  await expect(lawyer.getByText("Rimborso eseguito: Diffida.")).toBeVisible();
  await expect(order).toContainText("rimborsato in parte");
  await expect(order.getByRole("button", { name: "Rimborsa Diffida" })).toHaveCount(0);
  await expect(order.getByRole("button", { name: "Rimborsa Takedown" })).toBeVisible();
  await expectAccessible(orders);
  await shoot(lawyer, testInfo, "refund-2-staff-after");
  await staff.close();

  // The client: the orders page shows the refunded service and amount; the case page, the service cancelled.
  await page.goto("/dashboard/orders");
  const mine = page.getByRole("article").filter({ has: page.getByRole("link", { name: ticketCode }) });
  await expect(mine).toContainText("rimborsato in parte");
  await expect(mine).toContainText("DiffidaRimborsato 199,00 €");
  await expect(mine.locator("dt:text-is('Rimborsato') + dd")).toHaveText("199,00 €");
  // The invoice of the whole order stays; the credit note gives back the formal notice's part.
  const invoiceLink = mine.getByRole("link", { name: "Scarica la fattura" });
  const noteLink = mine.getByRole("link", { name: /^Scarica la nota di credito NC-\d{4}\/\d+$/ });
  await expect(invoiceLink).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), noteLink.click()]);
  const note = await pdfText(new Uint8Array(await readFile(await download.path())));
  expect(note).toMatch(/Nota di credito n\. NC-\d{4}\/\d+ del \d{2}\/\d{2}\/\d{4}/);
  expect(note).toContain("Codice fiscale RSSMRA85T10A562S");
  expect(note).toContain("Diffida 163,11 € 35,89 € 199,00 €");
  const xml = await (await page.request.get(`${await noteLink.getAttribute("href")}&format=xml`)).text();
  expect(xml).toContain("<TipoDocumento>TD04</TipoDocumento>");
  expect(xml).toContain("<ImportoTotaleDocumento>199.00</ImportoTotaleDocumento>");
  const invoicePdf = await page.request.get((await invoiceLink.getAttribute("href")) ?? "");
  const invoiceNumber = /Fattura n\. (\d{4}\/\d+)/.exec(
    await pdfText(new Uint8Array(await invoicePdf.body())),
  )?.[1];
  expect(xml).toContain(`<DatiFattureCollegate><IdDocumento>${invoiceNumber}</IdDocumento>`);
  expect(await fatturaPaSchemaErrors(xml)).toEqual([]);
  await expectAccessible(page);
  await shoot(page, testInfo, "refund-3-client-orders");
  await mine.getByRole("link", { name: ticketCode }).click();
  await expect(
    page.getByText(/Il servizio è stato annullato e quanto avevi pagato ti è stato rimborsato/),
  ).toBeVisible();
  await shoot(page, testInfo, "refund-4-client-case");
});
