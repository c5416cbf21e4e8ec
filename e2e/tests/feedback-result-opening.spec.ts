import { expect, test } from "@playwright/test";
import { sendQuestionnaire } from "../questionnaire.ts";

// On a 390 px phone the result must open on what matters most to a frightened reader: the verdict and the
// complaint deadline. The case code and its key follow, below them.

test("@phone the result opens on the verdict and the complaint deadline, the code box below them", async ({
  page,
}) => {
  await sendQuestionnaire(page, 30, 5);

  const verdict = page.getByRole("heading", { level: 2, name: "Sembra che ci sia un reato" });
  const deadline = page.getByText(/hai ancora \d+ giorni per sporgere querela/i).first();
  const codeBox = page.getByRole("heading", { name: "Il codice della tua pratica" });
  await expect(verdict).toBeVisible();
  await expect(codeBox).toBeVisible();
  // The result rewinds the history to the questionnaire's first entry, whose scroll position the router
  // restores when the rewind lands, after the result is on screen: check once it has landed and painted.
  await page.waitForFunction(() => (window.history.state as { idx?: number } | null)?.idx === 0);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

  const viewport = page.viewportSize();
  if (!viewport) throw new Error("no viewport");
  expect(viewport.width).toBe(390);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(100);
  for (const target of [verdict, deadline]) {
    const box = await target.boundingBox();
    if (!box) throw new Error("not laid out");
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  }
  const deadlineBox = await deadline.boundingBox();
  const codeBoxTop = (await codeBox.boundingBox())?.y ?? 0;
  expect(codeBoxTop).toBeGreaterThan((deadlineBox?.y ?? 0) + (deadlineBox?.height ?? 0));
  // Keyboard and screen-reader users start at the result's title, just above the verdict.
  await expect(page.getByRole("heading", { level: 1, name: "Il risultato del questionario" })).toBeFocused();
});
