import { expect, type Page, test } from "@playwright/test";
import { sendQuestionnaire } from "../questionnaire.ts";
import { expectAccessible, registerClient, signIn } from "../support.ts";

// A questionnaire submitted in one browser cannot be claimed from another browser
// signed in as a different client, even with the practice id; the code and the claim key work from anywhere.

/** The questionnaire of an intimate-images case, sent; the page then shows the result. */
async function submitQuestionnaire(page: Page) {
  await sendQuestionnaire(page);
  await expect(page.getByRole("heading", { level: 1, name: "Il risultato del questionario" })).toBeVisible();
}

test("a questionnaire sent in one browser is claimed in another only with its code and key @desktop", async ({
  browser,
}) => {
  // Two browsers, a questionnaire and a registration: it gets the slow-test time.
  test.slow();

  // Browser A: someone answers the questionnaire and reads the code and the key on the result.
  const a = await browser.newContext();
  const pageA = await a.newPage();
  await submitQuestionnaire(pageA);
  const dd = (term: string) => pageA.locator(`dt:text-is('${term}') + dd`).textContent();
  const ticketCode = (await dd("Codice pratica")) ?? "";
  const claimKey = (await dd("Chiave di recupero")) ?? "";
  expect(ticketCode).toMatch(/^AR-[2-9A-HJ-NP-Z]{8}$/);
  expect(claimKey).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
  await expect(pageA.getByText(/Annota il codice pratica e la chiave di recupero/)).toBeVisible();
  await expectAccessible(pageA);
  const practiceId = await pageA.evaluate(
    () => (JSON.parse(sessionStorage.getItem("feedbackClaim") ?? "{}") as { practiceId?: string }).practiceId,
  );
  expect(practiceId).toMatch(/^[0-9a-f-]{36}$/);

  // Browser B: another client, who somehow has the practice id (as a shared device's storage once gave it).
  const b = await browser.newContext();
  const pageB = await b.newPage();
  const email = `bianca.${Date.now()}@example.it`;
  const password = "Tranquilla42";
  await registerClient(pageB, email, password);
  await pageB.evaluate((id) => localStorage.setItem("lastKnownPracticeId", id ?? ""), practiceId);
  // B's bearer token, as the app sends it (renewing it ourselves would spend the app's refresh token).
  const dashboardCall = pageB.waitForRequest(
    (request) => request.url().includes("/v1/practices") && !!request.headers().authorization,
  );
  await signIn(pageB, email, password);
  const authorization = (await dashboardCall).headers().authorization ?? "";
  await expect(pageB.getByRole("heading", { name: "Le tue pratiche in breve" })).toBeVisible();
  await expect(pageB.getByText("Non hai ancora pratiche.")).toBeVisible();
  await expect(pageB.getByText(/è ora nel tuo account/)).toHaveCount(0);

  // The id alone, straight to the API: refused, and the practice is not B's.
  const stolen = await pageB.request.patch(`/v1/practices/${practiceId}/user`, {
    headers: { authorization },
  });
  expect(stolen.status()).toBe(403);
  const listed = await pageB.request.get("/v1/practices", { headers: { authorization } });
  expect(((await listed.json()) as { total: number }).total).toBe(0);

  // "Ho un codice pratica": a wrong key is refused calmly, the right one adds the practice and shows it.
  const form = pageB.getByRole("region", { name: "Ho un codice pratica" });
  await expect(pageB.getByRole("heading", { level: 2, name: "Ho un codice pratica" })).toBeVisible();
  await expectAccessible(pageB);
  await pageB.getByLabel(/^Codice pratica/).fill(ticketCode.toLowerCase());
  await pageB.getByLabel(/^Chiave di recupero/).fill(claimKey === "2222-2222" ? "3333-3333" : "2222-2222");
  await pageB.getByRole("button", { name: "Aggiungi la pratica al mio account" }).click();
  await expect(pageB.getByRole("alert")).toContainText("non sono corretti");
  await expect(form).toBeVisible();
  await expectAccessible(form);

  // With the keyboard: the key field, typed as read from paper, then Enter.
  await pageB.getByLabel(/^Chiave di recupero/).fill(claimKey.toLowerCase().replace("-", " "));
  await pageB.keyboard.press("Enter");
  await pageB.waitForURL(`**/dashboard/practices/case/${ticketCode}`);
  await expect(pageB.getByRole("heading", { level: 1, name: `Pratica ${ticketCode}` })).toBeVisible();
  await a.close();
  await b.close();
});
