import { expect, test } from "@playwright/test";
import { APP_SHELL_ROUTES, PRERENDER_ROUTES } from "../../apps/web/app/prerender-routes.ts";
import { expectAccessible, waitForHydration } from "../support.ts";

// Every public route of spec §2 answers, with a heading, Italian text, a meta
// description and no axe violation; the spec's other spellings answer 301.

// The sign-in, registration and dashboard screens are prerendered too, as the app's frame: their journeys
// check them.
const PAGES = PRERENDER_ROUTES.filter((path) => !path.includes(".") && !APP_SHELL_ROUTES.includes(path));
/** A phone checks the pages a frightened visitor opens first; the desktop checks them all. */
const MOBILE_SAMPLE = [
  "/",
  "/education/stalking",
  "/services/takedown",
  "/faq",
  "/consulenza",
  "/esci-subito",
  "/404",
];

/** Words that make up any Italian paragraph: the page is written in Italian, not in a placeholder tongue. */
const ITALIAN_WORDS = /\b(che|per|della|non|una|sono|il|gli)\b/g;

for (const path of PAGES) {
  // Every page on desktop; on the phone, the sample (the others are tagged @desktop, see playwright.config).
  const tag = MOBILE_SAMPLE.includes(path) ? [] : ["@desktop"];
  test(`${path} answers with a page written in Italian, described and accessible`, { tag }, async ({
    page,
  }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(path === "/404" ? 404 : 200);
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length ?? 0).toBeGreaterThan(50);
    const text = await page.locator("main").innerText();
    expect(text.match(ITALIAN_WORDS)?.length ?? 0).toBeGreaterThanOrEqual(3);
    await expectAccessible(page);
  });
}

test("an unknown path answers the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/pagina-che-non-esiste");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Pagina non trovata" })).toBeVisible();
});

test("the spec's other spellings answer 301 to the canonical pages", async ({ request }) => {
  for (const [from, to] of [
    ["/education/hateSpeech", "/education/hate-speech"],
    ["/education/revengePorn", "/education/revenge-porn"],
    ["/services/formalNotice", "/services/formal-notice"],
  ]) {
    const response = await request.get(from as string, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers().location).toBe(to);
  }
});

test("search engines get a sitemap of the public pages, a robots file and structured data", async ({
  page,
  request,
}) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("<loc>https://argine.example/education/stalking</loc>");
  expect(sitemap).not.toContain("/404");
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /dashboard");
  expect(robots).toContain("Sitemap: https://argine.example/sitemap.xml");

  await page.goto("/faq");
  const faq = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "",
  );
  expect(faq["@type"]).toBe("FAQPage");
  expect(faq.mainEntity.length).toBeGreaterThanOrEqual(20);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", "https://argine.example/faq");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Argine/);
});

test("a service page shows its catalogue price, VAT included", async ({ page }) => {
  await page.goto("/services/takedown");
  await expect(page.getByText(/99,00\s€ IVA inclusa/)).toBeVisible({ timeout: 15_000 });
});

test("moving between pages inside the site reads each page's data and keeps the header", async ({ page }) => {
  await page.goto("/education");
  await page
    .getByRole("link", { name: /stalking/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/education\/stalking$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/stalking|atti persecutori/i);
  // An internal link inside the Markdown navigates in the app, too.
  await page
    .locator("main article")
    .getByRole("link", { name: /questionario/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/feedback$/);
});

test.describe("page data on a client navigation", () => {
  // The page's own requests are what is being failed here, not the service worker's.
  test.use({ serviceWorkers: "block" });

  test("page data is retried after a dropped connection; a 404 shows the 404 page and a 500 the error page", async ({
    page,
  }) => {
    // Each step follows a link in the education index's own content, reachable the same way on a phone.
    const openFromIndex = async (name: RegExp) => {
      await page.goto("/education");
      // A link followed before React takes the page over loads the whole page, not its data.
      await waitForHydration(page);
      await page.locator("main").getByRole("link", { name }).first().click();
    };
    let dropped = 0;
    await page.route("**/education/stalking.data*", (route) => {
      if (dropped < 2) {
        dropped++;
        return route.abort("connectionreset");
      }
      return route.continue();
    });
    await openFromIndex(/stalking/i);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/stalking/i);
    expect(dropped).toBe(2);

    await page.route("**/education/defamation.data*", (route) => route.fulfill({ status: 404, body: "" }));
    await openFromIndex(/diffamazione/i);
    await expect(page.getByRole("heading", { level: 1, name: "Pagina non trovata" })).toBeVisible();

    await page.route("**/education/cyberbullying.data*", (route) => route.fulfill({ status: 500, body: "" }));
    await openFromIndex(/cyberbullismo/i);
    await expect(page.getByRole("heading", { level: 1, name: "Si è verificato un errore" })).toBeVisible();
  });
});
