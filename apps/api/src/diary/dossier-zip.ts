import { strToU8, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { sha256 } from "../storage/storage.ts";
import type {
  DossierAttachment,
  DossierEntry,
  DossierInput,
  DossierSeal,
  DossierVersion,
} from "./dossier-input.ts";

// The dossier's ZIP (issue 40): the PDF, the original files, each with its RFC 3161 token (`.tsr`), each
// version's canonical JSON with its token, the TSA's chain and a manifest, laid out so that anyone can run
// `openssl ts -verify` on each file from the folder it was extracted to. File names are ours, plain ASCII
// and unique, never a client's path. The layout and the words that explain it are written here once: the
// PDF's «Come verificare» prints the same, with the same names.

const DOSSIER_FILES = {
  readme: "LEGGIMI.txt",
  pdf: "dossier.pdf",
  manifest: "manifest.json",
  chain: "tsa-chain.pem",
} as const;

export interface VersionFiles {
  version: DossierVersion;
  /** Paths from the ZIP's root; the token's is null while the seal waits. */
  json: string;
  token: string | null;
}

export interface AttachmentFiles {
  attachment: DossierAttachment;
  file: string;
  token: string | null;
}

export interface EntryFiles {
  /** 1, 2, … in the input's (chronological) order. */
  number: number;
  folder: string;
  entry: DossierEntry;
  /** Oldest first, as they were written. */
  versions: VersionFiles[];
  attachments: AttachmentFiles[];
}

const tokenPath = (path: string, seal: DossierSeal) => (seal.token ? `${path}.tsr` : null);

/** Where each incident's files go: `episodi/01-2026-11-30/versione-1.json`, `…/allegati/foto.jpg`. */
export function dossierLayout(entries: readonly DossierEntry[]): EntryFiles[] {
  const digits = Math.max(2, String(entries.length).length);
  return entries.map((entry, index) => {
    const number = index + 1;
    const day = entry.versions[0]?.fields.occurredOn ?? "";
    const folder = `episodi/${String(number).padStart(digits, "0")}${/^\d{4}-\d{2}-\d{2}$/.test(day) ? `-${day}` : ""}`;
    const versions = [...entry.versions]
      .sort((a, b) => a.version - b.version)
      .map((version) => {
        const json = `${folder}/versione-${version.version}.json`;
        return { version, json, token: tokenPath(json, version.seal) };
      });
    const taken = new Set<string>();
    const attachments = entry.attachments.map((attachment) => {
      const file = `${folder}/allegati/${uniqueName(safeFileName(attachment.fileName), taken)}`;
      return { attachment, file, token: tokenPath(file, attachment.seal) };
    });
    return { number, folder, entry, versions, attachments };
  });
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const ascii = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "");

/**
 * A client's file name as one plain-ASCII path segment: accents dropped, anything else (slashes included) a
 * dash, no dot but the extension's (so no `..`, no hidden file), no name Windows refuses.
 */
export function safeFileName(original: string): string {
  const base = original.trim();
  const dot = base.lastIndexOf(".");
  const stem = ascii(dot > 0 ? base.slice(0, dot) : base).slice(0, 60) || "allegato";
  const extension = ascii(dot > 0 ? base.slice(dot + 1) : "")
    .toLowerCase()
    .slice(0, 8);
  const safeStem = WINDOWS_RESERVED.test(stem) ? `${stem}-file` : stem;
  return extension ? `${safeStem}.${extension}` : safeStem;
}

/** `foto.jpg`, then `foto-2.jpg`: unique without regard to case (Windows and macOS fold it), tokens' names included. */
function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()) || taken.has(`${candidate}.tsr`.toLowerCase()); n++)
    candidate = `${stem}-${n}${extension}`;
  taken.add(candidate.toLowerCase());
  taken.add(`${candidate}.tsr`.toLowerCase());
  return candidate;
}

/** A paragraph of the instructions, or a command to type as it is. */
export type VerifyParagraph = string | { command: string };
export interface VerifySection {
  heading: string;
  paragraphs: VerifyParagraph[];
}

/** The example files the instructions name: a sealed version and a sealed attachment, the first there are. */
function examples(layout: readonly EntryFiles[]) {
  const versions = layout.flatMap((entry) => entry.versions);
  const attachment = layout.flatMap((entry) => entry.attachments).find((files) => files.token);
  return { version: versions.find((files) => files.token) ?? versions[0], attachment };
}

const verifyCommand = (file: string) =>
  `openssl ts -verify -in ${file}.tsr -data ${file} -CAfile ${DOSSIER_FILES.chain}`;

