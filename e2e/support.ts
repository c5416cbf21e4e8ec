import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { MAILBOX_URL } from "./server.ts";

export { MAILBOX_URL };

// What every browser journey does the same way: check a page with axe, sign in, read the demo mailbox.

export const DEMO_PASSWORD = "Demo!Argine2026";

export async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** Signs in through the login page and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/account/login");
  await page.waitForURL(/\/account\/login\?uid=/);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Accedi" }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** Opens the newest mail whose subject matches, in the demo mailbox, and returns the link it carries. */
export async function mailedLink(page: Page, subject: RegExp, path: string): Promise<string> {
  await page.goto(MAILBOX_URL);
  await page.getByRole("button", { name: subject }).first().click();
  const href = await page.locator(`article a[href*='${path}']`).first().getAttribute("href");
  if (!href) throw new Error(`no ${path} link in the mail`);
  return href;
}
