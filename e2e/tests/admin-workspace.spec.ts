import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, expectAccessible, signIn } from "../support.ts";

// The admin workspace in the real server: the demo admin changes a price (the public catalogue serves
// it at once), creates a voucher, and every section passes axe. Desktop only: it changes shared demo data.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();

async function packagePrice(page: Page): Promise<number | undefined> {
  const response = await page.request.get("/v1/products");
  expect(response.status()).toBe(200);
  const products = (await response.json()) as { code: string; price: number }[];
  return products.find((p) => p.code === "PACKAGE")?.price;
}

async function savePackagePrice(page: Page, typed: string, shown: string) {
  const row = page.getByRole("row", { name: /PACKAGE/ });
  await row.getByRole("button", { name: "Modifica PACKAGE" }).click();
  await expect(page.getByRole("heading", { name: "Modifica del prodotto PACKAGE" })).toBeFocused();
  await page.getByLabel(/^Prezzo \(€/).fill(typed);
  await page.getByRole("button", { name: "Salva il prodotto" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Prodotto PACKAGE salvato" })).toContainText(
    `prezzo ${shown}`,
  );
  await expect(row).toContainText(shown);
}

test("the admin edits a price the public catalogue serves at once, creates a voucher, and every section is accessible", async ({
  page,
}) => {
  // Five sections, each with an axe run: longer than one page's budget.
  test.slow();
  await signIn(page, "admin@demo.argine.it", DEMO_PASSWORD);

  await page.goto("/dashboard/admin");
  await expect(page.getByRole("heading", { name: "Utenti e ruoli", level: 1 })).toBeVisible();
  await page.getByLabel("Cerca per email o nome").fill("avvocato@demo");
  await page.getByRole("button", { name: "Cerca" }).click();
  const lawyer = page.getByRole("row", { name: /Marco Rinaldi/ });
  await expect(lawyer).toContainText("avvocato");
  await expect(page.getByRole("table")).toHaveCount(1);
  await expectAccessible(page);

  await page
    .getByRole("navigation", { name: "Amministrazione" })
    .getByRole("link", { name: "Prodotti e prezzi" })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/products$/);
  await expect(page.getByRole("table", { name: /Catalogo/ })).toContainText("447,00 €");
  await expectAccessible(page);

  // Typed the Italian way; a dot would do too. Restored at the end: other journeys share this server.
  const before = await packagePrice(page);
  expect(before).toBe(447);
  try {
    await savePackagePrice(page, "459,90", "459,90 €");
    expect(await packagePrice(page)).toBe(459.9);
    // A discounted price above the price is refused, with the summary and the field's message.
    // Submitted from the keyboard (Enter): every field is checked, the summary takes the focus.
    await page.getByLabel(/^Prezzo scontato/).fill("500");
    await page.getByLabel(/^Prezzo scontato/).press("Enter");
    await expect(page.getByRole("region", { name: "C'è un errore da correggere" })).toBeFocused();
    await expect(page.getByText("Il prezzo scontato non può superare il prezzo.").first()).toBeVisible();
    // The page was checked whole above: now the form with its errors.
    await expectAccessible(page.locator("form", { has: page.getByLabel(/^Prezzo scontato/) }));
  } finally {
    await page.getByRole("button", { name: "Chiudi" }).click();
    await savePackagePrice(page, "447.00", "447,00 €");
  }
  expect(await packagePrice(page)).toBe(447);

  const code = `E2E-${unique()}`;
  await page.goto("/dashboard/admin/vouchers");
  await expect(page.getByRole("table", { name: /Voucher/ })).toContainText("BENVENUTO10");
  await expectAccessible(page);
  await page.getByLabel(/^Codice/).fill(code.toLowerCase());
  await page.getByLabel(/^Sconto/).fill("15");
  await page.getByLabel(/^Scadenza/).fill("31/12/2030");
  await page.getByRole("button", { name: "Crea il voucher" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Voucher ${code} creato.` })).toBeVisible();
  const created = page.getByRole("row", { name: new RegExp(code) });
  await expect(created).toContainText("15%");
  await expect(created).toContainText("31/12/2030");
  // The same code again is refused under the field.
  await page.getByLabel(/^Codice/).fill(code);
  await page.getByRole("button", { name: "Crea il voucher" }).click();
  await expect(
    page.getByRole("button", { name: "Codice: Esiste già un codice uguale: scegline un altro." }),
  ).toBeVisible();
  await expect(page.getByLabel(/^Codice/)).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page.locator("form", { has: page.getByLabel(/^Codice/) }));

  await page.goto("/dashboard/admin/campaigns");
  await expect(page.getByRole("table", { name: /Campagne/ })).toContainText("SCUDO-DIGITALE");
  await page.getByRole("button", { name: "Crea la campagna" }).click();
  await expect(page.getByRole("region", { name: /errori da correggere/ })).toBeFocused();
  await expectAccessible(page);

  await page.goto("/dashboard/admin/gift-cards");
  await expect(page.getByRole("table", { name: /Gift card/ })).toContainText("DIFESA-PROMO-150");
  await expectAccessible(page);
});

test("the content preview loads the selected page's current Markdown and shows it as the site will", async ({
  page,
}) => {
  await signIn(page, "admin@demo.argine.it", DEMO_PASSWORD);
  await page.goto("/dashboard/admin/preview");
  const editor = page.getByLabel("Markdown della pagina");
  await page.getByLabel("Pagina del sito").selectOption("/faq");
  await expect(editor).toHaveValue(
    /^---\ntitle: Domande frequenti[^\n]*\n[\s\S]*## Il questionario gratuito/,
  );
  await page.getByLabel("Pagina del sito").selectOption("/education/stalking");
  await expect(editor).not.toHaveValue(/Domande frequenti/);
  const heading = /^heading: (.+)$/m.exec(await editor.inputValue())?.[1] ?? "";
  expect(heading).not.toBe("");
  await page.getByRole("button", { name: "Mostra l'anteprima" }).click();
  await expect(
    page.getByRole("region", { name: "Anteprima", exact: true }).getByRole("heading", { level: 1 }),
  ).toHaveText(heading);
  await expectAccessible(page);
});

test("a lawyer is told the admin area is reserved", async ({ page }) => {
  await signIn(page, "avvocato@demo.argine.it", DEMO_PASSWORD);
  await page.goto("/dashboard/admin/products");
  await expect(page.getByRole("heading", { name: "Area riservata" })).toBeVisible();
  await expect(page.getByText("Quest'area è riservata agli amministratori.")).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await expectAccessible(page);
});
