import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { STRIPE_API_URL, STRIPE_BASE_URL } from "../server.ts";
import {
  acceptCheckoutTerms,
  fillBilling,
  newPractice,
  pickServices,
  shoot,
  signInWithBearer,
} from "../shop.ts";
import { expectAccessible } from "../support.ts";

// The checkout with Stripe as the card provider, on the server started with Stripe's test keys
// (playwright.config.ts). Stripe.js cannot load here: https://js.stripe.com is answered with a stand-in of
// the calls the page makes (../stripe-js-stand-in.js), and https://api.stripe.com, which it talks to as
// Stripe.js does, with the loopback stand-in of Stripe's API the server's SDK talks to as well.

test.use({ baseURL: STRIPE_BASE_URL });

const STAND_IN = readFileSync(new URL("../stripe-js-stand-in.js", import.meta.url), "utf8");

/** Stripe's two origins, answered locally; the page's CSP still decides whether it may reach them. */
async function routeStripe(page: Page) {
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ contentType: "application/javascript", body: STAND_IN }),
  );
  await page.route("https://api.stripe.com/**", async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${STRIPE_API_URL}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}

/** A practice of the demo client's with takedown in the cart, at the checkout, the billing data filled. */
async function checkout(page: Page): Promise<string> {
  await routeStripe(page);
  const authorization = await signInWithBearer(page);
  const { ticketCode } = await newPractice(page, authorization);
  await page.goto(`/dashboard/practices/case/${ticketCode}`);
  await pickServices(page, ["Takedown"]);
  await page.getByRole("button", { name: "Vai al riepilogo dell'acquisto" }).click();
  await page.waitForURL(`**/dashboard/practices/case/${ticketCode}/add-services`);
  await fillBilling(page);
  await acceptCheckoutTerms(page);
  return ticketCode;
}

test("@desktop a card payment with Stripe: the card element, the payment, the case open", async ({
  page,
}, testInfo) => {
  test.slow();
  const ticketCode = await checkout(page);
  // Stripe's card element in the card field; the sandbox's test cards and fields are gone.
  await expect(page.getByText("Dati della carta")).toBeVisible();
  await expect(page.getByText("Modalità di prova: le carte da usare")).toHaveCount(0);
  await expect(page.getByLabel("Scadenza (MM/AA)")).toHaveCount(0);

  // An incomplete card is not sent: the element's message, in Italian.
  const number = page.getByRole("textbox", { name: "Numero della carta" });
  await number.fill("4242 4242");
  await expect(page.getByText("Il numero della carta è incompleto.").first()).toBeVisible();
  await number.fill("4242 4242 4242 4242");
  await expectAccessible(page);
  await shoot(page, testInfo, "stripe-1-checkout");
  await page.getByRole("button", { name: /^Paga / }).click();

  await page.waitForURL(`**/dashboard/practices/case/${ticketCode}/add-services/payment/success`);
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento riuscito" })).toBeVisible();
  await shoot(page, testInfo, "stripe-2-paid");
  await page.goto(`/dashboard/practices/case/${ticketCode}`);
  await expect(page.getByText("Stato: aperto")).toBeVisible();
});

test("@desktop a 3-D Secure payment with Stripe: the next action, the order confirmed, paid", async ({
  page,
}) => {
  test.slow();
  const ticketCode = await checkout(page);
  const orders: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/v1/orders"))
      orders.push(request.postData() ?? "");
  });
  await page.getByRole("textbox", { name: "Numero della carta" }).fill("4000 0027 6000 3184");
  await page.getByRole("button", { name: /^Paga / }).click();

  await page.waitForURL(`**/dashboard/practices/case/${ticketCode}/add-services/payment/success`);
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento riuscito" })).toBeVisible();
  // Spec §4: the order with the payment method, then again with the intent the card action completed.
  expect(orders).toHaveLength(2);
  expect(orders[0]).toContain("payment_method_id");
  expect(orders[0]).toContain("pm_card_threeDSecure2Required");
  expect(orders[1]).toContain("payment_intent_id");
});

test("@desktop a card Stripe refuses lands on the payment error page with the Italian message", async ({
  page,
}) => {
  const ticketCode = await checkout(page);
  await page.getByRole("textbox", { name: "Numero della carta" }).fill("4000 0000 0000 9995");
  await page.getByRole("button", { name: /^Paga / }).click();
  await page.waitForURL(`**/dashboard/practices/case/${ticketCode}/add-services/payment/error`);
  await expect(page.getByRole("alert")).toHaveText("Fondi insufficienti.");
});
