import { expect } from "@playwright/test";
import { newPractice, payThroughApi, shoot, shootPart, signInWithBearer, test } from "../shop.ts";
import { expectAccessible, signIn } from "../support.ts";

// Legal defence starts with the engagement letter. The client reads it on the case page, is told
// why the work waits for it, ticks the box and accepts; the lawyer sees it accepted, with its version.

test("a client reads and accepts the defence mandate, and the lawyer sees it accepted @desktop", async ({
  page,
  browser,
  shopClient,
}, testInfo) => {
  test.slow();
  const authorization = await signInWithBearer(page, shopClient.email, shopClient.password);
  const { ticketCode, practiceId } = await newPractice(page, authorization);
  await payThroughApi(page, authorization, practiceId, ["DEFENCE"]);
  const casePage = `/dashboard/practices/case/${ticketCode}`;

  const staff = await browser.newContext();
  const lawyer = await staff.newPage();
  await signIn(lawyer, "avvocato@demo.argine.it");
  await lawyer.goto(casePage);
  const staffPanel = lawyer.getByRole("group", { name: "Il mandato per la difesa legale" });
  await expect(staffPanel).toContainText("In attesa che il cliente accetti il mandato");

  await page.goto(casePage);
  const panel = page.getByRole("group", { name: "Il mandato per la difesa legale" });
  await expect(panel).toContainText("Finché non lo accetti il lavoro non può cominciare.");
  const letter = panel.getByRole("region", { name: /^Lettera d'incarico/ });
  await expect(letter).toContainText("Chi incarichi");
  await expect(letter).toContainText(/Per questa attività hai pagato \d+,\d\d €/);
  await expectAccessible(page);
  await shootPart(panel, testInfo, "mandate-1-to-accept");

  await panel.getByRole("button", { name: "Accetto il mandato" }).click();
  await expect(panel).toContainText("Per iniziare devi leggere e accettare il mandato.");
  await panel.getByLabel("Ho letto e accetto il mandato").check();
  await panel.getByRole("button", { name: "Accetto il mandato" }).click();
  await expect(panel.getByText(/^Mandato accettato il \d\d\/\d\d\/\d\d, \d\d:\d\d$/)).toBeVisible();
  await expect(panel.getByRole("checkbox")).toHaveCount(0);
  await shoot(page, testInfo, "mandate-2-accepted");

  await lawyer.reload();
  await expect(
    staffPanel.getByText(/^Mandato accettato il .* \(versione di \w+ \d{4}, n\. \d+\)$/),
  ).toBeVisible();
  await expectAccessible(lawyer);
  await shoot(lawyer, testInfo, "mandate-3-staff");
  await staff.close();
});
