import { mkdirSync } from "node:fs";
import { SANDBOX_TEST_CARDS } from "@argine/core/payments/sandbox-api";
import { type Browser, test as base, expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { checkoutBody } from "../apps/api/test/checkout.ts";
import { revengePornAnswers } from "../apps/api/test/feedback-answers.ts";
import { daysFromToday } from "./questionnaire.ts";
import { accessTokenOf, DEMO_PASSWORD, registerClient, signIn } from "./support.ts";

// What the shop's journeys (ADR 014) share: a practice of their own for the client, the admin's codes made
// for the run, the card form, and the screenshots looked at in the closing note.

interface Client {
  email: string;
  password: string;
}

/**
 * The shop's journeys, with `shopClient`: a client of the worker's own, registered once per worker. Only the
 * journey of acceptance 1 buys as the demo client: the dashboard shows a client's 4 newest practices, and the
 * demo client's AR-DEMO0002 must stay among them (practices-client.spec.ts). A retry runs in a new worker, so
 * with a new client, whose promo gift card is still to ask.
 */
export const test = base.extend<object, { shopClient: Client }>({
  shopClient: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext();
      const client = {
        email: `acquisti.${workerInfo.workerIndex}.${Date.now()}@example.it`,
        password: "Tranquilla42",
      };
      await registerClient(await context.newPage(), client.email, client.password);
      await context.close();
      await use(client);
    },
    { scope: "worker" },
  ],
});

/** The checkout's billing data, as a new client types them (a client who bought before finds them filled). */
export async function fillBilling(page: Page) {
  await page.getByLabel(/^Codice fiscale o partita IVA/).fill("RSSMRA85T10A562S");
  await page.getByLabel(/^Indirizzo/).fill("Via Roma 1");
  await page.getByRole("textbox", { name: "CAP", exact: true }).fill("00184");
  await page.getByLabel(/^Città/).fill("Roma");
  await page.getByLabel(/^Provincia/).selectOption({ label: "Roma (RM)" });
}

/** The checkout's two checkboxes: the conditions of sale, and the services starting at once (ADR 017). */
export async function acceptCheckoutTerms(page: Page) {
  await page.getByLabel(/^Ho letto e accetto le condizioni generali di vendita/).check();
  await page.getByLabel(/^Chiedo che i servizi inizino subito/).check();
}

/**
 * Signs in and answers the bearer the app itself sends. The app's refresh token rotates: renewing it here
 * (accessTokenOf) would sign the tab out, and the journey goes on browsing in it.
 */
export async function signInWithBearer(
  page: Page,
  email = "cliente@demo.argine.it",
  password = DEMO_PASSWORD,
): Promise<string> {
  const sent = page.waitForRequest(
    (request) => request.url().includes("/v1/") && !!request.headers().authorization,
  );
  await signIn(page, email, password);
  return (await sent).headers().authorization ?? "";
}

/**
 * A new practice of the signed-in client: an adult's intimate images shared to harm, author known (no human
 * review, so every service is on sale), sent as the questionnaire sends it and claimed with the token its
 * answer gives the submitting browser. The journeys run in parallel on one database: each buys on its own
 * practice. (The claim with the code and the key is limited to 5 an address in 15 minutes, and the whole suite
 * comes from one address, so it is not the way in here.)
 */
export async function newPractice(
  page: Page,
  authorization: string,
): Promise<{ ticketCode: string; practiceId: string }> {
  const sent = await page.request.post("/v1/feedback", {
    data: {
      answers: revengePornAnswers(daysFromToday(-20), daysFromToday(-2)),
      statementOfTruth: true,
      privacyAccepted: true,
    },
  });
  expect(sent.status()).toBe(201);
  const { practiceId, ticketCode, claimToken } = (await sent.json()) as {
    practiceId: string;
    ticketCode: string;
    claimToken: string;
  };
  const claimed = await page.request.patch(`/v1/practices/${practiceId}/user`, {
    headers: { authorization },
    data: { claimToken },
  });
  expect(claimed.status()).toBe(200);
  return { ticketCode, practiceId };
}

