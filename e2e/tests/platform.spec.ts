import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "../support.ts";

// Issue 6, acceptance 3 and 4: analytics only after consent, the quick exit, the mobile menu, the service
// worker and an offline reload.

const NEUTRAL_SITE = "https://www.google.it/";

/** The neutral site, answered locally: the machine running the tests may have no internet. */
async function fakeNeutralSite(page: Page) {
  await page.route(`${NEUTRAL_SITE}**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Google</title><p>Sito neutro</p>" }),
  );
}

const dataLayer = (page: Page) =>
  page.evaluate(() => (window as { dataLayer?: { event: string; path?: string }[] }).dataLayer ?? []);

test.describe("with no choice recorded yet", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("analytics events reach the data layer only after consent", async ({ page }) => {
    await page.goto("/");
    const notice = page.getByRole("region", { name: "Cookie su questo sito" });
    await expect(notice).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Scopri i servizi" }).click();
    await expect(page).toHaveURL(/\/services$/);
    expect(await dataLayer(page)).toEqual([]);

    await notice.getByRole("button", { name: "Accetta i cookie analitici" }).click();
    await expect(notice).toBeHidden();
    expect(await dataLayer(page)).toEqual([{ event: "page_view", path: "/services" }]);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "argine_analytics_consent")?.value).toBe("true");

    await page
      .locator("main")
      .getByRole("link", { name: /takedown/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/services\/takedown$/);
    await expect
      .poll(() => dataLayer(page))
      .toContainEqual({ event: "page_view", path: "/services/takedown" });
  });

  test("refusing analytics keeps the data layer empty, and the footer reopens the choice", async ({
    page,
  }) => {
    await page.goto("/education");
    await page.getByRole("button", { name: "Solo cookie tecnici" }).click();
    await page
      .locator("main")
      .getByRole("link", { name: /stalking/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/education\/stalking$/);
    expect(await dataLayer(page)).toEqual([]);
    await page.getByRole("button", { name: "Preferenze cookie" }).click();
    await expect(page.getByRole("region", { name: "Cookie su questo sito" })).toBeFocused();
  });
});

test("the quick exit button leaves for a neutral site, and Back does not return to the page", async ({
  page,
}) => {
  await fakeNeutralSite(page);
  await page.goto("/");
  await page.goto("/education/revenge-porn");
  await page.getByRole("button", { name: "Esci subito" }).click();
  await expect(page).toHaveURL(NEUTRAL_SITE);
  await page.goBack();
  await expect(page).not.toHaveURL(/revenge-porn/);
});

test("Shift pressed three times leaves too", async ({ page }) => {
  await fakeNeutralSite(page);
  await page.goto("/faq");
  await page.goto("/education/stalking");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (let i = 0; i < 3; i++) await page.keyboard.press("Shift");
  await expect(page).toHaveURL(NEUTRAL_SITE);
  await page.goBack();
  await expect(page).toHaveURL(/\/faq$/);
});

test("the quick exit page explains it, with the safety advice", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Come funziona" }).click();
  await expect(page).toHaveURL(/\/esci-subito$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("main")).toContainText("Esci subito");
});

test("the mobile menu opens, locks the page's scrolling and closes", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/faq");
  const toggle = page.getByRole("button", { name: "Menu" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("navigation", { name: "Menu principale" })).toBeVisible();
  await expect(page.locator("html")).toHaveClass(/scroll-locked/);
  await page.mouse.wheel(0, 1500);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.locator("html")).not.toHaveClass(/scroll-locked/);
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test("the service worker registers on localhost, and a visited page reloads offline", async ({
  page,
  context,
}) => {
  await page.goto("/education/stalking");
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("main")).toContainText("612-bis");
  // Another public page, precached though never opened.
  await page.goto("/faq");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await context.setOffline(false);
});
