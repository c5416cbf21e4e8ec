import { expect, type Page } from "@playwright/test";
import {
  acceptCheckoutTerms,
  createAsAdmin,
  fillBilling,
  fillCard,
  newPractice,
  pickServices,
  shoot,
  signInWithBearer,
  test,
  uniqueCode,
} from "../shop.ts";
import { expectAccessible, expectNoHorizontalOverflow } from "../support.ts";

// What pays besides the card. A gift card an admin issued pays a formal notice
// entirely; the promo gift card pays part of legal defence and the card the rest; a campaign covering the whole
// total asks for no card. These change shared data (a campaign applies to every cart, a promo card is one per
// account), so they run once, on desktop.

/** From the case page to the summary with the named services. */
async function toSummary(page: Page, ticketCode: string, services: readonly string[]) {
  await page.goto(`/dashboard/practices/case/${ticketCode}`);
  await pickServices(page, services);
  await page.getByRole("button", { name: "Vai al riepilogo dell'acquisto" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Riepilogo dell'acquisto" })).toBeVisible();
}

const totalOf = (page: Page) =>
  page.getByRole("region", { name: "I servizi scelti" }).locator("dt:text-is('Totale (IVA inclusa)') + dd");

/** These journeys run on desktop: their longest payment texts are checked at a phone's width here. */
async function expectFitsAPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Payment ok, and how the order was paid. */
async function expectPaid(page: Page, ticketCode: string, paidBy: string) {
  await page.waitForURL(`**/dashboard/practices/case/${ticketCode}/add-services/payment/success`);
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento riuscito" })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Hai acquistato" }).locator("dt:text-is('Pagamento') + dd"),
  ).toHaveText(paidBy);
}

test("a gift card an admin issued pays the formal notice entirely, with no card @desktop", async ({
  page,
  browser,
  shopClient,
}, testInfo) => {
  test.slow();
  // Worth 250 € as the demo DEMO-GIFT-CARD-250, but the run's own: the demo card pays one formal notice
  // (199 €) and is spent for a retry.
  const code = uniqueCode("E2E-GIFT");
  await createAsAdmin(browser, "/v1/admin/gift-cards", { code, amount: 250 });
  const authorization = await signInWithBearer(page, shopClient.email, shopClient.password);
  const { ticketCode } = await newPractice(page, authorization);
  await toSummary(page, ticketCode, ["Diffida"]);
  await expect(totalOf(page)).toHaveText("199,00 €");

  await page.getByRole("radio", { name: /^Gift card/ }).check();
  await page.getByLabel(/^Codice della gift card/).fill(code.toLowerCase());
  await page.getByRole("button", { name: "Usa la gift card" }).click();
  await expect(
    page.getByText(`La gift card ${code} paga tutto: 199,00 €. Non ti chiediamo la carta.`),
  ).toBeVisible();
  await expect(page.getByLabel(/^Numero della carta/)).toHaveCount(0);
  await fillBilling(page);
  await acceptCheckoutTerms(page);
  await expectAccessible(page);
  await shoot(page, testInfo, "8-gift-card-pays-all");
  await page.getByRole("button", { name: "Conferma l'acquisto" }).click();
  await expectPaid(page, ticketCode, "Gift card");

  // What the card has left: 250 − 199.
  const left = await page.request.post("/v1/giftcard/verify", {
    headers: { authorization },
    data: { code },
  });
  expect(((await left.json()) as { balance: number }).balance).toBe(51);
});