/**
 * The client's order for `items` on their practice, paid by the sandbox's card that succeeds through the API as
 * the checkout sends it (a journey about what follows the payment need not click through the checkout).
 */
export async function payThroughApi(
  page: Page,
  authorization: string,
  practiceId: string,
  items: string[],
): Promise<void> {
  const number = SANDBOX_TEST_CARDS.find((card) => card.scenario === "succeeds")?.number ?? "";
  const method = await page.request.post("/v1/sandbox/payment-methods", {
    data: { number, expMonth: 12, expYear: 2034, cvc: "123" },
  });
  expect(method.status(), await method.text()).toBe(201);
  const bought = await page.request.post("/v1/orders", {
    headers: { authorization },
    data: checkoutBody(practiceId, items, {
      payment: { type: "STRIPE", code: JSON.stringify({ payment_method_id: (await method.json()).id }) },
    }),
  });
  expect(bought.status(), await bought.text()).toBe(200);
}

/** A code no other run or journey has. */
export const uniqueCode = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.toUpperCase();

/** Something the demo admin creates through the admin API (a gift card, a campaign), in a browser of its own. */
export async function createAsAdmin(browser: Browser, path: string, data: object): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, "admin@demo.argine.it");
  const created = await page.request.post(path, {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
    data,
  });
  expect(created.status(), await created.text()).toBe(201);
  await context.close();
}

/** The case page's "Servizi disponibili": ticks the named services. */
export async function pickServices(page: Page, names: readonly string[]) {
  for (const name of names) {
    await page.getByRole("checkbox", { name: new RegExp(`^${name}\\b`) }).check();
  }
}

/** The card form, with a future expiry and any CVC. */
export async function fillCard(page: Page, number: string) {
  await page.getByLabel(/^Numero della carta/).fill(number);
  await page.getByLabel(/^Scadenza/).fill("12/34");
  await page.getByLabel(/^CVC/).fill("123");
}

/** A takedown (99 €) bought by card on a new practice of the client: the payment ok page. */
export async function buyTakedown(page: Page, email: string, password: string): Promise<string> {
  const authorization = await signInWithBearer(page, email, password);
  const { ticketCode } = await newPractice(page, authorization);
  const casePage = `/dashboard/practices/case/${ticketCode}`;
  await page.goto(casePage);
  await pickServices(page, ["Takedown"]);
  await page.getByRole("button", { name: "Vai al riepilogo dell'acquisto" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Riepilogo dell'acquisto" })).toBeVisible();
  await fillBilling(page);
  await fillCard(page, "4242 4242 4242 4242");
  await acceptCheckoutTerms(page);
  await page.getByRole("button", { name: "Paga 99,00 €" }).click();
  await page.waitForURL(`**${casePage}/add-services/payment/success`);
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento riuscito" })).toBeVisible();
  return ticketCode;
}

/** The 3-D Secure challenge's dialog. */
export const challengeDialog = (page: Page) =>
  page.getByRole("dialog", { name: /Autenticazione 3-D Secure/ });

/**
 * With SHOTS=<folder>, the page there screen by screen, as a person scrolling sees it (a full-page shot of a
 * phone is too tall to look at, and draws the sticky bars mid-page): `{name}-{project}-{part}.png`. Never
 * committed.
 */
export async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const folder = process.env.SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const height = page.viewportSize()?.height ?? 900;
  const total = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let part = 0; part * height < total; part++) {
    await page.evaluate((y) => window.scrollTo(0, y), part * height);
    await page.screenshot({ path: `${folder}/${name}-${testInfo.project.name}-${part + 1}.png` });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** With SHOTS=<folder>, one part of the page (a widget, a panel) as `{name}-{project}.png`, to look at closely. */
export async function shootPart(part: Locator, testInfo: TestInfo, name: string) {
  const folder = process.env.SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await part.screenshot({ path: `${folder}/${name}-${testInfo.project.name}.png` });
}
