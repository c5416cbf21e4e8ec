import { expect, test } from "@playwright/test";
import { expectAccessible, mailedLink, signIn } from "../support.ts";

// The newsletter (double opt-in through the mail adapter), "Lavora con noi" and
// "Una buona idea" validate with the spec's Italian messages, store what is sent, and admins read it.

test.describe.configure({ mode: "serial" });

// The run's own rows: another run on the same server, or an earlier attempt, never has the same ones.
const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const subscriber = `lettrice-${stamp}@example.it`;
const ideaTitle = `Un corso per le scuole ${stamp}`;
const partner = `Avv. Paolo Verdi ${stamp}`;

test("the footer's newsletter sign-up is confirmed through the link mailed", async ({ page }) => {
  test.slow();
  await page.goto("/faq");
  const newsletter = page.getByRole("region", { name: "Iscriviti alla newsletter" });
  // Its code loads as the visitor nears the footer; until then the prerendered button waits, disabled.
  await newsletter.scrollIntoViewIfNeeded();
  await newsletter.getByRole("button", { name: "Iscriviti" }).click();
  await expect(newsletter.getByText("Campo Obbligatorio").first()).toBeVisible();
  await newsletter.getByLabel(/^Il tuo indirizzo email/).fill("non-una-email");
  await newsletter.getByLabel(/^Il tuo indirizzo email/).blur();
  await expect(newsletter.getByText("Non è una email valida!").first()).toBeVisible();
  await newsletter.getByLabel(/^Il tuo indirizzo email/).fill(subscriber);
  await newsletter.getByRole("checkbox").check();
  await newsletter.getByRole("button", { name: "Iscriviti" }).click();
  await expect(newsletter.getByText("Controlla la tua casella di posta", { exact: true })).toBeVisible();

  const link = await mailedLink(
    page,
    subscriber,
    /Conferma la tua iscrizione alla newsletter/,
    "/newsletter/confirm",
  );
  await page.goto(link);
  await expect(
    page.getByText("Iscrizione confermata: da ora riceverai la newsletter di Argine."),
  ).toBeVisible();
  await expectAccessible(page);
});

test("an idea is refused until complete, then sent", async ({ page }) => {
  await page.goto("/unabuonaidea");
  const main = page.locator("main");
  await page.getByRole("button", { name: /Invia/ }).click();
  await expect(page.getByText("Campo Obbligatorio").first()).toBeVisible();
  await main.getByLabel("Nome e cognome").fill("Marta Bianchi");
  await main.getByLabel("Email").fill(`marta-${stamp}@example.it`);
  await main.getByLabel("Titolo dell'idea").fill(ideaTitle);
  await main
    .getByLabel("Descrizione")
    .fill("Incontri nelle scuole medie per spiegare come conservare le prove di un abuso online.");
  await main.getByRole("checkbox").check();
  await page.getByRole("button", { name: /Invia/ }).click();
  await expect(page.getByText("Idea inviata")).toBeVisible();
  await expectAccessible(page);
});

test("a partnership request is sent from 'Lavora con noi'", async ({ page }) => {
  await page.goto("/workwithus");
  const main = page.locator("main");
  await main.getByLabel("Nome e cognome").fill(partner);
  await main.getByLabel("Email").fill(`paolo-${stamp}@example.it`);
  await main.getByLabel("Chi sei").selectOption({ index: 1 });
  await main.getByLabel("Messaggio").fill("Il mio studio si occupa di diffamazione online da dieci anni.");
  await main.getByRole("checkbox").check();
  await page.getByRole("button", { name: /Invia/ }).click();
  await expect(page.getByText("Richiesta inviata")).toBeVisible();
});

test("admins read the subscriber, the idea and the request", async ({ page }) => {
  await signIn(page, "admin@demo.argine.it");
  await page.goto("/dashboard/admin/requests");
  await expect(page.getByRole("row", { name: new RegExp(`${subscriber} confermata`) })).toBeVisible();
  await expect(page.getByText(ideaTitle)).toBeVisible();
  await expect(page.getByText(partner)).toBeVisible();
  await expectAccessible(page);
});
