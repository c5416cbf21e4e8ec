import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { expect, type Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { pdfText } from "../../apps/api/test/pdf-text.ts";
import { shoot, test } from "../shop.ts";
import { expectAccessible, signIn } from "../support.ts";

// The evidence diary (issue 40, acceptance 1) on a phone, as the demo client: three incidents written from the
// phone's layout, each with a screenshot, in an order other than the one they happened in; one corrected;
// the dossier made by its job with its progress shown; its PDF lists them in the order they happened, and
// every token of its ZIP verifies with `openssl ts -verify` against the TSA's chain in the ZIP, until a byte
// of one screenshot changes.

/** A small real PNG of one colour (what a phone's screenshot is, smaller). */
function png(red: number, green: number, blue: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const size = 24;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill([red, green, blue]).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(Array(size).fill(row)))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

interface Incident {
  day: string;
  time: string | null;
  platform: string;
  what: string;
  file: string;
  bytes: Buffer;
}

async function writeIncident(page: Page, incident: Incident) {
  await page.getByRole("link", { name: "Aggiungi un episodio" }).first().click();
  await page.waitForURL(/\/dashboard\/diary\/nuovo/);
  await page.getByLabel(/^Giorno/).fill(incident.day);
  if (incident.time) await page.getByLabel(/^Ora/).fill(incident.time);
  else await page.getByLabel("Non ricordo l'ora").check();
  await page.getByLabel(/^Dove è successo/).selectOption({ label: incident.platform });
  await page.getByLabel(/^Che cosa è successo/).fill(incident.what);
  await page.getByLabel("Allega foto o file").setInputFiles({
    name: incident.file,
    mimeType: "image/png",
    buffer: incident.bytes,
  });
  await expect(page.getByText("Caricato", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Salva l'episodio" }).click();
  await page.waitForURL(/\/dashboard\/diary\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/** `openssl ts -verify` of `token` for the file `data`, both paths inside `dir`: whether it said OK. */
function verifies(dir: string, token: string, data: string): boolean {
  try {
    const out = execFileSync(
      "openssl",
      ["ts", "-verify", "-in", token, "-data", data, "-CAfile", "tsa-chain.pem"],
      { cwd: dir, stdio: "pipe" },
    );
    return out.toString().includes("Verification: OK");
  } catch {
    return false;
  }
}

test("@phone three incidents with screenshots from the phone, one corrected, in a dossier whose tokens verify", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  // Written in another order than they happened: the diary and the dossier put them back in time.
  const incidents: Incident[] = [
    {
      day: "20/11/2026",
      time: "08:05",
      platform: "WhatsApp",
      what: `Terzo episodio ${run}: messaggi minacciosi all'alba.`,
      file: "terzo.png",
      bytes: png(200, 40, 40),
    },
    {
      day: "10/11/2026",
      time: "21:30",
      platform: "Instagram",
      what: `Primo episodio ${run}: un commento offensivo sotto la mia foto.`,
      file: "primo.png",
      bytes: png(40, 200, 40),
    },
    {
      day: "15/11/2026",
      time: null,
      platform: "Telegram",
      what: `Secondo episodio ${run}: un gruppo che condivide il mio numero.`,
      file: "secondo.png",
      bytes: png(40, 40, 200),
    },
  ];

  await signIn(page, "cliente@demo.argine.it");
  await page.goto("/dashboard/diary");
  await expect(page.getByRole("heading", { level: 1, name: "Diario degli episodi" })).toBeVisible();
  for (const incident of incidents) {
    await page.goto("/dashboard/diary");
    await writeIncident(page, incident);
  }
  await expectAccessible(page);
  await shoot(page, testInfo, "diary-entry");

  // The second corrected: its first version stays sealed beside the correction.
  await page.goto("/dashboard/diary");
  await page
    .getByRole("article")
    .filter({ hasText: `Secondo episodio ${run}` })
    .getByRole("link")
    .first()
    .click();
  await page.getByRole("button", { name: "Correggi" }).click();
  const corrected = `Secondo episodio ${run}: un gruppo Telegram che condivide il mio numero e il mio indirizzo.`;
  await page.getByLabel(/^Che cosa è successo/).fill(corrected);
  await page.getByRole("button", { name: "Salva la correzione" }).click();
  await expect(page.getByText(/Correzione salvata: è la versione 2/)).toBeVisible();
  const versions = page.getByRole("region", { name: "Le versioni" });
  await expect(versions.getByText(/Versione 1 del/)).toBeVisible();
  await expect(page.getByText(corrected).first()).toBeVisible();
  await shoot(page, testInfo, "diary-corrected");

  // The list in the order they happened, each sealed once the TSA answered.
  await page.goto("/dashboard/diary");
  const cards = page.getByRole("article").filter({ hasText: run });
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toContainText("Primo episodio");
  await expect(cards.nth(1)).toContainText("Secondo episodio");
  await expect(cards.nth(2)).toContainText("Terzo episodio");
  await expect(cards.getByText(/Sigillato il/)).toHaveCount(3, { timeout: 20_000 });
  await expectAccessible(page);
  await shoot(page, testInfo, "diary-list");

  // The dossier: its progress, then its two files.
  await page.getByRole("button", { name: "Prepara il dossier" }).click();
  const pdfLink = page.getByRole("link", { name: "Scarica il PDF" });
  await expect(pdfLink).toBeVisible({ timeout: 60_000 });
  await shoot(page, testInfo, "diary-dossier");
  const pdf = await page.request.get((await pdfLink.getAttribute("href")) ?? "");
  expect(pdf.ok()).toBe(true);
  const text = await pdfText(new Uint8Array(await pdf.body()));
  const at = (words: string) => text.indexOf(words);
  expect(at(`Primo episodio ${run}`)).toBeGreaterThan(-1);
  expect(at(`Primo episodio ${run}`)).toBeLessThan(at(corrected));
  expect(at(corrected)).toBeLessThan(at(`Terzo episodio ${run}`));
  expect(text).toContain("Come verificare");
  expect(text).toContain("Come presentare la querela");

  const zipLink = page.getByRole("link", { name: "Scarica lo ZIP" });
  const zip = unzipSync(
    new Uint8Array(await (await page.request.get((await zipLink.getAttribute("href")) ?? "")).body()),
  );
  const dir = mkdtempSync(join(tmpdir(), "argine-dossier-"));
  for (const [name, bytes] of Object.entries(zip)) {
    if (name.endsWith("/")) continue;
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), bytes);
  }
  const tokens = Object.keys(zip).filter((name) => name.endsWith(".tsr"));
  // Each of this run's screenshots and each version of its incidents, sealed.
  for (const incident of incidents) {
    const stored = Object.keys(zip).find(
      (name) => name.endsWith(`/${incident.file}`) && Buffer.from(zip[name] ?? []).equals(incident.bytes),
    );
    expect(stored, `${incident.file} among ${Object.keys(zip).join(", ")}`).toBeDefined();
    expect(tokens).toContain(`${stored}.tsr`);
  }
  expect(strFromU8(zip["tsa-chain.pem"] ?? new Uint8Array())).toContain("BEGIN CERTIFICATE");
  for (const token of tokens) expect(verifies(dir, token, token.slice(0, -4)), token).toBe(true);

  // One byte of one screenshot changed: its token no longer verifies.
  const screenshot = tokens.find((token) => token.endsWith("/primo.png.tsr"))?.slice(0, -4) ?? "";
  const changed = readFileSync(join(dir, screenshot));
  changed[changed.length - 1] = (changed.at(-1) ?? 0) ^ 0xff;
  writeFileSync(join(dir, screenshot), changed);
  expect(verifies(dir, `${screenshot}.tsr`, screenshot)).toBe(false);
});
