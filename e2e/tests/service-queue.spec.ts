import { SANDBOX_TEST_CARDS } from "@argine/core/payments/sandbox-api";
import { SERVICE_STATUS_ERRORS } from "@argine/core/services/lifecycle";
import { TAKEN_IN_CHARGE } from "@argine/core/services/service-messages";
import { expect, type Page } from "@playwright/test";
import { checkoutBody } from "../../apps/api/test/checkout.ts";
import { newPractice, shoot, signInWithBearer, test } from "../shop.ts";
import { expectAccessible, expectNoHorizontalOverflow, signIn } from "../support.ts";

// The staff's queue (ADR 020): a client pays a formal notice; the lawyer finds it in "Lavori da fare" among
// the work nobody has, takes it (it starts: the client reads that the team took it in charge), and from the
// case page cannot set "documenti pronti" before the letter is uploaded.

/** The client's practice with a paid formal notice, bought through the API as the checkout sends it. */
async function paidFormalNotice(page: Page, email: string, password: string): Promise<string> {
  const authorization = await signInWithBearer(page, email, password);
  const { ticketCode, practiceId } = await newPractice(page, authorization);
  const number = SANDBOX_TEST_CARDS.find((card) => card.scenario === "succeeds")?.number ?? "";
  const method = await page.request.post("/v1/sandbox/payment-methods", {
    data: { number, expMonth: 12, expYear: 2034, cvc: "123" },
  });
  expect(method.status(), await method.text()).toBe(201);
  const bought = await page.request.post("/v1/orders", {
    headers: { authorization },
    data: checkoutBody(practiceId, ["INJUCTION"], {
      payment: { type: "STRIPE", code: JSON.stringify({ payment_method_id: (await method.json()).id }) },
    }),
  });
  expect(bought.status(), await bought.text()).toBe(200);
  return ticketCode;
}

test("a lawyer takes a paid formal notice from the queue, and cannot mark it ready without the letter", async ({
  page,
  browser,
  shopClient,
}, testInfo) => {
  test.slow();
  const ticketCode = await paidFormalNotice(page, shopClient.email, shopClient.password);

  const staff = await browser.newContext();
  const lawyer = await staff.newPage();
  await signIn(lawyer, "avvocato@demo.argine.it");
  await lawyer.getByRole("link", { name: "Lavori da fare" }).filter({ visible: true }).first().click();
  await expect(lawyer.getByRole("heading", { level: 1, name: "Lavori da fare" })).toBeVisible();
  await expect(lawyer).toHaveURL(/\/dashboard\/services$/);

  // The filter keeps the list to formal notices, in the address.
  await lawyer.getByLabel("Tipo di servizio").selectOption({ label: "Diffida" });
  await expect(lawyer).toHaveURL(/\/dashboard\/services\?serviceType=INJUCTION$/);

  const practiceLink = lawyer.getByRole("link", { name: `Pratica ${ticketCode}` });
  const item = lawyer.getByRole("article").filter({ has: practiceLink });
  const waiting = lawyer.getByRole("region", { name: /^Da assegnare/ });
  const mine = lawyer.getByRole("region", { name: /^Assegnati a te/ });
  await expect(waiting.getByRole("link", { name: `Pratica ${ticketCode}` })).toBeVisible();
  await expect(item).toContainText("Diffida");
  const fact = (term: string) => item.locator(`dt:text-is('${term}') + dd`);
  await expect(fact("Stato")).toHaveText("da avviare");
  await expect(fact("Pagato il")).toContainText("in attesa da oggi");
  await expect(fact("Avvocato")).toHaveText("nessuno");
  await expectAccessible(lawyer);

  await item.getByRole("button", { name: "Prendi in carico" }).click();
  await expect(
    lawyer.getByText(`Hai preso in carico il servizio Diffida della pratica ${ticketCode}.`),
  ).toBeVisible();
  await expect(mine.getByRole("link", { name: `Pratica ${ticketCode}` })).toBeVisible();
  await expect(waiting.getByRole("link", { name: `Pratica ${ticketCode}` })).toHaveCount(0);
  await expect(fact("Stato")).toHaveText("in corso");
  await expect(fact("Avvocato")).toHaveText("Marco Rinaldi (tu)");
  // The queue was checked whole: now the work taken, in its new list.
  await expectAccessible(mine);
  await expectNoHorizontalOverflow(lawyer);
  await shoot(lawyer, testInfo, "service-queue");

  // The case page: the service is in progress, with the words the client reads.
  await practiceLink.click();
  await expect(lawyer.getByRole("heading", { level: 1, name: `Pratica ${ticketCode}` })).toBeVisible();
  await expect(lawyer.getByText(TAKEN_IN_CHARGE)).toBeVisible();
  // The lawyer's controls sit in the service's own card.
  const work = lawyer
    .getByRole("region", { name: "Servizi", exact: true })
    .getByRole("listitem")
    .filter({ hasText: "Diffida" });
  await expect(work).toContainText("Assegnato a te");
  await work.getByLabel(/^Nuovo stato/).selectOption({ label: "documenti pronti" });
  await work.getByRole("button", { name: "Aggiorna lo stato" }).click();
  await expect(work.getByRole("alert")).toHaveText(SERVICE_STATUS_ERRORS.documentMissing);
  await expectAccessible(lawyer);
  await shoot(lawyer, testInfo, "service-controls");
  await staff.close();

  // The client reads it on their case page too.
  await page.goto(`/dashboard/practices/case/${ticketCode}`);
  await expect(page.getByText(TAKEN_IN_CHARGE)).toBeVisible();
});
