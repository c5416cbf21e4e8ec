import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { deflateSync } from "node:zlib";
import { canonicalJson, type DiaryEntryFields } from "@argine/core/diary/entry";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../clock.ts";
import { sha256 } from "../storage/storage.ts";
import { type LocalTsa, loadLocalTsa } from "../timestamps/local-tsa.ts";
import type {
  DossierAttachment,
  DossierEntry,
  DossierInput,
  DossierSeal,
  DossierVersion,
} from "./dossier-input.ts";
import { renderDossierPdf } from "./dossier-pdf.ts";
import { buildDossierZip, dossierLayout, safeFileName } from "./dossier-zip.ts";

// The dossier's ZIP checked as a lawyer or a court's expert would: real RFC 3161 tokens from the local TSA,
// the ZIP extracted to a folder, and Debian's `openssl ts -verify` run there on every `.tsr` with the chain
// the ZIP carries. A byte changed in one file makes its verification fail.

let dir: string;
let tsa: LocalTsa;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "argine-dossier-"));
  tsa = await loadLocalTsa(join(dir, "tsa"), systemClock);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function sealed(bytes: Uint8Array): Promise<DossierSeal> {
  const stamp = await tsa.authority.stamp(sha256(bytes));
  return { sha256: sha256(bytes), token: stamp.response, sealedAt: stamp.genTime, serial: stamp.serial };
}

const pending = (bytes: Uint8Array): DossierSeal => ({
  sha256: sha256(bytes),
  token: null,
  sealedAt: null,
  serial: null,
});

/** A 3×2 RGB PNG (its CRCs are not checked by anything here). */
function png(): Uint8Array {
  const part = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, "latin1"), data, Buffer.alloc(4)]);
  };
  const header = Buffer.from([0, 0, 0, 3, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    part("IHDR", header),
    part("IDAT", deflateSync(Buffer.alloc(2 * (3 * 3 + 1), 0))),
    part("IEND", Buffer.alloc(0)),
  ]);
}

async function attachment(id: string, fileName: string, bytes: Uint8Array): Promise<DossierAttachment> {
  return {
    id,
    fileName,
    kind: fileName.endsWith(".pdf") ? "pdf" : "image",
    size: bytes.length,
    seal: await sealed(bytes),
    bytes: async () => bytes,
  };
}

const fields = (overrides: Partial<DiaryEntryFields>): DiaryEntryFields => ({
  occurredOn: "2026-11-30",
  occurredAt: "21:30",
  platform: "INSTAGRAM",
  urls: ["https://www.instagram.com/p/abc/"],
  who: "",
  what: "Mi ha scritto che sa dove abito.",
  ...overrides,
});

async function version(
  entryId: string,
  number: number,
  values: DiaryEntryFields,
  attachments: DossierAttachment[],
  seal: "sealed" | "pending" = "sealed",
): Promise<DossierVersion> {
  const receivedAt = new Date(Date.UTC(2026, 11, number, 9));
  const sealedJson = canonicalJson({
    entryId,
    version: number,
    fields: values,
    attachments: attachments.map((a) => ({ name: a.fileName, sha256: a.seal.sha256 })),
    receivedAt: receivedAt.toISOString(),
  });
  const bytes = new TextEncoder().encode(sealedJson);
  return {
    version: number,
    fields: values,
    receivedAt,
    sealedJson,
    seal: seal === "sealed" ? await sealed(bytes) : pending(bytes),
    attachmentIds: attachments.map((a) => a.id),
  };
}

/** Two incidents: the first with a PNG and a PDF, the second corrected, its correction still waiting for the TSA. */
async function dossier(progress: number[]): Promise<DossierInput> {
  const image = await attachment("a-1", "Screenshot «minacce» 30/11.png", png());
  const report = await attachment(
    "a-2",
    "../../referto.pdf",
    Buffer.from("%PDF-1.4\n% un referto finto\n%%EOF\n"),
  );
  const first: DossierEntry = {
    entryId: "e-1",
    versions: [await version("e-1", 1, fields({}), [image, report])],
    attachments: [image, report],
  };
  const original = fields({ occurredOn: "2026-12-03", occurredAt: null, what: "Prima stesura." });
  const second: DossierEntry = {
    entryId: "e-2",
    versions: [
      await version("e-2", 2, { ...original, what: "Il racconto corretto." }, [], "pending"),
      await version("e-2", 1, original, []),
    ],
    attachments: [],
  };
  return {
    clientName: "Giulia Bianchi",
    practice: {
      ticketCode: "AR-TEST0001",
      createdAt: new Date("2026-12-01T10:00:00Z"),
      facts: {
        category: null,
        firstEventDate: null,
        lastEventDate: null,
        ongoing: false,
        knowledgeDate: null,
        description: null,
      },
      feedback: null,
    },
    entries: [first, second],
    generatedAt: new Date("2026-12-05T10:00:00Z"),
    tsaChainPem: await tsa.authority.chain(),
    onProgress: (fraction) => {
      progress.push(fraction);
    },
  };
}

