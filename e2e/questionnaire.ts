import { italianDay } from "@argine/core/shared/italian-date";
import { expect, type Page } from "@playwright/test";

// Answering the questionnaire as a person does: by the questions' labels, step by step.

const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date());

/** The ISO day n days from today in Rome (negative: in the past). */
export function daysFromToday(n: number): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The same day as a person in Italy types it (gg/mm/aaaa), whatever the browser's language. */
export const italianDaysFromToday = (n: number) => italianDay(daysFromToday(n));

export async function choose(page: Page, question: RegExp, answer: string | RegExp) {
  await page
    .getByRole("group", { name: question })
    .getByRole("radio", { name: answer, exact: typeof answer === "string" })
    .check();
}

/** "Avanti", then the step it leads to is on screen. */
export async function next(page: Page, step: number) {
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByText(`Passo ${step} di 7`, { exact: true })).toBeVisible();
}

// The intimate-images case the journeys answer, by steps, so each journey can check what it needs between.

/** Step 1 (intimate images spread) and step 2 (first and last time, days ago); ends on step 3. */
export async function answerWhatAndWhen(page: Page, firstDaysAgo: number, lastDaysAgo: number) {
  await choose(page, /Che cosa ti sta succedendo/, /Sono state diffuse mie immagini intime/);
  await next(page, 2);
  await page.getByLabel(/la prima volta/).fill(italianDaysFromToday(-firstDaysAgo));
  await page.getByLabel(/l'ultima volta/).fill(italianDaysFromToday(-lastDaysAgo));
  await next(page, 3);
}

/** Step 3: an adult victim, an author known to her, her ex-partner. */
export async function answerPeople(page: Page) {
  await choose(page, /Avevi meno di 18 anni/, "No");
  await choose(page, /Sai chi è l'autore/, "Sì");
  await choose(page, /Che rapporto hai/, /Ex partner/);
}

/** Steps 4 and 5: private intimate images, shared without consent in a chat group; ends on step 7. */
export async function answerImagesAndSpread(page: Page) {
  await next(page, 4);
  await choose(page, /intimi o sessualmente espliciti/, "Sì");
  await choose(page, /restare privati/, "Sì");
  await choose(page, /Avevi acconsentito/, "No");
  await next(page, 5);
  await choose(page, /già stati diffusi/, /Sono già stati diffusi/);
  await choose(page, /Dove sono stati diffusi/, /gruppo di chat/);
  await choose(page, /realizzati o sottratti/, "Sì");
  await choose(page, /Ti ha chiesto soldi/, "No");
  await next(page, 6);
  await next(page, 7);
}

/**
 * The whole intimate-images questionnaire, sent with the statement of truth and the privacy notice accepted
 * (the last event `lastDaysAgo`): the page then shows the result.
 */
export async function sendQuestionnaire(page: Page, firstDaysAgo = 20, lastDaysAgo = 2) {
  await page.goto("/feedback");
  await answerWhatAndWhen(page, firstDaysAgo, lastDaysAgo);
  await answerPeople(page);
  await answerImagesAndSpread(page);
  await page.getByLabel(/corrisponde al vero/).check();
  await page.getByLabel(/Ho letto l'informativa/).check();
  await page.getByRole("button", { name: "Invia e ricevi la valutazione" }).click();
}
