import { expect, test } from "@playwright/test";
import { shootPart } from "../shop.ts";
import { expectAccessible, expectNoHorizontalOverflow, signIn, waitForHydration } from "../support.ts";

// The case page counts down to the complaint (querela) deadline and the client opts in to the
// reminder mails. Each project works its own demo case, so desktop and phone never toggle the same box.

test("the client sees the complaint deadline's countdown and opts in to the reminders", async ({
  page,
}, testInfo) => {
  // Two page loads and two saves after the sign-in: more than the default on a busy machine.
  test.slow();
  const ticketCode = testInfo.project.name === "mobile" ? "AR-DEMO0001" : "AR-DEMO0004";
  await signIn(page, "cliente@demo.argine.it");
  await page.goto(`/dashboard/practices/case/${ticketCode}`);
  // A box toggled before React takes the page over is set back by it.
  await waitForHydration(page);
  const section = page.locator("section", {
    has: page.getByRole("heading", { name: "Scadenza per la querela" }),
  });
  await expect(
    section.getByText(/^Mancano \d+ giorni: l'ultimo giorno per presentare la querela è il /),
  ).toBeVisible();
  const box = section.getByRole("checkbox", {
    name: "Ricordamelo via email 30, 7 e 1 giorno prima della scadenza",
  });
  await expect(box).not.toBeChecked();
  await box.focus();
  await page.keyboard.press("Space");
  await expect(section.getByText("Promemoria attivati.")).toBeVisible();
  await expect(box).toBeChecked();
  // The case page is checked whole in case-page.spec.ts: here the section it adds.
  await expectAccessible(section);
  await expectNoHorizontalOverflow(page);
  await shootPart(section, testInfo, "deadline-reminders");

  // Saved: still on after a reload; then off again, as the demo case was.
  await page.reload();
  await waitForHydration(page);
  await expect(box).toBeChecked();
  await box.uncheck();
  await expect(section.getByText("Promemoria disattivati.")).toBeVisible();
});