test("legal defence: the campaign's share, the promo gift card, and the card for the rest @desktop", async ({
  page,
  shopClient,
}, testInfo) => {
  test.slow();
  // The promo gift card is one per account: the worker's own client asks for it (no other journey does).
  const authorization = await signInWithBearer(page, shopClient.email, shopClient.password);
  const { ticketCode } = await newPractice(page, authorization);
  await toSummary(page, ticketCode, ["Difesa Legale"]);
  // The demo campaign covers half of legal defence, at most 150 € an order: 490 − 150.
  const cart = page.getByRole("region", { name: "I servizi scelti" });
  await expect(
    cart.locator(
      "dt:text-is('Campagna sponsorizzata \"Scudo Digitale\" di Fondazione Esempio (sponsor di esempio)') + dd",
    ),
  ).toHaveText("− 150,00 €");
  await expect(totalOf(page)).toHaveText("340,00 €");

  await page.getByRole("radio", { name: /^Gift card/ }).check();
  await page.getByLabel(/^Codice promozionale/).fill("DIFESA150");
  await page.getByRole("button", { name: "Richiedi la gift card promozionale" }).click();
  await expect(
    page.getByText(
      /^Gift card promozionale attivata: 150,00 € disponibili · valida fino (?:al |all')\d{1,2} \S+ \d{4} · solo Difesa Legale\.$/,
    ),
  ).toBeVisible();
  await expect(
    page.getByText(/^La gift card \S+ paga 150,00 €; il resto, 190,00 €, con la carta\.$/),
  ).toBeVisible();

  await fillBilling(page);
  await fillCard(page, "4242 4242 4242 4242");
  await acceptCheckoutTerms(page);
  await expectAccessible(page);
  await shoot(page, testInfo, "9-promo-gift-card-and-card");
  await page.getByRole("button", { name: "Paga 190,00 €" }).click();
  await expectPaid(page, ticketCode, "Carta di credito (gift card 150,00 €, carta 190,00 €)");

  await page.goto("/dashboard/orders");
  const order = page.getByRole("article").filter({ has: page.getByRole("link", { name: ticketCode }) });
  await expect(order.locator("dt:text-is('Pagamento') + dd")).toContainText(
    "(gift card 150,00 €, carta 190,00 €)",
  );
  await expect(order.locator("dt:text-is('Totale pagato (IVA inclusa)') + dd")).toHaveText("340,00 €");
  await expectFitsAPhone(page);
});

test("a campaign that covers the whole total asks for no card @desktop", async ({
  page,
  browser,
  shopClient,
}, testInfo) => {
  test.slow();
  // A campaign applies to every cart it covers, and the journeys share one database: this one covers only the
  // compensation request (Richiesta di risarcimento), which no other journey buys, so no other journey's cart
  // changes. The admin API sets no budget (an unlimited one).
  const code = uniqueCode("E2E-CAMP");
  const name = `Copertura di prova ${code}`;
  await createAsAdmin(browser, "/v1/admin/campaigns", {
    code,
    name,
    sponsor: "Sponsor di prova",
    coveragePercent: 100,
    productCodes: ["COMPENSATION"],
    order: 1,
  });
  const authorization = await signInWithBearer(page, shopClient.email, shopClient.password);
  const { ticketCode } = await newPractice(page, authorization);
  await toSummary(page, ticketCode, ["Richiesta di risarcimento"]);
  await expect(totalOf(page)).toHaveText("0,00 €");
  await expect(
    page.getByText(
      `Il totale è coperto dalla campagna sponsorizzata "${name}" di Sponsor di prova: non ti chiediamo la carta.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole("radio", { name: /^Carta di credito/ })).toHaveCount(0);
  await expect(page.getByLabel(/^Numero della carta/)).toHaveCount(0);
  await fillBilling(page);
  await acceptCheckoutTerms(page);
  await expectAccessible(page);
  await shoot(page, testInfo, "10-campaign-pays-all");
  await page.getByRole("button", { name: "Conferma l'acquisto" }).click();
  await expectPaid(page, ticketCode, "Campagna sponsorizzata");
  await expectFitsAPhone(page);
  await page.goto("/dashboard/orders");
  await expect(page.getByRole("article").first()).toBeVisible();
  await expectFitsAPhone(page);
  await page.goto(`/dashboard/practices/case/${ticketCode}`);
  await expect(page.getByText("Stato: aperto")).toBeVisible();
});
