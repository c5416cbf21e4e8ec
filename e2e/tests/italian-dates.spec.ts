import { expect, test } from "@playwright/test";
import { choose, next } from "../questionnaire.ts";
import { expectAccessible } from "../support.ts";

// Dates are typed and shown gg/mm/aaaa whatever the browser's language: a native date input follows it
// (mm/dd/yyyy on an English browser), so the app has one Italian date field. The suite runs in it-IT; this
// page is opened by an English browser.

test("an English browser still gets Italian dates in the questionnaire @desktop", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-US", timezoneId: "Europe/Rome" });
  const page = await context.newPage();
  await page.goto("/feedback");
  expect(await page.evaluate(() => navigator.language)).toBe("en-US");
  await choose(page, /Che cosa ti sta succedendo/, /Minacce/);
  await next(page, 2);
  const first = page.getByLabel(/la prima volta/);
  await expect(first).toHaveAttribute("placeholder", "gg/mm/aaaa");
  await expect(first).toHaveAttribute("type", "text");
  await expect(page.getByText("Formato: gg/mm/aaaa, per esempio 31/12/2026.").first()).toBeVisible();
  // Day first, as in Italy: 1/2 is the first of February.
  await first.fill("1/2/2026");
  await expect(page.getByText("Data indicata: 1 febbraio 2026")).toBeVisible();
  // A month first, the American way, is no day here: the field says how to write one.
  await page.getByLabel(/l'ultima volta/).fill("12/31/2026");
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByText("Inserisci una data come 31/12/2026.")).toBeVisible();
  await expect(page.getByText("Passo 2 di 7", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await context.close();
});
