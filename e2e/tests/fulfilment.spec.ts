import { SERVICE_STATUS_ERRORS } from "@argine/core/services/lifecycle";
import { MESSAGES } from "@argine/core/shared/messages";
import { expect, type Page } from "@playwright/test";
import { newPractice, payThroughApi, shoot, signInWithBearer, test } from "../shop.ts";
import { expectAccessible, openMail, signIn } from "../support.ts";

// The lawyer takes a paid formal notice from the queue, sends the letter and sets it
// done; the client gets a mail that says nothing of the case and opens the letter. A legal defence bought
// with it cannot start before the client accepts its mandate, and can once they have.

const LETTER = Buffer.from(
  "%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

/** A service's card on the case page, by the Italian name it starts with (the defence's letter says "diffida"). */
const card = (page: Page, name: string) =>
  page
    .getByRole("region", { name: "Servizi", exact: true })
    .getByRole("listitem")
    .filter({ hasText: new RegExp(`^${name}`) });

async function setStatus(page: Page, service: string, status: string) {
  const controls = card(page, service);
  await controls.getByLabel(/^Nuovo stato/).selectOption({ label: status });
  await controls.getByRole("button", { name: "Aggiorna lo stato" }).click();
}

test("a paid formal notice goes from the queue to the client's hands; a defence waits for its mandate @desktop", async ({
  page,
  browser,
  shopClient,
}, testInfo) => {
  test.slow();
  const authorization = await signInWithBearer(page, shopClient.email, shopClient.password);
  const { ticketCode, practiceId } = await newPractice(page, authorization);
  await payThroughApi(page, authorization, practiceId, ["INJUCTION", "DEFENCE"]);
  const casePage = `/dashboard/practices/case/${ticketCode}`;

  // The lawyer takes the formal notice from "Lavori da fare".
  const staff = await browser.newContext();
  const lawyer = await staff.newPage();
  await signIn(lawyer, "avvocato@demo.argine.it");
  await lawyer.goto("/dashboard/services?serviceType=INJUCTION");
  const item = lawyer
    .getByRole("article")
    .filter({ has: lawyer.getByRole("link", { name: `Pratica ${ticketCode}` }) });
  await item.getByRole("button", { name: "Prendi in carico" }).click();
  await expect(
    lawyer
      .getByRole("region", { name: /^Assegnati a te/ })
      .getByRole("link", { name: `Pratica ${ticketCode}` }),
  ).toBeVisible();

  // On the case page: the letter sent as the finished document, then the service set done.
  await lawyer.goto(casePage);
  const notice = card(lawyer, "Diffida");
  await expect(notice).toContainText("Assegnato a te");
  // The draft written from the practice, to edit in a word processor.
  const draft = lawyer.waitForEvent("download");
  await notice.getByRole("button", { name: "Scarica la bozza della diffida (.docx)" }).click();
  expect((await draft).suggestedFilename()).toBe(`bozza-diffida-${ticketCode}.docx`);
  const widget = notice.getByRole("group", { name: "Il documento finito per il cliente" });
  await widget
    .locator('input[type="file"]')
    .setInputFiles({ name: "diffida-firmata.pdf", mimeType: "application/pdf", buffer: LETTER });
  await widget.getByRole("button", { name: "Invia" }).click();
  await expect(widget.getByText(/^inviato il /)).toBeVisible();
  await setStatus(lawyer, "Diffida", "completato");
  await expect(notice.getByText("Stato aggiornato: completato.")).toBeVisible();

  // The defence cannot start: its mandate is not accepted yet.
  await setStatus(lawyer, "Difesa Legale", "in corso");
  await expect(card(lawyer, "Difesa Legale").getByRole("alert")).toHaveText(
    SERVICE_STATUS_ERRORS.mandateMissing,
  );
  await expectAccessible(lawyer);
  await shoot(lawyer, testInfo, "fulfilment-lawyer-case");

  // The client's mail says there is news, and nothing of what.
  await openMail(page, shopClient.email, /C'è un aggiornamento sulla tua pratica/);
  const mail = page.getByRole("article");
  await expect(mail).toContainText("c'è un aggiornamento sulla tua pratica su Argine");
  await expect(mail).not.toContainText(/diffida|difesa|documento/i);

  // The case page: the notice done, its letter opened in a new tab.
  await page.goto(casePage);
  const done = card(page, "Diffida");
  await expect(done).toContainText(MESSAGES.noFurtherAction);
  const downloaded = new Promise<string>((resolve) =>
    page.context().once("page", (tab) => tab.once("download", (file) => resolve(file.suggestedFilename()))),
  );
  await done.getByRole("button", { name: "Apri il documento" }).click();
  expect(await downloaded).toBe("diffida-firmata.pdf");
  await expectAccessible(page);

  // Once the client accepts the mandate, the lawyer can start the defence.
  const mandate = page.getByRole("group", { name: "Il mandato per la difesa legale" });
  await mandate.getByLabel("Ho letto e accetto il mandato").check();
  await mandate.getByRole("button", { name: "Accetto il mandato" }).click();
  await expect(mandate.getByText(/^Mandato accettato il /)).toBeVisible();
  await lawyer.reload();
  await setStatus(lawyer, "Difesa Legale", "in corso");
  await expect(card(lawyer, "Difesa Legale").getByText("Stato aggiornato: in corso.")).toBeVisible();
  await staff.close();
});
