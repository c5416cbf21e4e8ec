import { expect, type Page } from "@playwright/test";

// Answering the questionnaire as a person does: by the questions' labels, step by step.

const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date());

/** The ISO day n days from today in Rome (negative: in the past). */
export function daysFromToday(n: number): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

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
