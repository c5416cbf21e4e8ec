import { expect, test } from "@playwright/test";
import { choose, italianDaysFromToday, next } from "../questionnaire.ts";
import { expectAccessible } from "../support.ts";

// A parent, on a phone, answers for a 12-year-old whose coach asked her on WhatsApp for nude photos, with no
// threat (Cass. III 41577/2023). The questionnaire asks whether she was asked for sexual content, because she
// is a minor; the result names sexual violence, prosecuted ex officio, with no complaint deadline, and the
// people who help come first.

test("@phone a parent answering for a 12-year-old asked for nude photos: sexual violence, ex officio, no complaint deadline, help first", async ({
  page,
}) => {
  await page.goto("/feedback");
  await choose(page, /Che cosa ti sta succedendo/, /Altro, o non so come chiamarlo/);
  await next(page, 2);
  await page.getByLabel(/la prima volta/).fill(italianDaysFromToday(-40));
  await page.getByLabel(/l'ultima volta/).fill(italianDaysFromToday(-6));
  await next(page, 3);
  await choose(page, /Avevi meno di 18 anni/, "Sì");
  await choose(page, /Avevi almeno 14 anni/, "No");
  await choose(page, /Sai chi è l'autore/, "Sì");
  await choose(page, /Che rapporto hai/, /Un conoscente o un amico/);
  await choose(page, /L'autore è minorenne/, "No");
  await next(page, 4);
  await choose(page, /Dove è successo/, /In messaggi privati/);
  await next(page, 5);
  await choose(page, /Qualcuno ha diffuso, o minacciato di diffondere/, "No");
  await choose(page, /Ti ha chiesto soldi o qualcos'altro/, "No");

  // The new question, asked because she is a minor, with its reason and a calm hint.
  const asked = page.getByRole("group", { name: /Ti ha chiesto di mandare foto o video intimi/ });
  await expect(asked).toBeVisible();
  await expect(asked).toContainText("Perché te lo chiediamo:");
  await expect(asked).toContainText("anche senza minacce");
  await expect(asked).toContainText("non è colpa tua");
  await expectAccessible(page.locator("main"));
  await choose(page, /Ti ha chiesto di mandare foto o video intimi/, "Sì");
  await next(page, 6);
  await next(page, 7);
  await page.getByLabel(/corrisponde al vero/).check();
  await page.getByLabel(/Ho letto l'informativa/).check();
  await page.getByRole("button", { name: "Invia e ricevi la valutazione" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Il risultato del questionario" })).toBeVisible();
  // The people who help come first: the team's review with the numbers to call, before any offence.
  const help = page.getByRole("region", { name: "Una persona del nostro team esaminerà il tuo caso" });
  await expect(help).toContainText("una richiesta di contenuti sessuali");
  await expect(help.getByRole("link", { name: "114" })).toHaveAttribute("href", "tel:114");
  const offences = page.getByRole("region", { name: "I reati che sembrano esserci" });
  const helpBox = await help.boundingBox();
  const offencesBox = await offences.boundingBox();
  expect(helpBox?.y).toBeLessThan(offencesBox?.y ?? 0);

  // Sexual violence, ex officio, and no complaint deadline anywhere.
  const card = offences.getByRole("listitem").filter({ hasText: "Violenza sessuale" });
  await expect(card).toBeVisible();
  await expect(card).toContainText("609-bis c.p.");
  await expect(card).toContainText("Si procede d'ufficio");
  await expect(offences.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText(/per sporgere querela/)).toHaveCount(0);
  await expect(page.getByText(/querela entro il/)).toHaveCount(0);

  // What to do, opened at first: the team, the Polizia Postale with a parent, then 114, before the legal steps.
  const section = (title: string) =>
    page.locator("details").filter({ has: page.getByRole("heading", { level: 3, name: title }) });
  const actions = section("Cosa fare ed entro quando");
  await expect(actions).toHaveAttribute("open", "");
  const items = actions.getByRole("listitem");
  await expect(items.nth(0)).toContainText("sarà esaminato subito da una persona del nostro team");
  await expect(items.nth(1)).toContainText("insieme a un genitore o a un adulto di cui ti fidi");
  await expect(items.nth(2)).toContainText("114 Emergenza Infanzia");
  await expect(actions).toContainText(
    "Violenza sessuale: si procede d'ufficio perché la vittima è minorenne. Non c'è un termine per la querela",
  );
  // Why no threat is needed, in what the law says (closed at first: she opens it).
  const law = section("Cosa dice la legge");
  await law.getByText("Cosa dice la legge").click();
  await expect(law).toContainText("Non serve alcuna minaccia");
  await expect(law).toContainText("Cass. III 41577/2023");
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath("child-result.png"), fullPage: true });
});
