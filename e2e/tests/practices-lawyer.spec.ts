import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, openMail, signIn } from "../support.ts";

// The demo lawyer searches, filters the anonymous practices, works one and emails its
// client, whose identity stays hidden.

const cards = (page: Page) => page.locator("article");

test("the demo lawyer searches by name and number, filters anonymous practices and works one", async ({
  page,
}) => {
  // A whole journey, many pages each checked with axe: it gets the slow-test time.
  test.slow();
  await signIn(page, "avvocato@demo.argine.it");
  await page
    .getByRole("navigation", { name: "Area personale" })
    .getByRole("link", { name: "Tutte le pratiche" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Tutte le pratiche" })).toBeVisible();

  // The filters apply as they change: typed text after a short pause, no "Cerca" to press.
  const search = page.getByLabel("Nome del cliente o numero di pratica");
  await search.fill("Esposito");
  await expect(page).toHaveURL(/q=Esposito/);
  await expect(cards(page).filter({ hasText: "Giulia Esposito" }).first()).toBeVisible();
  // The client's anonymous practice is never found by her name.
  await expect(page.getByRole("link", { name: "Pratica AR-DEMO0004" })).toHaveCount(0);

  await page.getByLabel("Nome del cliente o numero di pratica").fill("DEMO0001");
  await page.getByLabel("Nome del cliente o numero di pratica").press("Enter");
  await expect(page.getByRole("heading", { name: "1 pratica" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Pratica AR-DEMO0001" })).toBeVisible();

  await page.getByLabel("Nome del cliente o numero di pratica").fill("");
  await expect(page).not.toHaveURL(/q=/);
  await page.getByLabel("Solo pratiche anonime").check();
  await expect(page).toHaveURL(/anonymous=true/);
  await expect(page.getByRole("link", { name: "Pratica AR-DEMO0004" })).toBeVisible();
  await expect(cards(page).filter({ hasText: "Giulia" })).toHaveCount(0);
  // Every card says so, asked of the list as it stands when it settles (a card read one by one could be
  // gone by the time it is read, the list redrawn meanwhile).
  await expect(cards(page).filter({ hasNotText: "Pratica anonima" })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("link", { name: "Pratica AR-DEMO0004" }).click();
  await page.waitForURL("**/dashboard/practices/case/AR-DEMO0004");
  await expect(page.getByText("Pratica anonima: l'identità del cliente non è visibile.")).toBeVisible();
  await expect(page.getByText("cliente@demo.argine.it")).toHaveCount(0);
  const box = page.locator("section", { has: page.getByRole("heading", { name: "Area avvocato" }) });
  await expect(box).toBeVisible();
  await expectAccessible(page);

  // The services this practice can buy: the takedown is switched off and disappears from the offer.
  await box.getByLabel("Takedown").uncheck();
  await box.getByRole("button", { name: "Salva i servizi" }).click();
  await expect(box.getByText("Servizi disponibili aggiornati.")).toBeVisible();
  const offer = page.locator("section", { has: page.getByRole("heading", { name: "Servizi disponibili" }) });
  await expect(offer.getByText("Takedown")).toHaveCount(0);
  await expect(offer.getByText("Diffida").first()).toBeVisible();

  await box.getByLabel("Valutazione della pratica").selectOption("WITHRESERVE");
  await box.getByRole("button", { name: "Salva la valutazione" }).click();
  await expect(box.getByText("Valutazione salvata.")).toBeVisible();
  const recap = page.locator("section", { has: page.getByRole("heading", { name: "Riepilogo" }) });
  await expect(recap).toContainText("valida con riserva");
  await expect(recap).toContainText("Attacco di massa");
  await expect(recap).not.toContainText(/shitstorm/i);

  const subject = `Documenti per la diffida ${Date.now()}`;
  await box.getByLabel("Oggetto").fill(subject);
  await box.getByLabel("Messaggio").fill("Buongiorno, ci servono gli screenshot dei commenti con la data.");
  await box.getByRole("button", { name: "Invia l'email" }).click();
  await expect(box.getByText("Email inviata al cliente.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Email inviate al cliente" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("lawyer-case.png"), fullPage: true });

  // The mail reached the client (demo mailbox), though the lawyer never saw her address: a notice with the
  // link, none of the lawyer's words (she did not ask for them in her profile, ADR 038).
  await openMail(page, "cliente@demo.argine.it", /C'è un nuovo messaggio sulla tua pratica/);
  await expect(page.locator("article")).toContainText("A: cliente@demo.argine.it");
  await expect(page.locator("article")).toContainText("il team ti ha scritto un messaggio sulla tua pratica");
  await expect(page.locator("article")).not.toContainText("ci servono gli screenshot");
  await expect(page.locator("article")).not.toContainText(subject);
});
