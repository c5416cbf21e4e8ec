import { expect, type Page, test } from "@playwright/test";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import {
  answerImagesAndSpread,
  answerPeople,
  answerWhatAndWhen,
  italianDaysFromToday,
} from "../questionnaire.ts";
import {
  accessTokenOf,
  expectAccessible,
  fakeNeutralSite,
  fillRegistration,
  mailedLink,
  NEUTRAL_SITE,
  signIn,
} from "../support.ts";

// On a 390 × 844 phone, a new user completes the questionnaire for an
// intimate-images case, reads the result with its deadline, downloads the PDF, registers, and the practice
// is theirs.

async function pdfText(data: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(data), useSystemFonts: false });
  const pdf = await task.promise;
  let text = "";
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    text += content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
  }
  await task.destroy();
  return text.replace(/\s+/g, " ");
}

test("questionnaire for intimate images → result with deadline → PDF → register → the practice is mine", async ({
  page,
  browser,
}) => {
  // A whole journey, many pages each checked with axe: it gets the slow-test time.
  test.slow();
  // She accepted analytics cookies: the download is counted (without, nothing is recorded: unit-tested).
  const site = test.info().project.use.baseURL ?? "";
  await page.context().addCookies([{ name: "argine_analytics_consent", value: "true", url: site }]);
  await page.goto("/feedback");
  await expect(page.getByText("Passo 1 di 7", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await answerWhatAndWhen(page, 30, 5);
  await answerPeople(page);
  // Step 1 was checked whole: the later steps change only the questionnaire.
  await expectAccessible(page.locator("main"));
  await answerImagesAndSpread(page);
  await page.getByRole("button", { name: "Invia e ricevi la valutazione" }).click();
  await expect(page.getByText("Devi dichiarare che quanto riportato corrisponde al vero.")).toBeVisible();
  await page.getByLabel(/corrisponde al vero/).check();
  await page.getByLabel(/Ho letto l'informativa/).check();
  await expectAccessible(page.locator("main"));
  await page.getByRole("button", { name: "Invia e ricevi la valutazione" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Il risultato del questionario" })).toBeVisible();
  await expect(page.getByText(/hai ancora \d+ giorni per sporgere querela/i).first()).toBeVisible();
  await expect(page.getByText("612-ter c.p.").first()).toBeVisible();
  expect(page.url()).toMatch(/\/feedback$/);
  await expectAccessible(page);
  // The result shows the code with its claim key; this tab alone keeps the token that claims the practice
  // after sign-in, in session storage, and localStorage keeps no practice id for the next person.
  const claimKey = (await page.locator("dt:text-is('Chiave di recupero') + dd").textContent()) ?? "";
  expect(claimKey).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
  const stored = await page.evaluate(() => ({
    claim: JSON.parse(sessionStorage.getItem("feedbackClaim") ?? "{}") as { practiceId?: string },
    local: Object.keys(localStorage),
  }));
  const practiceId = stored.claim.practiceId;
  expect(practiceId).toMatch(/^[0-9a-f-]{36}$/);
  expect(stored.local).not.toContain("lastKnownPracticeId");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Scarica la valutazione in PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^argine-feedback-AR-[A-Z0-9]{8}\.pdf$/);
  const events = await page.evaluate(() =>
    ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).map((e) => e.event),
  );
  expect(events).toContain("feedback_download");
  const ticketCode = download.suggestedFilename().slice("argine-feedback-".length, -".pdf".length);
  const { readFile } = await import("node:fs/promises");
  const text = await pdfText(await readFile(await download.path()));
  expect(text).toContain(`Pratica ${ticketCode}`);
  expect(text).toContain(`Codice pratica ${ticketCode} - chiave di recupero ${claimKey}`);
  expect(text).toContain("612-ter c.p.");
  expect(text).toContain("Querela");
  expect(text).toContain("non ha valore di parere legale");

  const email = `vittoria.${Date.now()}@example.it`;
  await page.getByRole("link", { name: "Registrati per aprire la pratica" }).click();
  await fillRegistration(page, { name: "Vittoria", lastname: "Neri", email, password: "Tranquilla42" });

  await page.goto(await mailedLink(page, email, /Conferma/, "/account/verify"));
  await expect(page.getByRole("heading", { name: "Indirizzo confermato" })).toBeVisible();
  await signIn(page, email, "Tranquilla42");
  await expect(page.getByText(`La pratica ${ticketCode} è ora nel tuo account.`)).toBeVisible();

  // The token did its job once and is forgotten.
  expect(await page.evaluate(() => sessionStorage.getItem("feedbackClaim"))).toBeNull();

  // Through the API: the practice is hers (claiming again is a no-op), and nobody else can take it.
  const mine = await accessTokenOf(page);
  const again = await page.request.patch(`/v1/practices/${practiceId}/user`, {
    headers: { authorization: `Bearer ${mine}` },
  });
  expect(again.status()).toBe(200);
  const other = await browser.newPage();
  await signIn(other, "cliente@demo.argine.it", "Demo!Argine2026");
  const theirs = await accessTokenOf(other);
  const stolen = await other.request.patch(`/v1/practices/${practiceId}/user`, {
    headers: { authorization: `Bearer ${theirs}` },
  });
  expect(stolen.status()).toBe(403);
  await other.close();
});

/** Whether any choice of a question is selected. */
async function anyChecked(page: Page, question: RegExp): Promise<boolean> {
  const radios = page.getByRole("group", { name: question }).getByRole("radio");
  for (const radio of await radios.all()) if (await radio.isChecked()) return true;
  return false;
}

// Back, Forward and reload move between the steps of the one /feedback address and
// keep the answers; the quick exit forgets them, and Back after it shows no step and no answer.
test("Back, Forward and reload keep the answers; after the quick exit, Back shows none", async ({ page }) => {
  await fakeNeutralSite(page);
  await page.goto("/");
  await page.getByRole("link", { name: "Inizia il questionario gratuito" }).first().click();
  await expect(page.getByText("Passo 1 di 7", { exact: true })).toBeVisible();
  const questionnaireTitle = await page.title();
  await answerWhatAndWhen(page, 30, 5);
  await answerPeople(page);

  // The browser's Back: step 2, with its answers; the address and the title say nothing about the case.
  await page.goBack();
  await expect(page.getByText("Passo 2 di 7", { exact: true })).toBeVisible();
  await expect(page.getByLabel(/la prima volta/)).toHaveValue(italianDaysFromToday(-30));
  await expect(page.getByLabel(/l'ultima volta/)).toHaveValue(italianDaysFromToday(-5));
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/feedback");
  await expect(page).toHaveTitle(questionnaireTitle);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath("questionnaire-after-back.png") });

  // Forward: step 3 again, as it was left.
  await page.goForward();
  await expect(page.getByText("Passo 3 di 7", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("group", { name: /Sai chi è l'autore/ }).getByRole("radio", { name: "Sì" }),
  ).toBeChecked();

  // Reload: the same step and answers, and Back still walks the steps.
  await page.reload();
  await expect(page.getByText("Passo 3 di 7", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("group", { name: /Avevi meno di 18 anni/ }).getByRole("radio", { name: "No" }),
  ).toBeChecked();
  await expect(
    page.getByRole("group", { name: /Sai chi è l'autore/ }).getByRole("radio", { name: "Sì" }),
  ).toBeChecked();
  await page.goBack();
  await expect(page.getByText("Passo 2 di 7", { exact: true })).toBeVisible();
  await expect(page.getByLabel(/l'ultima volta/)).toHaveValue(italianDaysFromToday(-5));
  await page.goForward();
  await expect(page.getByText("Passo 3 di 7", { exact: true })).toBeVisible();

  // The quick exit, then Back: the questionnaire's start, empty; nothing kept in the tab.
  await page.getByRole("button", { name: "Esci subito" }).click();
  await expect(page).toHaveURL(NEUTRAL_SITE);
  await page.goBack();
  await expect(page).toHaveURL(/\/feedback$/);
  await expect(page.getByText("Passo 1 di 7", { exact: true })).toBeVisible();
  await expect(page.getByText(/Passo [2-7] di 7/)).toHaveCount(0);
  expect(await anyChecked(page, /Che cosa ti sta succedendo/)).toBe(false);
  await expect(page.getByText(/Avevi già iniziato/)).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem("feedbackDraft"))).toBeNull();
  // Nor does going Back further, through the older entries of the questionnaire.
  await page.goBack();
  await expect(page.getByText("Passo 1 di 7", { exact: true })).toBeVisible();
  expect(await anyChecked(page, /Che cosa ti sta succedendo/)).toBe(false);
  await expectAccessible(page.locator("main"));
});
