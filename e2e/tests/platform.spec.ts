import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, fakeNeutralSite, NEUTRAL_SITE, waitForHydration } from "../support.ts";

// Analytics only after consent, the quick exit, the mobile menu, the service
// worker and an offline reload.

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

  test("on a desktop's first visit the notice leaves the home page's call to action free", {
    tag: "@desktop",
  }, async ({ page }) => {
    const notice = page.getByRole("region", { name: "Cookie su questo sito" });
    const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
    const cta = hero.getByRole("link", { name: "Inizia il questionario gratuito" });
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 1366, height: 768 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto("/");
      await expect(notice).toBeVisible();
      const [a, b] = [await notice.boundingBox(), await cta.boundingBox()];
      if (!a || !b) throw new Error("the notice or the call to action has no box");
      const apart =
        a.x >= b.x + b.width || b.x >= a.x + a.width || a.y >= b.y + b.height || b.y >= a.y + a.height;
      expect(
        apart,
        `notice ${JSON.stringify(a)} and call to action ${JSON.stringify(b)} at ${viewport.width}×${viewport.height}`,
      ).toBe(true);
      // The point a visitor clicks is the link itself, not the notice over it.
      const hit = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest("a")?.textContent ?? null,
        { x: b.x + b.width / 2, y: b.y + b.height / 2 },
      );
      expect(hit).toBe("Inizia il questionario gratuito");
      await page.screenshot({
        path: test.info().outputPath(`home-${viewport.width}x${viewport.height}.png`),
      });
    }
    await expectAccessible(page);
    // She can start straight away; the notice waits for her answer.
    await cta.click();
    await expect(page).toHaveURL(/\/feedback$/);
    await expect(notice).toBeVisible();
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
  // Before the scripts run the button is a plain link and leaves by adding an entry, as it should; replacing
  // the entry, so that Back skips the page, is the script's work. On a slow phone the click came first.
  await waitForHydration(page);
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
  // The link works before the scripts run; the Shift shortcut only once React has hydrated the page.
  await waitForHydration(page);
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
  // The prerendered button opens nothing until React has taken the page over.
  await waitForHydration(page);
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
