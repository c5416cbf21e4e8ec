import { expect, type Page, test } from "@playwright/test";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { expectAccessible, MAILBOX_URL, signIn } from "../support.ts";

// Issue 4, acceptance 4 and 5: on a 390 × 844 phone, a new user completes the questionnaire for an
// intimate-images case, reads the result with its deadline, downloads the PDF, registers, and the practice
// is theirs.

const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date());
const daysFromToday = (n: number) => {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

async function choose(page: Page, question: RegExp, answer: string | RegExp) {
  await page
    .getByRole("group", { name: question })
    .getByRole("radio", { name: answer, exact: typeof answer === "string" })
    .check();
}

async function next(page: Page, step: number) {
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByText(`Passo ${step} di 7`, { exact: true })).toBeVisible();
}

async function pdfText(data: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(data), useSystemFonts: false });
  const pdf = await task.promise;
  let text = "";
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    text += content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
  }
  await task.destroy();
  return text.replace(/\s+/g, " ");
}

/** An access token for the signed-in tab, through its refresh token (as the app itself renews). */
async function accessTokenOf(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const refresh = Object.entries(sessionStorage).find(([k]) => k.endsWith("refreshToken"))?.[1] ?? "";
    const body = new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refresh,
      client_id: "argine-web",
      resource: `${location.origin}/v1`,
    });
    const res = await fetch("/oidc/token", { method: "POST", body });
    return ((await res.json()) as { access_token: string }).access_token;
  });
}

test("questionnaire for intimate images → result with deadline → PDF → register → the practice is mine", async ({
  page,
  browser,
}) => {
  // A whole journey, many pages each checked with axe: it gets the slow-test time.
  test.slow();
  // She accepted analytics cookies: the download is counted (without, nothing is recorded: unit-tested).
  const site = test.info().project.use.baseURL ?? "";
  await page.context().addCookies([{ name: "argine_analytics_consent", value: "true", url: site }]);
  await page.goto("/feedback");
  await expect(page.getByText("Passo 1 di 7", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await choose(page, /Che cosa ti sta succedendo/, /Sono state diffuse mie immagini intime/);
  await next(page, 2);
  await page.getByLabel(/la prima volta/).fill(daysFromToday(-30));
  await page.getByLabel(/l'ultima volta/).fill(daysFromToday(-5));
  await next(page, 3);
  await choose(page, /Avevi meno di 18 anni/, "No");
  await choose(page, /Sai chi è l'autore/, "Sì");
  await choose(page, /Che rapporto hai/, /Ex partner/);
  await expectAccessible(page);
  await next(page, 4);
  await choose(page, /intimi o sessualmente espliciti/, "Sì");
  await choose(page, /restare privati/, "Sì");
  await choose(page, /Avevi acconsentito/, "No");
  await next(page, 5);
  await choose(page, /già stati diffusi/, /Sono già stati diffusi/);
  await choose(page, /Dove sono stati diffusi/, /gruppo di chat/);
  await choose(page, /realizzati o sottratti/, "Sì");
  await choose(page, /Ti ha chiesto soldi/, "No");
  await next(page, 6);
  await next(page, 7);
  await page.getByRole("button", { name: "Invia e ricevi la valutazione" }).click();
  await expect(page.getByText("Devi dichiarare che quanto riportato corrisponde al vero.")).toBeVisible();
  await page.getByLabel(/corrisponde al vero/).check();
  await page.getByLabel(/Ho letto l'informativa/).check();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Invia e ricevi la valutazione" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Il risultato del questionario" })).toBeVisible();
  await expect(page.getByText(/hai ancora \d+ giorni per sporgere querela/i).first()).toBeVisible();
  await expect(page.getByText("612-ter c.p.").first()).toBeVisible();
  expect(page.url()).toMatch(/\/feedback$/);
  await expectAccessible(page);
  const practiceId = await page.evaluate(() => localStorage.getItem("lastKnownPracticeId"));
  expect(practiceId).toMatch(/^[0-9a-f-]{36}$/);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Scarica la valutazione in PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^argine-feedback-AR-[A-Z0-9]{8}\.pdf$/);
  const events = await page.evaluate(() =>
    ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).map((e) => e.event),
  );
  expect(events).toContain("feedback_download");
  const ticketCode = download.suggestedFilename().slice("argine-feedback-".length, -".pdf".length);
  const { readFile } = await import("node:fs/promises");
  const text = await pdfText(await readFile(await download.path()));
  expect(text).toContain(`Pratica ${ticketCode}`);
  expect(text).toContain("612-ter c.p.");
  expect(text).toContain("Querela");
  expect(text).toContain("non ha valore di parere legale");

  const email = `vittoria.${Date.now()}@example.it`;
  await page.getByRole("link", { name: "Registrati per aprire la pratica" }).click();
  await page.getByLabel(/^Nome/).fill("Vittoria");
  await page.getByLabel(/^Cognome/).fill("Neri");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill("Tranquilla42");
  await page.getByLabel(/^Conferma la password/).fill("Tranquilla42");
  await page.getByLabel(/^Ho letto l'informativa sulla privacy/).check();
  await page.getByRole("button", { name: "Crea l'account" }).click();
  await expect(page.getByRole("heading", { name: "Controlla la tua email" })).toBeVisible();

  await page.goto(MAILBOX_URL);
  await page
    .getByRole("button", { name: /Conferma/ })
    .first()
    .click();
  const verify = await page.locator("article a[href*='/account/verify']").first().getAttribute("href");
  await page.goto(verify ?? "");
  await expect(page.getByRole("heading", { name: "Indirizzo confermato" })).toBeVisible();
  await signIn(page, email, "Tranquilla42");
  await expect(page.getByText(`La pratica ${ticketCode} è ora nel tuo account.`)).toBeVisible();

  // Through the API: the practice is hers (claiming again is a no-op), and nobody else can take it.
  const mine = await accessTokenOf(page);
  const again = await page.request.patch(`/v1/practices/${practiceId}/user`, {
    headers: { authorization: `Bearer ${mine}` },
  });
  expect(again.status()).toBe(200);
  const other = await browser.newPage();
  await signIn(other, "cliente@demo.argine.it", "Demo!Argine2026");
  const theirs = await accessTokenOf(other);
  const stolen = await other.request.patch(`/v1/practices/${practiceId}/user`, {
    headers: { authorization: `Bearer ${theirs}` },
  });
  expect(stolen.status()).toBe(403);
  await other.close();
});
