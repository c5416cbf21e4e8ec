import { MESSAGES } from "@argine/core/shared/messages";
import { expect, type Page } from "@playwright/test";
import { newPractice, payThroughApi, shoot, signInWithBearer, test } from "../shop.ts";
import { expectAccessible, signIn } from "../support.ts";

// The client submits three takedown links (an empty first one is refused, one typed
// without https:// gets it), checks them before the one submission, lands on the success route and downloads
// the DSA notice; the lawyer records "removed" for one link and the client
// sees it.

const URLS = [
  "https://www.instagram.com/p/EsempioE2E/",
  "https://example.org/pagina-con-il-contenuto",
  "https://t.me/canale/42",
];

/** The takedown's card on the case page. */
const takedownCard = (page: Page) =>
  page
    .getByRole("region", { name: "Servizi", exact: true })
    .getByRole("listitem")
    .filter({ hasText: "Takedown" })
    .first();

test("the client sends three links, downloads a notice; the lawyer records a removal the client then sees", async ({
  page,
  browser,
  shopClient,
}, testInfo) => {
  test.slow();
  const authorization = await signInWithBearer(page, shopClient.email, shopClient.password);
  const { ticketCode, practiceId } = await newPractice(page, authorization);
  await payThroughApi(page, authorization, practiceId, ["TAKEDOWN"]);
  const casePage = `/dashboard/practices/case/${ticketCode}`;

  await page.goto(casePage);
  const card = takedownCard(page);
  await expect(card.getByText(/Prima di chiedere la rimozione, conserva le prove/)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, testInfo, "takedown-form");

  // An empty first link is refused before anything is sent.
  await card.getByRole("button", { name: "Controlla i link" }).click();
  await expect(card.getByText(MESSAGES.takedownFirstUrlRequired)).toBeVisible();

  await card.getByRole("textbox", { name: /Primo link/ }).fill(URLS[0] as string);
  // Pasted without its scheme: https:// is added.
  await card.getByRole("textbox", { name: /Link 2/ }).fill((URLS[1] as string).replace("https://", ""));
  await card.getByRole("textbox", { name: /Link 3/ }).fill(URLS[2] as string);
  await card.getByRole("button", { name: "Controlla i link" }).click();
  // Sent once: the links are shown to check first, as they will be sent.
  await expect(
    card.getByRole("heading", { name: /Controlla i link: dopo l'invio non potrai modificarli/ }),
  ).toBeFocused();
  await expect(card.getByRole("listitem")).toHaveText(URLS);
  await expect(card.getByRole("textbox", { name: /Primo link/ })).toBeHidden();
  await expectAccessible(card);
  await shoot(page, testInfo, "26-takedown-check");
  await card.getByRole("button", { name: "Conferma e invia" }).click();
  await expect(page).toHaveURL(new RegExp(`${casePage}/service/takedown/success$`));
  await expect(page.getByRole("heading", { name: "Richiesta di rimozione ricevuta" })).toBeVisible();
  await expectAccessible(page);

  // Back on the case: each link with its state, and its notice to download.
  await page.getByRole("link", { name: "Torna alla pratica" }).click();
  const sent = takedownCard(page);
  for (const url of URLS) await expect(sent.getByText(url)).toBeVisible();
  const first = sent.getByRole("listitem").filter({ hasText: URLS[0] as string });
  const pdf = page.waitForEvent("download");
  await first.getByRole("button", { name: "Scarica la segnalazione (PDF)" }).click();
  expect((await pdf).suggestedFilename()).toBe(`segnalazione-${ticketCode}-1.pdf`);
  await expect(first.getByRole("link", { name: /Pagina per le segnalazioni di Instagram/ })).toBeVisible();

  // The lawyer records where the first notice went and that the platform removed the content.
  const staff = await browser.newContext();
  const lawyer = await staff.newPage();
  await signIn(lawyer, "avvocato@demo.argine.it");
  await lawyer.goto(casePage);
  const record = takedownCard(lawyer).getByRole("form", { name: "Registro dell'invio (link 1)" });
  await record.getByRole("textbox", { name: /Inviata tramite/ }).fill("Modulo DSA di Instagram");
  await record.getByRole("combobox", { name: "Risposta della piattaforma" }).selectOption("REMOVED");
  await record.getByRole("button", { name: "Registra" }).click();
  await expect(record.getByText("Registrato.")).toBeVisible();
  await expectAccessible(lawyer);
  await shoot(lawyer, testInfo, "takedown-staff");
  await staff.close();

  await page.reload();
  await expect(
    takedownCard(page)
      .getByRole("listitem")
      .filter({ hasText: URLS[0] as string }),
  ).toContainText("contenuto rimosso");
});