/** Every file of the ZIP written under a fresh folder, as an unzip would. */
function extract(zip: Uint8Array): { folder: string; names: string[] } {
  const folder = mkdtempSync(join(dir, "estratto-"));
  const files = unzipSync(zip);
  for (const [name, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), bytes);
  }
  return { folder, names: Object.keys(files) };
}

/** `openssl ts -verify` as LEGGIMI.txt writes it, run in the extracted folder: OpenSSL's output or its error. */
function verify(folder: string, file: string): string {
  const args = ["ts", "-verify", "-in", `${file}.tsr`, "-data", file, "-CAfile", "tsa-chain.pem"];
  try {
    return execFileSync("openssl", args, { cwd: folder, stdio: "pipe" }).toString();
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

describe("the dossier's ZIP", () => {
  it("holds the PDF, the originals and their tokens, which OpenSSL verifies against the chain it carries", async () => {
    const progress: number[] = [];
    const input = await dossier(progress);
    const zip = await buildDossierZip(input, await renderDossierPdf(input));
    const { folder, names } = extract(zip);

    expect(names.sort()).toEqual(
      [
        "LEGGIMI.txt",
        "dossier.pdf",
        "manifest.json",
        "tsa-chain.pem",
        "episodi/01-2026-11-30/versione-1.json",
        "episodi/01-2026-11-30/versione-1.json.tsr",
        "episodi/01-2026-11-30/allegati/Screenshot-minacce-30-11.png",
        "episodi/01-2026-11-30/allegati/Screenshot-minacce-30-11.png.tsr",
        "episodi/01-2026-11-30/allegati/referto.pdf",
        "episodi/01-2026-11-30/allegati/referto.pdf.tsr",
        "episodi/02-2026-12-03/versione-1.json",
        "episodi/02-2026-12-03/versione-1.json.tsr",
        // The correction's seal waits: its JSON is there, its token is not.
        "episodi/02-2026-12-03/versione-2.json",
      ].sort(),
    );
    expect(progress).toEqual([0.5, 1]);
    expect(readFileSync(join(folder, "dossier.pdf")).subarray(0, 5).toString()).toBe("%PDF-");

    const tokens = names.filter((name) => name.endsWith(".tsr"));
    expect(tokens).toHaveLength(4);
    for (const token of tokens) expect(verify(folder, token.slice(0, -4))).toContain("Verification: OK");

    // LEGGIMI.txt's commands name files that are there, and verify.
    const readme = readFileSync(join(folder, "LEGGIMI.txt"), "utf8");
    const commands = [
      ...readme.matchAll(/openssl ts -verify -in (\S+)\.tsr -data (\S+) -CAfile tsa-chain\.pem/g),
    ];
    expect(commands.length).toBeGreaterThanOrEqual(2);
    for (const [, token, data] of commands) {
      expect(token).toBe(data);
      expect(verify(folder, data ?? "")).toContain("Verification: OK");
    }
    expect(readme).toContain("sha256sum episodi/01-2026-11-30/versione-1.json");
  });

  it("fails the verification of a file whose one byte changed", async () => {
    const input = await dossier([]);
    const { folder } = extract(await buildDossierZip(input, new Uint8Array([0x25])));
    const image = "episodi/01-2026-11-30/allegati/Screenshot-minacce-30-11.png";
    const bytes = readFileSync(join(folder, image));
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    writeFileSync(join(folder, image), bytes);
    const said = verify(folder, image);
    expect(said).not.toContain("Verification: OK");
    expect(said).toContain("message imprint mismatch");
    // The other files still verify.
    expect(verify(folder, "episodi/01-2026-11-30/allegati/referto.pdf")).toContain("Verification: OK");
  });

  it("has a manifest whose version hashes are the SHA-256 of the JSON files as they are", async () => {
    const input = await dossier([]);
    const { folder } = extract(await buildDossierZip(input, new Uint8Array([0x25])));
    const manifest = JSON.parse(readFileSync(join(folder, "manifest.json"), "utf8"));
    expect(manifest).toMatchObject({
      generatedAt: "2026-12-05T10:00:00.000Z",
      practice: "AR-TEST0001",
      tsaChain: "tsa-chain.pem",
    });
    expect(manifest.versionSha256).toContain("versione-N.json");
    expect(manifest.incidents.map((i: { folder: string }) => i.folder)).toEqual([
      "episodi/01-2026-11-30",
      "episodi/02-2026-12-03",
    ]);
    const versions = manifest.incidents.flatMap((i: { versions: unknown[] }) => i.versions);
    expect(versions).toHaveLength(3);
    for (const v of versions) {
      const bytes = readFileSync(join(folder, v.file));
      expect(sha256(bytes)).toBe(v.sha256);
    }
    const [, second] = manifest.incidents;
    expect(second.versions.map((v: { number: number }) => v.number)).toEqual([1, 2]);
    expect(second.versions[1]).toMatchObject({ token: null, sealedAt: null, serial: null });
    expect(second.versions[0].token).toBe("episodi/02-2026-12-03/versione-1.json.tsr");
    const [image, report] = manifest.incidents[0].attachments;
    expect(image).toMatchObject({
      originalName: "Screenshot «minacce» 30/11.png",
      file: "episodi/01-2026-11-30/allegati/Screenshot-minacce-30-11.png",
      token: "episodi/01-2026-11-30/allegati/Screenshot-minacce-30-11.png.tsr",
      size: png().length,
      sha256: sha256(png()),
    });
    expect(image.sealedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(image.serial).toMatch(/^[0-9a-f]+$/);
    expect(report.originalName).toBe("../../referto.pdf");
    expect(report.file).toBe("episodi/01-2026-11-30/allegati/referto.pdf");
    // The JSON files are the sealed bytes exactly.
    expect(readFileSync(join(folder, "episodi/02-2026-12-03/versione-2.json"), "utf8")).toBe(
      input.entries[1]?.versions[0]?.sealedJson,
    );
  });

  it("refuses to pack a file whose bytes are not the ones sealed", async () => {
    const input = await dossier([]);
    const [first] = input.entries;
    const swapped = first && {
      ...first,
      attachments: first.attachments.map((a, i) =>
        i === 0 ? { ...a, bytes: async () => png().subarray(1) } : a,
      ),
    };
    await expect(
      buildDossierZip({ ...input, entries: swapped ? [swapped] : [] }, new Uint8Array()),
    ).rejects.toThrow(/not the ones sealed/);
  });
});

describe("the ZIP's file names", () => {
  it("are plain ASCII, with no folder, no dot but the extension's, no Windows device name", () => {
    expect(safeFileName("../../etc/passwd.png")).toBe("etc-passwd.png");
    expect(safeFileName("..\\..\\x.PDF")).toBe("x.pdf");
    expect(safeFileName(".nascosto.jpg")).toBe("nascosto.jpg");
    expect(safeFileName("Perché è così.jpeg")).toBe("Perche-e-cosi.jpeg");
    expect(safeFileName("CON.pdf")).toBe("CON-file.pdf");
    expect(safeFileName("«»")).toBe("allegato");
    expect(safeFileName("foto.tar.gz")).toBe("foto-tar.gz");
  });

  it("never collide in a folder, whatever the case, nor with a token's name", () => {
    const file = (id: string, fileName: string): DossierAttachment => ({
      id,
      fileName,
      kind: "image",
      size: 1,
      seal: pending(new Uint8Array([1])),
      bytes: async () => new Uint8Array([1]),
    });
    const entry: DossierEntry = {
      entryId: "e",
      versions: [],
      attachments: [
        file("1", "Foto.jpg"),
        file("2", "foto.jpg"),
        file("3", "FOTO.JPG"),
        file("4", "foto-2.jpg"),
      ],
    };
    const [layout] = dossierLayout([entry]);
    expect(layout?.folder).toBe("episodi/01");
    expect(layout?.attachments.map((a) => a.file.split("/").pop())).toEqual([
      "Foto.jpg",
      "foto-2.jpg",
      "FOTO-3.jpg",
      "foto-2-2.jpg",
    ]);
  });
});
