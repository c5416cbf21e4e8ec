import { expect, type Page, test } from "@playwright/test";
import { accessTokenOf, expectAccessible, signIn } from "../support.ts";

// A questionnaire about a minor's sexual images reaches the demo lawyer first, on the
// landing page and in the list, with its badge; its case page offers no capture or takedown, and points to the
// Polizia Postale, the Garante and Take It Down instead.

const BADGE = "Da esaminare subito";

/** The questionnaire as a visitor sends it: a minor, intimate images shared without consent. */
async function submitMinorCase(page: Page): Promise<{ practiceId: string; ticketCode: string }> {
  const today = new Date().toISOString().slice(0, 10);
  const res = await page.request.post("/v1/feedback", {
    data: {
      answers: {
        category: "REVENGEPORN",
        victimIsMinor: true,
        victimAge14Plus: true,
        sexuallyExplicit: true,
        meantPrivate: true,
        consentToShare: false,
        firstEventDate: today,
        lastEventDate: today,
        platform: "Telegram",
      },
      statementOfTruth: true,
      privacyAccepted: true,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { practiceId: string; ticketCode: string };
}

let leftover: string | null = null;
test.afterEach(async ({ page }, testInfo) => {
  if (leftover && testInfo.status !== testInfo.expectedStatus) {
    const token = await accessTokenOf(page);
    await page.request.post(`/v1/practices/${leftover}/assignment`, {
      headers: { authorization: `Bearer ${token}` },
    });
  }
  leftover = null;
});

test("the demo lawyer sees a minor's case first, with its badge, and its page offers no capture or takedown", async ({
  page,
}) => {
  test.slow();
  const { practiceId, ticketCode } = await submitMinorCase(page);
  await signIn(page, "avvocato@demo.argine.it");
  // Should this attempt fail half-way, its case is taken in charge, so a retry's new case heads the queue.
  leftover = practiceId;

  // The landing page is the work queue: its first section is "Urgenti", and the case heads it.
  const queue = page.locator("main");
  const sections = queue.locator("section[aria-labelledby^='queue-']");
  await expect(sections.first().getByRole("heading", { level: 3 })).toHaveText(/^Urgenti \(\d+\)$/);
  const firstCard = queue.locator("article").first();
  await expect(firstCard.getByRole("link", { name: `Pratica ${ticketCode}` })).toBeVisible();
  await expect(firstCard.getByText(BADGE)).toBeVisible();
  await expect(firstCard).toContainText("Non ancora presa in carico");
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath("lawyer-queue.png"), fullPage: true });

  // The practices list: first, with its badge, before every ordinary case.
  await page
    .getByRole("navigation", { name: "Area personale" })
    .getByRole("link", { name: "Tutte le pratiche" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Tutte le pratiche" })).toBeVisible();
  const cards = page.locator("article");
  await expect(cards.first().getByRole("link", { name: `Pratica ${ticketCode}` })).toBeVisible();
  await expect(cards.first().getByText(BADGE)).toBeVisible();
  // "Da esaminare subito" filters at once, with no "Cerca" to press.
  await page.getByLabel(BADGE).check();
  await expect(page).toHaveURL(/urgent=true/);
  // The filtered list replaces the previous one when its answer arrives: wait for it, not for the address.
  await expect(cards.filter({ hasNot: page.getByText(BADGE) })).toHaveCount(0);
  await expect(cards.first().getByRole("link", { name: `Pratica ${ticketCode}` })).toBeVisible();
  for (const card of await cards.all()) await expect(card.getByText(BADGE)).toBeVisible();
  await expectAccessible(page);

  // Its case page: why it comes first, where to turn instead, and no capture or takedown for sale.
  await cards
    .first()
    .getByRole("link", { name: `Pratica ${ticketCode}` })
    .click();
  await page.waitForURL(`**/dashboard/practices/case/${ticketCode}`);
  const banner = page.getByRole("region", { name: BADGE });
  await expect(banner).toContainText("Vittima minorenne e contenuti sessuali:");
  const help = page.getByRole("region", { name: "Dove chiedere aiuto subito" });
  for (const site of ["commissariatodips.it", "garanteprivacy.it", "takeitdown.ncmec.org"]) {
    await expect(help.locator(`a[href*='${site}']`)).toBeVisible();
  }
  const offer = page.locator("section", { has: page.getByRole("heading", { name: "Servizi disponibili" }) });
  await expect(offer.getByText("Diffida").first()).toBeVisible();
  await expect(offer.getByText(/Legalizzazione|Takedown/)).toHaveCount(0);
  // Nor can staff switch them on.
  const box = page.locator("section", { has: page.getByRole("heading", { name: "Area avvocato" }) });
  await expect(box.getByLabel("Legalizzazione")).toBeDisabled();
  await expect(box.getByLabel("Takedown")).toBeDisabled();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath("lawyer-urgent-case.png"), fullPage: true });

  // "Prendi in carico": who and when, on the case; it leaves the urgent list.
  await page.getByRole("button", { name: "Prendi in carico" }).click();
  await expect(
    page.getByText(/^Presa in carico da Avv\. Marco Rinaldi il \d\d\/\d\d\/\d{4}$/).first(),
  ).toBeVisible();
  await page.goto("/dashboard/practices?urgent=true");
  await expect(page.getByRole("link", { name: `Pratica ${ticketCode}` })).toHaveCount(0);
});
