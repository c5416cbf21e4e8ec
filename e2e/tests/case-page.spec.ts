import { expect, test } from "@playwright/test";
import { expectAccessible, expectNoHorizontalOverflow, signIn } from "../support.ts";

// The case page as a victim mostly sees it: on a phone (and on desktop). Read-only, so it runs everywhere.

test("the client's case page shows the recap, the services with their messages and the conversation", async ({
  page,
}) => {
  await signIn(page, "cliente@demo.argine.it");
  await page.goto("/dashboard/practices/case/AR-DEMO0001");
  await expect(page.getByRole("heading", { level: 1, name: "Pratica AR-DEMO0001" })).toBeVisible();
  await expect(page.getByText("Stato: aperto")).toBeVisible();
  // Spec §4: a takedown in progress is taken in charge, to check back in hours or days.
  await expect(
    page.getByText(/preso in carico dal nostro team: ricontrolla fra qualche ora o qualche giorno/),
  ).toBeVisible();
  await expect(
    page.getByText("Abbiamo inviato la richiesta di rimozione alla piattaforma.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Area avvocato" })).toHaveCount(0);
  // The spec's shitstorm flag, in plain Italian: never the English word.
  const recap = page.locator("section", { has: page.getByRole("heading", { name: "Riepilogo" }) });
  await expect(
    recap.locator("div", { has: page.getByText("Attacco di massa", { exact: true }) }),
  ).toContainText("No");
  await expect(page.getByText(/shitstorm/i)).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
});
