import { expect, test } from "@playwright/test";
import { sendQuestionnaire } from "../questionnaire.ts";
import { fillRegistration, mailedLink, signIn } from "../support.ts";

// The way people really confirm: the questionnaire and the registration on a phone, the confirmation link
// opened in a new page (the mail app hands it to the browser), sign-in there. The case is hers; a second
// account signing in on that device afterwards, in the questionnaire's own tab, does not get it (ADR 010).

test("the case survives a confirmation opened in a new page, and stays hers on a shared phone @phone", async ({
  page,
}) => {
  // A questionnaire, a registration and two sign-ins: it gets the slow-test time.
  test.slow();
  await sendQuestionnaire(page);
  const ticketCode = (await page.locator("dt:text-is('Codice pratica') + dd").textContent()) ?? "";
  expect(ticketCode).toMatch(/^AR-[2-9A-HJ-NP-Z]{8}$/);

  const email = `nuova.scheda.${Date.now()}@example.it`;
  const password = "Tranquilla42";
  await page.getByRole("link", { name: "Registrati per aprire la pratica" }).click();
  await fillRegistration(page, { name: "Viola", lastname: "Serra", email, password });
  await expect(page.getByText(/anche se apri il link da un'altra finestra/)).toBeVisible();

  // A new page of the same browser: none of the first tab's session storage comes along.
  const mailTab = await page.context().newPage();
  await mailTab.goto(await mailedLink(mailTab, email, /Conferma/, "/account/verify"));
  await expect(mailTab.getByRole("heading", { name: "Indirizzo confermato" })).toBeVisible();
  expect(await mailTab.evaluate(() => sessionStorage.getItem("feedbackClaim"))).toBeNull();
  await signIn(mailTab, email, password);
  await mailTab.goto("/dashboard/practices");
  await expect(mailTab.getByText(ticketCode).first()).toBeVisible();

  // She signs out; someone else signs in on the same phone, in the tab that sent the questionnaire.
  await mailTab.goto("/logout");
  await mailTab.waitForURL(/\/$/);
  await mailTab.close();
  // (An account that already exists: registrations are few a minute per address.)
  await signIn(page, "cliente@demo.argine.it");
  expect(await page.evaluate(() => sessionStorage.getItem("feedbackClaim"))).toBeNull();
  await page.goto("/dashboard/practices");
  await expect(page.getByText("AR-DEMO0001").first()).toBeVisible();
  await expect(page.getByText(ticketCode)).toHaveCount(0);
});
