import { expect, test } from "@playwright/test";
import {
  acceptCheckoutTerms,
  challengeDialog,
  fillCard,
  newPractice,
  pickServices,
  shoot,
  signInWithBearer,
} from "../shop.ts";
import { expectAccessible, expectNoHorizontalOverflow } from "../support.ts";

// The demo client buys takedown and formal notice for a case, with the demo voucher
// and the 3-D Secure card, on a phone and on desktop; every checkout screen is checked with axe and, on the
// phone, never scrolls sideways.

test("the demo client buys takedown and formal notice with the voucher and 3-D Secure, and the case opens", async ({
  page,
}, testInfo) => {
  // A questionnaire, five screens each checked with axe, a card payment: it gets the slow-test time.
  test.slow();
  const authorization = await signInWithBearer(page);
  const { ticketCode } = await newPractice(page, authorization);
  const checkAll = async (name: string) => {
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await shoot(page, testInfo, name);
  };

  // The case page: the available services are cards to tick, then the way to the summary.
  await page.goto(`/dashboard/practices/case/${ticketCode}`);
  await expect(page.getByRole("heading", { level: 1, name: `Pratica ${ticketCode}` })).toBeVisible();
  await expect(page.getByText("Nessun servizio attivo su questa pratica.")).toBeVisible();
  await pickServices(page, ["Takedown", "Diffida"]);
  await expect(page.getByText("2 servizi scelti: 298,00 €, IVA inclusa.")).toBeVisible();
  await checkAll("1-case-picker");
  await page.getByRole("button", { name: "Vai al riepilogo dell'acquisto" }).click();
  await page.waitForURL(`**/dashboard/practices/case/${ticketCode}/add-services`);

  // The summary: the two services, the demo voucher (10% of each discounted price), the total with VAT.
  await expect(page.getByRole("heading", { level: 1, name: "Riepilogo dell'acquisto" })).toBeVisible();
  const totals = page.getByRole("region", { name: "I servizi scelti" });
  await expect(totals.getByRole("button", { name: /^Rimuovi/ })).toHaveText([
    "Rimuovi Takedown",
    "Rimuovi Diffida",
  ]);
  await page.getByLabel(/^Hai un voucher\?/).fill("argine10");
  await page.getByRole("button", { name: "Applica" }).click();
  await expect(page.getByText(/Voucher ARGINE10 applicato: sconto del 10%\./)).toBeVisible();
  await expect(totals.locator("dt:text-is('Voucher ARGINE10') + dd")).toHaveText("− 29,80 €");
  await expect(totals.locator("dt:text-is('Totale (IVA inclusa)') + dd")).toHaveText("268,20 €");

  // The billing data come from the profile; the card, the conditions, and the payment.
  await expect(page.getByLabel(/^Codice fiscale o partita IVA/)).toHaveValue("RSSMRA85T10A562S");
  await fillCard(page, "4000 0027 6000 3184");
  await acceptCheckoutTerms(page);
  await checkAll("2-checkout");
  await page.getByRole("button", { name: "Paga 268,20 €" }).click();

  // The bank's 3-D Secure challenge, in a dialog: the amount, and approving it.
  const dialog = challengeDialog(page);
  await expect(dialog.getByText("Importo: 268,20 €")).toBeVisible();
  await expectAccessible(dialog);
  await shoot(page, testInfo, "3-three-d-secure");
  await dialog.getByRole("button", { name: "Approva" }).click();

  // Payment ok: what was bought, the discount, the total paid.
  await page.waitForURL(`**/dashboard/practices/case/${ticketCode}/add-services/payment/success`);
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento riuscito" })).toBeVisible();
  const bought = page.getByRole("region", { name: "Hai acquistato" });
  await expect(bought.locator("dt:text-is('Totale pagato (IVA inclusa)') + dd")).toHaveText("268,20 €");
  await expect(bought.locator("dt:text-is('Pagamento') + dd")).toHaveText("Carta di credito");
  await checkAll("4-payment-ok");

  // The orders page lists it, with its practice.
  await page.getByRole("link", { name: "Vedi i tuoi ordini" }).click();
  await page.waitForURL("**/dashboard/orders");
  const order = page.getByRole("article").filter({ has: page.getByRole("link", { name: ticketCode }) });
  await expect(order).toContainText("Takedown");
  await expect(order).toContainText("Diffida");
  await expect(order.locator("dt:text-is('Sconti') + dd")).toHaveText("− 29,80 €");
  await expect(order.locator("dt:text-is('Totale pagato (IVA inclusa)') + dd")).toHaveText("268,20 €");
  await checkAll("5-orders");

  // The case page: the practice is open, with the two services bought and no longer on sale.
  await order.getByRole("link", { name: ticketCode }).click();
  await expect(page.getByText("Stato: aperto")).toBeVisible();
  const services = page.locator("ul", { has: page.getByText(/^Takedown/) }).first();
  await expect(services).toContainText("Diffida");
  await expect(page.getByRole("checkbox", { name: /^Takedown\b/ })).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: /^Diffida\b/ })).toHaveCount(0);
  await checkAll("6-case-open");
});

// Issue 39, ADR 041: the checkout's answer lost on the way back (the server paid it, the proxy in front
// answered its HTML 502), the Italian message, the form as it was, and "Paga" again is the same attempt:
// the same idempotency key, one order, paid.
test("a checkout whose answer a proxy lost is paid once when sent again @desktop", async ({
  page,
}, testInfo) => {
  const authorization = await signInWithBearer(page);
  const { ticketCode } = await newPractice(page, authorization);
  await page.goto(`/dashboard/practices/case/${ticketCode}`);
  await pickServices(page, ["Takedown"]);
  await page.getByRole("button", { name: "Vai al riepilogo dell'acquisto" }).click();
  await page.waitForURL(`**/dashboard/practices/case/${ticketCode}/add-services`);
  await fillCard(page, "4242 4242 4242 4242");
  await acceptCheckoutTerms(page);

  const keys: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/v1/orders")
      keys.push((request.postDataJSON() as { idempotencyKey: string }).idempotencyKey);
  });
  // The first order reaches the server, which pays it; its answer is replaced by nginx's page.
  await page.route(
    "**/v1/orders",
    async (route) => {
      await route.fetch();
      await route.fulfill({
        status: 502,
        contentType: "text/html",
        body: "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>",
      });
    },
    { times: 1 },
  );
  const pay = page.getByRole("button", { name: /^Paga / });
  await pay.click();
  await expect(
    page.getByText("Il servizio è momentaneamente non disponibile: riprova fra poco."),
  ).toBeVisible();
  await expect(page.getByLabel(/^Codice fiscale o partita IVA/)).toHaveValue("RSSMRA85T10A562S");
  await shoot(page, testInfo, "1-answer-lost");

  await pay.click();
  await page.waitForURL(`**/dashboard/practices/case/${ticketCode}/add-services/payment/success`);
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento riuscito" })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  await page.goto("/dashboard/orders");
  await expect(
    page.getByRole("article").filter({ has: page.getByRole("link", { name: ticketCode }) }),
  ).toHaveCount(1);
});