/** «Come verificare»: what a timestamp proves, what the ZIP holds, the commands with the ZIP's own names. */
export function howToVerify(layout: readonly EntryFiles[]): VerifySection[] {
  const example = examples(layout);
  const file = example.version?.json ?? "episodi/01-AAAA-MM-GG/versione-1.json";
  return [
    {
      heading: "Che cosa prova una marca temporale",
      paragraphs: [
        "Ogni versione di un episodio e ogni allegato di questo dossier sono stati sigillati con una marca temporale secondo lo standard RFC 3161: un'autorità di marcatura temporale (TSA) ha firmato l'impronta SHA-256 del file insieme alla data e all'ora in cui l'ha ricevuta.",
        "La marca prova che quel file, byte per byte, esisteva in quel momento e che da allora non è stato modificato: se cambia anche un solo byte, la verifica non riesce. Non prova chi ha scritto il racconto, né che i fatti siano veri.",
        "Una correzione non cancella nulla: è una nuova versione, sigillata a sua volta, e le versioni precedenti restano nel dossier con le loro marche.",
      ],
    },
    {
      heading: "Che cosa c'è nello ZIP",
      paragraphs: [
        `${DOSSIER_FILES.readme}: queste istruzioni.`,
        `${DOSSIER_FILES.pdf}: il dossier da leggere o stampare.`,
        `${DOSSIER_FILES.manifest}: l'elenco di tutti i file, con l'impronta SHA-256, la data della marca e il numero di serie di ciascuno.`,
        `${DOSSIER_FILES.chain}: i certificati dell'autorità di marcatura temporale, con cui si verificano le marche.`,
        `episodi/: una cartella per episodio, in ordine cronologico (${layout[0]?.folder ?? "episodi/01-AAAA-MM-GG"}/, …). Dentro, versione-1.json è il racconto come è stato scritto la prima volta e versione-1.json.tsr la sua marca temporale; ogni correzione aggiunge una versione (versione-2.json, …). La cartella allegati/ contiene i file originali, ciascuno con la sua marca (.tsr).`,
        "L'impronta di una versione è calcolata sui byte del suo file versione-N.json, così com'è nello ZIP: il testo JSON della versione in forma canonica (chiavi in ordine, senza spazi). Non aprirlo e salvarlo con un editor: anche un solo spazio in più cambia l'impronta.",
        `Se una marca era ancora in attesa quando il dossier è stato preparato, il suo file .tsr manca e nel ${DOSSIER_FILES.manifest} il campo token è null.`,
      ],
    },
    {
      heading: "Come verificare un file",
      paragraphs: [
        `Servono il programma libero OpenSSL e una finestra del terminale aperta nella cartella in cui hai estratto lo ZIP; in ${DOSSIER_FILES.readme} ogni comando è su una riga sola, da copiare. Per esempio, per la prima versione del primo episodio:`,
        { command: verifyCommand(file) },
        "La risposta deve essere «Verification: OK». Se il file è stato modificato, anche di un solo byte, la verifica non riesce.",
        "Per leggere la data e l'ora della marca (in UTC) e il suo numero di serie:",
        { command: `openssl ts -reply -in ${file}.tsr -text` },
        `Per calcolare l'impronta SHA-256 del file e confrontarla con quella stampata nel dossier e scritta nel ${DOSSIER_FILES.manifest}:`,
        { command: `sha256sum ${file}` },
        "Su Windows, al posto di sha256sum:",
        { command: `certutil -hashfile ${file.replaceAll("/", "\\")} SHA256` },
        ...(example.attachment
          ? [
              "Lo stesso vale per ogni allegato, per esempio:",
              { command: verifyCommand(example.attachment.file) },
            ]
          : []),
      ],
    },
  ];
}

/** The instructions as plain text (LEGGIMI.txt): CRLF, so that every Windows editor shows the lines. */
function howToVerifyText(layout: readonly EntryFiles[]): string {
  const lines = ["DOSSIER DEGLI EPISODI - COME VERIFICARE", ""];
  for (const section of howToVerify(layout)) {
    lines.push(section.heading, "-".repeat(section.heading.length));
    for (const paragraph of section.paragraphs)
      lines.push(typeof paragraph === "string" ? paragraph : `    ${paragraph.command}`, "");
  }
  return `${lines.join("\r\n")}\r\n`;
}

