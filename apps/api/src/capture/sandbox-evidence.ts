import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { styledPdf } from "../pdf/pdf-document.ts";
import { sha256 } from "../storage/storage.ts";
import { REPORT_FILE_NAME } from "./capture-provider.ts";

// The sandbox's evidence (ADR 021): made from a fixed page shipped with the product, never from the URL the
// client typed (a server-side fetch of a user's URL could read the product's own internal pages). The URL
// is only printed. The files: the page's HTML, its PNG screenshot when a Chromium is at hand, a JSON
// manifest with each file's SHA-256 and the times, and a PDF report carrying the URL, the times and every
// hash (the manifest's too), whose own hash the client is shown.

const PAGE = new URL("../../assets/legalization/sandbox-page.html", import.meta.url);
const run = promisify(execFile);

export interface EvidenceFile {
  name: string;
  contentType: string;
  bytes: Buffer;
  sha256: string;
}

export interface EvidenceInput {
  url: string;
  sessionId: string;
  startedAt: Date;
  endedAt: Date;
  chromiumPath: string | null;
}

const file = (name: string, contentType: string, bytes: Buffer): EvidenceFile => ({
  name,
  contentType,
  bytes,
  sha256: sha256(bytes),
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The fixed page with the URL, the session and the start written in as text. */
async function snapshot(input: EvidenceInput): Promise<Buffer> {
  const page = await readFile(PAGE, "utf8");
  const values: Record<string, string> = {
    url: input.url,
    session: input.sessionId,
    startedAt: input.startedAt.toISOString(),
  };
  return Buffer.from(page.replace(/\{\{(\w+)\}\}/g, (_, key: string) => escapeHtml(values[key] ?? "")));
}

/** The page as Chromium draws it; null without a Chromium, or when it fails (the other files still go). */
async function screenshot(html: Buffer, chromiumPath: string | null): Promise<Buffer | null> {
  if (!chromiumPath) return null;
  const dir = await mkdtemp(join(tmpdir(), "argine-capture-"));
  try {
    await writeFile(join(dir, "page.html"), html);
    const out = join(dir, "screenshot.png");
    await run(
      chromiumPath,
      [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        "--no-first-run",
        `--user-data-dir=${join(dir, "profile")}`,
        "--window-size=1280,800",
        `--screenshot=${out}`,
        `file://${join(dir, "page.html")}`,
      ],
      { timeout: 60_000 },
    );
    return await readFile(out);
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function report(input: EvidenceInput, files: EvidenceFile[]): Promise<Buffer> {
  const pdf = styledPdf({ title: "Rapporto di acquisizione" });
  pdf.title("Rapporto di acquisizione");
  pdf.paragraph(
    "Ambiente di prova (sandbox): le prove sono state ricavate da una pagina fissa di Argine, non " +
      "dall'indirizzo indicato, che è riportato qui sotto così come è stato scritto.",
  );
  pdf.heading("Pagina indicata");
  pdf.paragraph(input.url);
  pdf.heading("Sessione");
  pdf.paragraph(`Identificativo: ${input.sessionId}`);
  pdf.paragraph(`Inizio: ${input.startedAt.toISOString()}`);
  pdf.paragraph(`Fine: ${input.endedAt.toISOString()}`);
  pdf.heading("File e impronte SHA-256");
  for (const f of files) pdf.paragraph(`${f.name} (${f.bytes.length} byte), SHA-256:\n${f.sha256}`);
  return pdf.finish();
}

/** Every file of the session, the report last. */
export async function makeSandboxEvidence(input: EvidenceInput): Promise<EvidenceFile[]> {
  const html = await snapshot(input);
  const png = await screenshot(html, input.chromiumPath);
  const files = [file("snapshot.html", "text/html; charset=utf-8", html)];
  if (png) files.push(file("screenshot.png", "image/png", png));
  const manifest = {
    url: input.url,
    session: input.sessionId,
    startedAt: input.startedAt.toISOString(),
    endedAt: input.endedAt.toISOString(),
    source: "sandbox: pagina fissa di Argine, l'indirizzo non è stato visitato",
    files: files.map((f) => ({
      name: f.name,
      contentType: f.contentType,
      size: f.bytes.length,
      sha256: f.sha256,
    })),
  };
  files.push(
    file("manifest.json", "application/json", Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)),
  );
  files.push(file(REPORT_FILE_NAME, "application/pdf", await report(input, files)));
  return files;
}
