import { expect, test } from "@playwright/test";
import { answerImagesAndSpread, answerPeople, answerWhatAndWhen } from "../questionnaire.ts";
import { mailedLink, registerClient, signIn } from "../support.ts";

// The way people really confirm: the questionnaire and the registration on a phone, the confirmation link
// opened in a new page (the mail app hands it to the browser), sign-in there. The case is hers; a second
// account signing in on that device afterwards, in the questionnaire's own tab, does not get it (ADR 010).

test("the case survives a confirmation opened in a new page, and stays hers on a shared phone @phone", async ({
  page,
}) => {
  // A questionnaire, two registrations and three sign-ins: it gets the slow-test time.
  test.slow();
  await page.goto("/feedback");
  await answerWhatAndWhen(page, 20, 2);
  await answerPeople(page);
  await answerImagesAndSpread(page);
  await page.getByLabel(/corrisponde al vero/).check();
  await page.getByLabel(/Ho letto l'informativa/).check();
  await page.getByRole("button", { name: "Invia e ricevi la valutazione" }).click();
  const ticketCode = (await page.locator("dt:text-is('Codice pratica') + dd").textContent()) ?? "";
  expect(ticketCode).toMatch(/^AR-[2-9A-HJ-NP-Z]{8}$/);

  const email = `nuova.scheda.${Date.now()}@example.it`;
  const password = "Tranquilla42";
  await page.getByRole("link", { name: "Registrati per aprire la pratica" }).click();
  await page.getByLabel(/^Nome/).fill("Viola");
  await page.getByLabel(/^Cognome/).fill("Serra");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Conferma la password/).fill(password);
  await page.getByLabel(/^Ho letto l'informativa sulla privacy/).check();
  await page.getByRole("button", { name: "Crea l'account" }).click();
  await expect(page.getByRole("heading", { name: "Controlla la tua email" })).toBeVisible();
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
  const other = `altra.persona.${Date.now()}@example.it`;
  await registerClient(page, other, password);
  await signIn(page, other, password);
  await expect(page.getByText("Non hai ancora pratiche.")).toBeVisible();
  await expect(page.getByText(ticketCode)).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem("feedbackClaim"))).toBeNull();
});
