import { expect, type Page } from "@playwright/test";
import {
  acceptCheckoutTerms,
  challengeDialog,
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
import { expectAccessible } from "../support.ts";

// Each of the sandbox's decline cards shows its Italian message (spec §8) on the
// payment error route, a refused 3-D Secure challenge is a payment ko too, and "Riprova" with a good card
// pays. One practice takes every failed attempt: a refused card fails its order, and the next attempt is a new
// order (ADR 014). The cards loop in one test, on desktop: the phone sees the same pages in the journey of
// acceptance 1.

/** The sandbox's decline cards (core's SANDBOX_TEST_CARDS) and the message each must show, verbatim. */
const DECLINES = [
  ["4000 0000 0000 0002", "La carta è stata rifiutata dalla banca."],
  ["4000 0000 0000 9995", "Fondi insufficienti."],
  ["4000 0000 0000 0069", "La carta è scaduta."],
  ["4000 0000 0000 0127", "Il codice CVC non è corretto."],
  ["4242 4242 4242 4241", "Il numero della carta non è corretto."],
  ["4000 0000 0000 8013", "La carta non è supportata."],
  ["4000 0000 0000 8021", "Il PIN non è corretto."],
  ["4000 0000 0000 0036", "Il CAP della carta è incompleto."],
] as const;

/** The checkout for takedown (99 €): the card, the conditions, "Paga". */
async function payTakedown(page: Page, card: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Riepilogo dell'acquisto" })).toBeVisible();
  await fillBilling(page);
  await fillCard(page, card);
  await acceptCheckoutTerms(page);
  await page.getByRole("button", { name: "Paga 99,00 €" }).click();
}

test("each decline card and a refused 3-D Secure land on the payment error; Riprova with a good card pays @desktop", async ({
  page,
  shopClient,
}, testInfo) => {
  // Ten payment attempts on one practice.
  test.setTimeout(120_000);
  const authorization = await signInWithBearer(page, shopClient.email, shopClient.password);
  const { ticketCode } = await newPractice(page, authorization);
  const casePage = `/dashboard/practices/case/${ticketCode}`;
  await page.goto(casePage);
  await pickServices(page, ["Takedown"]);
  await page.getByRole("button", { name: "Vai al riepilogo dell'acquisto" }).click();

  const expectPaymentError = async (message: string) => {
    await page.waitForURL(`**${casePage}/add-services/payment/error`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Il pagamento non è andato a buon fine" }),
    ).toBeVisible();
    await expect(page.getByRole("main")).toContainText(message);
    await expect(page.getByText("Non ti è stato addebitato nulla.", { exact: false })).toBeVisible();
  };
  const retry = async () => {
    await page.getByRole("link", { name: "Riprova" }).click();
    await page.waitForURL(`**${casePage}/add-services`);
  };

  for (const [card, message] of DECLINES) {
    await payTakedown(page, card);
    await expectPaymentError(message);
    if (card === DECLINES[0][0]) {
      await expectAccessible(page);
      await shoot(page, testInfo, "7-payment-ko");
    }
    await retry();
  }

  // The 3-D Secure card, its challenge refused: a payment ko with its own message.
  await payTakedown(page, "4000 0027 6000 3184");
  await challengeDialog(page).getByRole("button", { name: "Rifiuta", exact: true }).click();
  await expectPaymentError("L'autenticazione 3-D Secure non è riuscita: il pagamento è stato annullato.");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Riprova with a good card: paid, and the case is open with its takedown.
  await retry();
  await payTakedown(page, "4242 4242 4242 4242");
  await page.waitForURL(`**${casePage}/add-services/payment/success`);
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento riuscito" })).toBeVisible();
  await page.goto(casePage);
  await expect(page.getByText("Stato: aperto")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /^Takedown\b/ })).toHaveCount(0);
});

test("after a refused 3-D Secure, Riprova keeps the gift card typed in and pays with it and the card @desktop", async ({
  page,
  browser,
  shopClient,
}) => {
  test.slow();
  const code = uniqueCode("E2E-RIPROVA");
  await createAsAdmin(browser, "/v1/admin/gift-cards", { code, amount: 50 });
  const authorization = await signInWithBearer(page, shopClient.email, shopClient.password);
  const { ticketCode } = await newPractice(page, authorization);
  const casePage = `/dashboard/practices/case/${ticketCode}`;
  await page.goto(casePage);
  await pickServices(page, ["Takedown"]);
  await page.getByRole("button", { name: "Vai al riepilogo dell'acquisto" }).click();
  const split = page.getByText(`La gift card ${code} paga 50,00 €; il resto, 49,00 €, con la carta.`);

  await page.getByRole("radio", { name: /^Gift card/ }).check();
  await page.getByLabel(/^Codice della gift card/).fill(code);
  await page.getByRole("button", { name: "Usa la gift card" }).click();
  await expect(split).toBeVisible();
  await fillBilling(page);
  await fillCard(page, "4000 0027 6000 3184");
  // The expiry as people type it on a phone's keypad: written back as MM/YY.
  await page.getByLabel(/^Scadenza/).fill("1234");
  await page.getByLabel(/^Scadenza/).blur();
  await expect(page.getByLabel(/^Scadenza/)).toHaveValue("12/34");
  await acceptCheckoutTerms(page);
  await page.getByRole("button", { name: "Paga 49,00 €" }).click();
  await challengeDialog(page).getByRole("button", { name: "Rifiuta", exact: true }).click();
  await page.waitForURL(`**${casePage}/add-services/payment/error`);

  await page.getByRole("link", { name: "Riprova" }).click();
  await page.waitForURL(`**${casePage}/add-services`);
  await expect(split).toBeVisible();
  await fillBilling(page);
  await fillCard(page, "4242 4242 4242 4242");
  await acceptCheckoutTerms(page);
  await page.getByRole("button", { name: "Paga 49,00 €" }).click();
  await page.waitForURL(`**${casePage}/add-services/payment/success`);
  await expect(
    page.getByRole("region", { name: "Hai acquistato" }).locator("dt:text-is('Pagamento') + dd"),
  ).toHaveText("Carta di credito (gift card 50,00 €, carta 49,00 €)");
});
