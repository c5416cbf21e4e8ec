import { expect, type Locator } from "@playwright/test";
import { newPractice, payThroughApi, pickServices, shoot, signInWithBearer, test } from "../shop.ts";
import { expectAccessible } from "../support.ts";

// The legal defence is sold as its mandate covers it (ADR 027): before paying, the card and the purchase
// summary show what the defence includes and excludes; the whole letter, a link away, has the very same
// scope sections; and the letter the client accepts after paying says the same again.

const INCLUDES = "Che cosa comprende";
const EXCLUDES = "Che cosa non comprende";

/** A scope list's items, by its heading, on the card or the summary. */
const listed = (scope: Locator, title: string) =>
  scope.getByRole("list", { name: title, exact: true }).getByRole("listitem").allTextContents();

/** A letter section's paragraphs: the <p>s after the heading `title`, up to the next heading. */
const paragraphsOf = (letter: Locator, title: string) =>
  letter
    .getByRole("heading", { name: title, exact: true })
    .evaluate((heading) => {
      const texts: string[] = [];
      for (
        let next = heading.nextElementSibling;
        next && next.tagName === "P";
        next = next.nextElementSibling
      ) {
        texts.push(next.textContent ?? "");
      }
      return texts;
    })
    .then((texts) => texts.map((text) => text.trim()));

test("a client sees before paying the defence's scope, the very text of the mandate's @desktop", async ({
  page,
  shopClient,
}, testInfo) => {
  test.slow();
  const authorization = await signInWithBearer(page, shopClient.email, shopClient.password);
  const { ticketCode, practiceId } = await newPractice(page, authorization);
  const casePage = `/dashboard/practices/case/${ticketCode}`;

  // The card: what the defence covers, beside its price.
  await page.goto(casePage);
  await pickServices(page, ["Difesa Legale"]);
  const cardScope = page.getByRole("region", { name: "Che cosa copre la Difesa Legale" });
  const onCard = { includes: await listed(cardScope, INCLUDES), excludes: await listed(cardScope, EXCLUDES) };
  expect(onCard.includes.length).toBeGreaterThan(0);
  expect(onCard.excludes.join(" ")).toContain("parte civile");

  // The purchase summary, before paying: the same scope beside the line's price.
  await page.getByRole("button", { name: "Vai al riepilogo dell'acquisto" }).click();
  await page.waitForURL(`**${casePage}/add-services`);
  const summary = page.getByRole("region", { name: "I servizi scelti" });
  await expect(summary.getByRole("button", { name: "Rimuovi Difesa Legale" })).toBeVisible();
  const scope = summary.getByRole("region", { name: "Che cosa copre la Difesa Legale" });
  const beforePaying = { includes: await listed(scope, INCLUDES), excludes: await listed(scope, EXCLUDES) };
  expect(beforePaying).toEqual(onCard);
  await expectAccessible(page);
  await shoot(page, testInfo, "defence-scope-1-summary");

  // The whole letter, opened from the summary in a new tab: its scope sections are the text shown.
  const [letterPage] = await Promise.all([
    page.context().waitForEvent("page"),
    scope.getByRole("link", { name: /^Leggi la lettera d'incarico completa/ }).click(),
  ]);
  await letterPage.waitForLoadState();
  expect(new URL(letterPage.url()).pathname + new URL(letterPage.url()).hash).toBe(
    "/services/difesa#incarico",
  );
  const publicLetter = letterPage.getByRole("region", { name: "La lettera d'incarico" });
  await expect(publicLetter).toBeInViewport();
  await expect(publicLetter).toContainText("[nome e cognome]");
  expect({
    includes: await paragraphsOf(publicLetter, INCLUDES),
    excludes: await paragraphsOf(publicLetter, EXCLUDES),
  }).toEqual(beforePaying);
  await expectAccessible(letterPage);
  await shoot(letterPage, testInfo, "defence-scope-2-letter");
  await letterPage.close();

  // Paid, the letter to accept on the case page has the same scope.
  await payThroughApi(page, authorization, practiceId, ["DEFENCE"]);
  await page.goto(casePage);
  const mandate = page.getByRole("group", { name: "Il mandato per la difesa legale" });
  const letter = mandate.getByRole("region", { name: /^Lettera d'incarico/ });
  await expect(letter).toContainText(INCLUDES);
  expect({
    includes: await paragraphsOf(letter, INCLUDES),
    excludes: await paragraphsOf(letter, EXCLUDES),
  }).toEqual(beforePaying);
});
