import { MESSAGES } from "@argine/core/shared/messages";
import { expect, type Locator, type Page } from "@playwright/test";
import { newPractice, payThroughApi, shoot, shootPart, signInWithBearer, test } from "../shop.ts";
import { accessTokenOf, expectAccessible } from "../support.ts";

// On the case page a client sends a PDF for the lawyer (a progress bar, then its name
// and 'inviato il'), deletes it and sends it again; the server refuses an executable named .pdf and a 31 MB
// file with their messages; under 768px only the note that uploads are for desktops shows.

const PDF = Buffer.from(
  "%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(510, 0x90)]);
const MB = 1024 * 1024;

/** A formal notice bought and paid on a new practice of the client: its case page and service. */
async function boughtFormalNotice(page: Page, email: string, password: string) {
  const authorization = await signInWithBearer(page, email, password);
  const { ticketCode, practiceId } = await newPractice(page, authorization);
  await payThroughApi(page, authorization, practiceId, ["INJUCTION"]);
  const detail = await page.request.get(`/v1/practices/${practiceId}`, { headers: { authorization } });
  const { services } = (await detail.json()) as { services: { serviceId: string; serviceType: string }[] };
  const serviceId = services.find((service) => service.serviceType === "INJUCTION")?.serviceId ?? "";
  await page.goto(`/dashboard/practices/case/${ticketCode}`);
  return serviceId;
}

const choose = (widget: Locator, name: string, buffer: Buffer, mimeType = "application/pdf") =>
  widget.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });

test("a client sends a PDF, deletes it and sends it again; an .exe named .pdf and 31 MB are refused @desktop", async ({
  page,
  shopClient,
}, testInfo) => {
  test.slow();
  const serviceId = await boughtFormalNotice(page, shopClient.email, shopClient.password);
  const widget = page.getByRole("group", { name: "I tuoi file per l'avvocato" });
  await expect(widget.getByText(MESSAGES.uploadHint)).toBeVisible();
  await expect(widget.getByText(MESSAGES.uploadDesktopOnly)).toBeHidden();
  await expectAccessible(page);
  await shootPart(widget, testInfo, "upload-1-no-file");

  // The bytes are held on their way to the storage, long enough to see the progress bar.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/v1/storage/objects/**", async (route) => {
    await held;
    await route.continue();
  });
  await choose(widget, "denuncia.pdf", PDF);
  await expect(widget.getByText("denuncia.pdf")).toBeVisible();
  await expect(widget.getByRole("button", { name: "Togli il file denuncia.pdf" })).toBeVisible();
  await shootPart(widget, testInfo, "upload-2-chosen");
  await widget.getByRole("button", { name: "Invia" }).click();
  await expect(widget.getByRole("progressbar", { name: "Invio di denuncia.pdf in corso" })).toBeVisible();
  await shootPart(widget, testInfo, "upload-3-sending");
  release();
  await expect(widget.getByText(/^inviato il \d\d\/\d\d\/\d\d, \d\d:\d\d$/)).toBeVisible();
  await expect(widget.getByText("denuncia.pdf")).toBeVisible();
  await expect(widget.getByRole("progressbar")).toHaveCount(0);
  await page.unroute("**/v1/storage/objects/**");
  // The page was checked whole before: now the widget, in each of its states.
  await expectAccessible(widget);
  await shootPart(widget, testInfo, "upload-4-sent");

  // "Apri" opens a tab at the click, which receives the file (an attachment) under its own name.
  const downloaded = new Promise<string>((resolve) =>
    page.context().once("page", (tab) => tab.once("download", (file) => resolve(file.suggestedFilename()))),
  );
  await widget.getByRole("button", { name: "Apri" }).click();
  expect(await downloaded).toBe("denuncia.pdf");

  // Deleted after confirming, then sent again.
  await widget.getByRole("button", { name: "Elimina" }).click();
  await page
    .getByRole("dialog", { name: "Vuoi eliminare il file?" })
    .getByRole("button", { name: "Sì, elimina il file" })
    .click();
  await expect(widget.getByRole("button", { name: "Carica un file" })).toBeVisible();
  await expect(widget.getByText("denuncia.pdf")).toHaveCount(0);
  await choose(widget, "denuncia.pdf", PDF);
  await widget.getByRole("button", { name: "Invia" }).click();
  await expect(widget.getByText(/^inviato il /)).toBeVisible();

  // An executable renamed .pdf passes the widget's check of the name, and the server reads its bytes.
  await widget.getByRole("button", { name: "Elimina" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Sì, elimina il file" }).click();
  await choose(widget, "programma.pdf", EXE);
  await widget.getByRole("button", { name: "Invia" }).click();
  await expect(widget.getByRole("alert")).toHaveText(MESSAGES.uploadContentMismatch);
  await expect(widget.getByText(/^inviato il /)).toHaveCount(0);
  await expectAccessible(widget);
  await shootPart(widget, testInfo, "upload-5-refused");
  await widget.getByRole("button", { name: "Togli il file programma.pdf" }).click();

  // 31 MB: the widget refuses it before sending, as the server does when asked to sign it.
  await choose(widget, "grande.pdf", Buffer.alloc(31 * MB, 0x20));
  await expect(widget.getByRole("alert")).toHaveText(MESSAGES.uploadTooLarge);
  await expect(widget.getByRole("button", { name: "Invia" })).toHaveCount(0);
  // A fresh bearer: the journey outlives the first one on a busy machine. Renewing it signs the tab out, and
  // the tab has nothing left to do.
  const signed = await page.request.get(`/v1/services/${serviceId}/signed-url`, {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
    params: { fileName: "grande.pdf", size: 31 * MB },
  });
  expect(signed.status()).toBe(400);
  expect(((await signed.json()) as { message: string }).message).toBe(MESSAGES.uploadTooLarge);
});

test("on a 390px screen the case page says to upload from a desktop, and shows no widget @desktop", async ({
  page,
  shopClient,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await boughtFormalNotice(page, shopClient.email, shopClient.password);
  const widget = page.getByRole("group", { name: "I tuoi file per l'avvocato" });
  await expect(widget.getByText(MESSAGES.uploadDesktopOnly)).toBeVisible();
  await expect(widget.getByText(MESSAGES.uploadHint)).toBeHidden();
  await expect(widget.getByRole("button", { name: "Carica un file" })).toBeHidden();
  await expectAccessible(page);
  await widget.scrollIntoViewIfNeeded();
  await shootPart(widget, testInfo, "upload-6-phone");
  await shoot(page, testInfo, "upload-phone-page");
});