const sealFields = (seal: DossierSeal, token: string | null) => ({
  sha256: seal.sha256,
  token,
  sealedAt: seal.sealedAt?.toISOString() ?? null,
  serial: seal.serial,
});

/** manifest.json: every file, its SHA-256 and its seal, per incident in order. */
function dossierManifest(input: DossierInput, layout: readonly EntryFiles[]) {
  return {
    title: "Dossier degli episodi",
    generatedAt: input.generatedAt.toISOString(),
    practice: input.practice?.ticketCode ?? null,
    hashAlgorithm: "SHA-256",
    versionSha256:
      "SHA-256 dei byte del file versione-N.json così com'è nello ZIP: il JSON canonico della versione (chiavi ordinate, senza spazi, UTF-8), i byte che la marca temporale sigilla.",
    attachmentSha256: "SHA-256 dei byte del file originale, così com'è nello ZIP.",
    tsaChain: DOSSIER_FILES.chain,
    incidents: layout.map((files) => ({
      number: files.number,
      folder: files.folder,
      occurredOn: files.entry.versions[0]?.fields.occurredOn ?? null,
      versions: files.versions.map(({ version, json, token }) => ({
        number: version.version,
        receivedAt: version.receivedAt.toISOString(),
        file: json,
        ...sealFields(version.seal, token),
      })),
      attachments: files.attachments.map(({ attachment, file, token }) => ({
        originalName: attachment.fileName,
        file,
        kind: attachment.kind,
        size: attachment.size,
        ...sealFields(attachment.seal, token),
      })),
    })),
  };
}

/** Text is compressed; media, the PDF and the originals are stored as they are (compressing them gains nothing). */
const COMPRESSED = /\.(txt|json|pem|tsr)$/;

/** A ZIP written as it goes: each file's bytes can be dropped once added (a video may be 200 MB). */
function zipWriter(mtime: Date) {
  const chunks: Uint8Array[] = [];
  const zip = new Zip();
  const done = new Promise<Uint8Array>((resolve, reject) => {
    zip.ondata = (error, chunk, final) => {
      if (error) return reject(error);
      chunks.push(chunk);
      if (final) resolve(Buffer.concat(chunks));
    };
  });
  // Awaited by finish(); a ZIP given up halfway must not leave a rejection nobody hears.
  done.catch(() => {});
  return {
    add(name: string, bytes: Uint8Array) {
      const file = COMPRESSED.test(name) ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
      file.mtime = mtime;
      zip.add(file);
      file.push(bytes, true);
    },
    finish() {
      zip.end();
      return done;
    },
    abort: () => zip.terminate(),
  };
}

/** The bytes of a file, refused when they are not the ones that were sealed: a dossier never lies. */
function checked(bytes: Uint8Array, seal: DossierSeal, what: string): Uint8Array {
  if (sha256(bytes) !== seal.sha256) throw new Error(`the ${what}'s bytes are not the ones sealed`);
  return bytes;
}

/**
 * The dossier's ZIP: LEGGIMI.txt, dossier.pdf, manifest.json, tsa-chain.pem, then each incident's versions
 * and attachments with their tokens. `onProgress` hears the share of attachments read, after each.
 */
export async function buildDossierZip(input: DossierInput, pdf: Uint8Array): Promise<Uint8Array> {
  const layout = dossierLayout(input.entries);
  const writer = zipWriter(input.generatedAt);
  const total = layout.reduce((sum, files) => sum + files.attachments.length, 0);
  let read = 0;
  try {
    writer.add(DOSSIER_FILES.readme, strToU8(howToVerifyText(layout)));
    writer.add(DOSSIER_FILES.pdf, pdf);
    writer.add(
      DOSSIER_FILES.manifest,
      strToU8(`${JSON.stringify(dossierManifest(input, layout), null, 2)}\n`),
    );
    writer.add(DOSSIER_FILES.chain, strToU8(input.tsaChainPem));
    for (const files of layout) {
      for (const { version, json, token } of files.versions) {
        writer.add(json, checked(strToU8(version.sealedJson), version.seal, `version ${version.version}`));
        if (token && version.seal.token) writer.add(token, version.seal.token);
      }
      for (const { attachment, file, token } of files.attachments) {
        writer.add(file, checked(await attachment.bytes(), attachment.seal, `attachment ${attachment.id}`));
        if (token && attachment.seal.token) writer.add(token, attachment.seal.token);
        read++;
        await input.onProgress?.(read / total);
      }
    }
  } catch (error) {
    writer.abort();
    throw error;
  }
  if (total === 0) await input.onProgress?.(1);
  return writer.finish();
}
