import { expect, test } from "@playwright/test";
import { expectAccessible, signIn } from "../support.ts";

// The demo client follows a case from the dashboard, talks to the lawyer and closes it.

test("the demo client opens a case by its ticket code, comments, and closes it after confirming", async ({
  page,
  context,
}) => {
  // A whole journey, many pages each checked with axe: it gets the slow-test time.
  test.slow();
  await signIn(page, "cliente@demo.argine.it");
  await expect(page.getByRole("heading", { name: "Le tue pratiche in breve" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Pratica AR-DEMO0002" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Pratica AR-DEMO0002" }).click();
  await page.waitForURL("**/dashboard/practices/case/AR-DEMO0002");
  // The ticket code is the fourth path segment of the per-case area.
  expect(new URL(page.url()).pathname.split("/").filter(Boolean)[3]).toBe("AR-DEMO0002");
  await expect(page.getByRole("heading", { level: 1, name: "Pratica AR-DEMO0002" })).toBeVisible();
  await expect(page.getByText("Stato: da pagare")).toBeVisible();
  const practiceId = await page.evaluate(() => localStorage.getItem("lastKnownPracticeId"));
  expect(practiceId).toMatch(/^[0-9a-f-]{36}$/);

  // The feedback opens in a new tab: the PDF of this practice.
  const feedback = page.getByRole("link", { name: /Apri il feedback/ });
  await expect(feedback).toHaveAttribute("target", "_blank");
  const pdf = await context.request.get((await feedback.getAttribute("href")) ?? "");
  expect(pdf.headers()["content-type"]).toContain("application/pdf");

  // Services: what is active and what this practice can still buy, with catalogue prices.
  await expect(page.getByRole("heading", { name: "Servizi attivi" })).toBeVisible();
  const available = page.locator("section", {
    has: page.getByRole("heading", { name: "Servizi disponibili" }),
  });
  await expect(available.getByText("Takedown", { exact: false }).first()).toBeVisible();
  await expect(available.getByText(/\d+,\d{2} €/).first()).toBeVisible();
  await expectAccessible(page);

  const message = `Ho trovato altri due post, li allego appena posso (${Date.now()}).`;
  await page.getByLabel("Scrivi al tuo avvocato").fill(message);
  await page.getByRole("button", { name: "Invia il messaggio" }).click();
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByText("Messaggio inviato.")).toBeVisible();

  await page.getByRole("button", { name: "Chiudi la pratica" }).click();
  const dialog = page.getByRole("dialog", { name: "Vuoi chiudere la pratica?" });
  await expect(dialog).toContainText("Per riaprirla dovrai contattare il team di Argine.");
  await expectAccessible(dialog);
  await dialog.getByRole("button", { name: "Sì, chiudi la pratica" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Stato: conclusa")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pratica conclusa" })).toBeVisible();

  // The list says so too.
  await page.goto("/dashboard/practices");
  const card = page.locator("article", { has: page.getByRole("link", { name: "Pratica AR-DEMO0002" }) });
  await expect(card.getByText("conclusa")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("practices-list.png"), fullPage: true });
});

test("a client asking for someone else's ticket code finds nothing", async ({ page }) => {
  await signIn(page, "cliente@demo.argine.it");
  await page.goto("/dashboard/practices/case/AR-DEMO0003");
  await expect(page.getByRole("heading", { name: "Pratica non trovata" })).toBeVisible();
  await expectAccessible(page);
});
