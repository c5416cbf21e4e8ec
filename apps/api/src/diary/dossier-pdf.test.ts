import { deflateSync } from "node:zlib";
import { canonicalJson, type DiaryEntryFields } from "@argine/core/diary/entry";
import type { FeedbackResult, Offence } from "@argine/core/feedback/result";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text.ts";
import { sha256 } from "../storage/storage.ts";
import type {
  DossierAttachment,
  DossierEntry,
  DossierInput,
  DossierSeal,
  DossierVersion,
} from "./dossier-input.ts";
import { pngDecodes, renderDossierPdf } from "./dossier-pdf.ts";

// An 8×6 red JPEG (ImageMagick, -strip), and PNGs made here: a real one with transparency, whose pixels
// pdfkit decodes later in a callback, and broken ones that must cost a line, never the PDF.
const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCUAHVPf//Z",
  "base64",
);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  // The CRC is not checked by pdfkit nor by pngDecodes; a zero keeps the helper short.
  return Buffer.concat([length, Buffer.from(type, "latin1"), data, Buffer.alloc(4)]);
}

/** An RGBA PNG of `width`×`height`, every row with filter 0 unless `filter` says otherwise. */
function png(width: number, height: number, filter = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 4 + 1) * height, 0x80);
  for (let row = 0; row < height; row++) rows[row * (width * 4 + 1)] = filter;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const seal = (sha: string, sealedAt: Date | null): DossierSeal => ({
  sha256: sha,
  token: sealedAt ? Buffer.from("token") : null,
  sealedAt,
  serial: sealedAt ? "0a1b2c3d" : null,
});

function attachment(
  id: string,
  fileName: string,
  bytes: Uint8Array,
  sealedAt: Date | null = null,
): DossierAttachment {
  const kind = /\.pdf$/.test(fileName) ? "pdf" : "image";
  return {
    id,
    fileName,
    kind,
    size: bytes.length,
    seal: seal(sha256(bytes), sealedAt),
    bytes: async () => bytes,
  };
}

const fields = (overrides: Partial<DiaryEntryFields>): DiaryEntryFields => ({
  occurredOn: "2026-11-30",
  occurredAt: "21:30",
  platform: "INSTAGRAM",
  urls: ["https://www.instagram.com/p/abc/"],
  who: "il profilo @finto_mario",
  what: "Mi ha scritto che sa dove abito.",
  ...overrides,
});

function version(
  entryId: string,
  number: number,
  values: DiaryEntryFields,
  receivedAt: Date,
  attachments: DossierAttachment[],
  sealedAt: Date | null,
): DossierVersion {
  const sealedJson = canonicalJson({
    entryId,
    version: number,
    fields: values,
    attachments: attachments.map((a) => ({ name: a.fileName, sha256: a.seal.sha256 })),
    receivedAt: receivedAt.toISOString(),
  });
  return {
    version: number,
    fields: values,
    receivedAt,
    sealedJson,
    seal: seal(sha256(new TextEncoder().encode(sealedJson)), sealedAt),
    attachmentIds: attachments.map((a) => a.id),
  };
}

const offence = (overrides: Partial<Offence>): Offence => ({
  code: "STALKING",
  article: "612-bis c.p.",
  title: "Atti persecutori (stalking)",
  procedibility: "QUERELA",
  complaintDeadline: "2027-05-30",
  prescriptionDate: "2033-05-30",
  penalty: "da 1 anno a 6 anni e 6 mesi",
  aggravations: [],
  certain: true,
  ...overrides,
});

const feedback = (offences: Offence[]): FeedbackResult => ({
  evaluation: "VALID",
  offences,
  sections: {
    lawDetail: [],
    whyNoCrime: [],
    aggravatingAndPenalties: [],
    damageCompensation: [],
    usefulToKnow: [],
    additionalNotes: [],
    actionsAndDeadlines: [],
    exclusions: [],
  },
  deadlines: [
    { kind: "QUERELA", date: "2027-05-30", article: "612-bis c.p.", note: "Termine per la querela" },
  ],
  humanReview: false,
  recommendedServices: [],
  rulesVersion: "test",
  asOf: "2026-12-05",
});

/** Two incidents in order: the first with a JPEG, its seal sealed; the second corrected, its PDF pending. */
function dossier(overrides: Partial<DossierInput> = {}): DossierInput {
  const photo = attachment("a-1", "Screenshot del 30/11.jpg", JPEG, new Date("2026-11-30T21:00:05Z"));
  const report = attachment("a-2", "denuncia.pdf", Buffer.from("%PDF-1.4 finto"));
  const first: DossierEntry = {
    entryId: "e-1",
    versions: [
      version(
        "e-1",
        1,
        fields({}),
        new Date("2026-11-30T21:00:00Z"),
        [photo],
        new Date("2026-11-30T21:00:03Z"),
      ),
    ],
    attachments: [photo],
  };
  const original = fields({
    occurredOn: "2026-12-03",
    occurredAt: null,
    platform: "WHATSAPP",
    who: "",
    what: "Prima stesura.",
  });
  const corrected = { ...original, what: "Messaggi vocali con minacce, racconto corretto." };
  const second: DossierEntry = {
    entryId: "e-2",
    versions: [
      version("e-2", 2, corrected, new Date("2026-12-04T08:00:00Z"), [report], null),
      version("e-2", 1, original, new Date("2026-12-03T09:15:00Z"), [], new Date("2026-12-03T09:15:02Z")),
    ],
    attachments: [report],
  };
  return {
    clientName: "Giulia Bianchi",
    practice: {
      ticketCode: "AR-TEST0001",
      createdAt: new Date("2026-12-01T10:00:00Z"),
      facts: {
        category: "STALKING",
        firstEventDate: "2026-09-14",
        lastEventDate: "2026-11-30",
        ongoing: true,
        knowledgeDate: null,
        description: "Da settembre mi scrive ogni notte da profili sempre nuovi.",
      },
      feedback: feedback([offence({})]),
    },
    entries: [first, second],
    generatedAt: new Date("2026-12-05T10:00:00Z"),
    tsaChainPem: "-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n",
    ...overrides,
  };
}

const textOf = async (input: DossierInput) => pdfText(new Uint8Array(await renderDossierPdf(input)));
const imagesIn = (pdf: Buffer) => pdf.toString("latin1").match(/\/Subtype \/Image/g)?.length ?? 0;

describe("the dossier's PDF", () => {
  it("opens with who, which practice, when and how many, then the questionnaire's result", async () => {
    const text = await textOf(dossier());
    expect(text).toContain("Dossier degli episodi");
    expect(text).toContain("Di: Giulia Bianchi");
    expect(text).toContain("Pratica: AR-TEST0001");
    expect(text).toContain("Preparato: il 5 dicembre 2026 alle 11:00:00 (ora italiana)");
    expect(text).toContain("Contiene: 2 episodi, in ordine cronologico");
    expect(text).toContain(
      "Atti persecutori (stalking) (art. 612-bis c.p.). Si procede a querela: serve una tua querela entro il termine. Querela entro il 30 maggio 2027. Prescrizione: 30 maggio 2033, salvo interruzioni.",
    );
  });

  it("tells the questionnaire's facts: what, when it began and whether it goes on, her own account", async () => {
    const text = await textOf(dossier());
    expect(text).toContain("I fatti raccontati nel questionario");
    expect(text).toContain("Che cosa: Stalking");
    expect(text).toContain("Primo episodio: 14 settembre 2026");
    expect(text).toContain("Ultimo episodio: 30 novembre 2026, ancora in corso");
    expect(text).toContain("Da settembre mi scrive ogni notte da profili sempre nuovi.");
    expect(text.indexOf("I fatti raccontati")).toBeLessThan(text.indexOf("Il risultato del questionario"));
  });

  it("lists the incidents in the input's order, numbered, with an unknown time and author said so", async () => {
    const text = await textOf(dossier());
    const first = text.indexOf("Episodio 1 - 30 novembre 2026, ore 21:30");
    const second = text.indexOf("Episodio 2 - 3 dicembre 2026, ora non ricordata");
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(text.indexOf("Mi ha scritto che sa dove abito.")).toBeGreaterThan(first);
    expect(text.indexOf("Messaggi vocali con minacce, racconto corretto.")).toBeGreaterThan(second);
    expect(text).toContain("Dove: Instagram");
    expect(text).toContain("Chi: il profilo @finto_mario");
    expect(text).toContain("Dove: WhatsApp");
    expect(text).toContain("Chi: autore sconosciuto");
    expect(text).toContain("https://www.instagram.com/p/abc/");
  });

  it("shows a correction as a new version over the earlier one, whose hash and seal it keeps", async () => {
    const input = dossier();
    const [corrected, original] = input.entries[1]?.versions ?? [];
    const text = await textOf(input);
    expect(text).toContain(
      "Versione 2, corregge la versione precedente del 3 dicembre 2026 alle 10:15:00. Ricevuta il 4 dicembre 2026 alle 09:00:00.",
    );
    expect(text).toContain(`SHA-256 ${corrected?.seal.sha256}; sigillo temporale in attesa.`);
    expect(text).toContain(
      `Versione 1 del 3 dicembre 2026 alle 10:15:00: SHA-256 ${original?.seal.sha256}; sigillo temporale del 3 dicembre 2026 alle 10:15:02 (ora italiana), numero di serie 0a1b2c3d.`,
    );
    expect(text).not.toContain("Prima stesura.");
  });

  it("gives each attachment its name, kind, size, hash and seal, or says the seal is pending", async () => {
    const input = dossier();
    const text = await textOf(input);
    const photo = input.entries[0]?.attachments[0];
    expect(text).toContain("Screenshot del 30/11.jpg");
    expect(text).toContain(
      `immagine, 288 byte. SHA-256 ${photo?.seal.sha256}; sigillo temporale del 30 novembre 2026 alle 22:00:05 (ora italiana), numero di serie 0a1b2c3d. Nello ZIP: episodi/01-2026-11-30/allegati/Screenshot-del-30-11.jpg`,
    );
    expect(text).toMatch(
      /denuncia\.pdf documento PDF, 14 byte\. SHA-256 [0-9a-f]{64}; sigillo temporale in attesa\./,
    );
  });

  it("prints JPEG and PNG thumbnails; a broken or unknown image costs a line, never the PDF", async () => {
    const images = [
      attachment("i-1", "foto.jpg", JPEG),
      attachment("i-2", "trasparente.png", png(4, 3)),
      attachment("i-3", "rotta.jpg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])),
      attachment("i-4", "filtro.png", png(4, 3, 9)),
      attachment("i-5", "troncata.png", png(4, 3).subarray(0, 40)),
      attachment("i-6", "foto.heic", Buffer.from("ftypheic")),
    ];
    const entry: DossierEntry = {
      entryId: "e-9",
      versions: [version("e-9", 1, fields({}), new Date("2026-11-30T21:00:00Z"), images, null)],
      attachments: images,
    };
    const pdf = await renderDossierPdf(dossier({ entries: [entry] }));
    // The JPEG, the PNG and the PNG's transparency (a soft mask, an image of its own).
    expect(imagesIn(pdf)).toBe(3);
    const text = await pdfText(new Uint8Array(pdf));
    expect(text.match(/Anteprima non disponibile per questo file/g)).toHaveLength(4);
  });

  it("prints no image when the case involves sexual content, and the guide starts with who helps first", async () => {
    const input = dossier();
    const practice = input.practice && {
      ...input.practice,
      feedback: feedback([offence({ code: "REVENGE_PORN", article: "612-ter c.p.", title: "Revenge porn" })]),
    };
    const pdf = await renderDossierPdf({ ...input, practice });
    expect(imagesIn(pdf)).toBe(0);
    const text = await pdfText(new Uint8Array(pdf));
    expect(text).toContain("Anteprima non stampata per riservatezza: il file originale è nello ZIP.");
    expect(text.indexOf("Prima di tutto")).toBeLessThan(text.indexOf("Dove presentarla"));
  });

  it("explains how to verify with the ZIP's own file names, then how to file the complaint", async () => {
    const text = await textOf(dossier());
    const verify = text.indexOf("Che cosa prova una marca temporale");
    expect(verify).toBeGreaterThan(text.indexOf("Episodio 2"));
    expect(text).toContain(
      "openssl ts -verify -in episodi/01-2026-11-30/versione-1.json.tsr -data episodi/01-2026-11-30/versione-1.json -CAfile tsa-chain.pem",
    );
    expect(text).toContain("openssl ts -reply -in episodi/01-2026-11-30/versione-1.json.tsr -text");
    expect(text).toContain("sha256sum episodi/01-2026-11-30/versione-1.json");
    expect(text).toContain(
      "openssl ts -verify -in episodi/01-2026-11-30/allegati/Screenshot-del-30-11.jpg.tsr -data episodi/01-2026-11-30/allegati/Screenshot-del-30-11.jpg -CAfile tsa-chain.pem",
    );
    const guide = text.indexOf("Come presentare la querela");
    expect(guide).toBeGreaterThan(verify);
    expect(text.slice(guide)).toContain("presenta la querela entro il 30 maggio 2027");
    expect(text).not.toContain("Prima di tutto");
  });

  it("without a practice, has no result and states the general terms", async () => {
    const text = await textOf(dossier({ practice: null, clientName: "" }));
    expect(text).not.toContain("Il risultato del questionario");
    expect(text).not.toContain("Pratica:");
    expect(text).not.toContain("Di:");
    expect(text).toContain("art. 124 c.p.");
  });
});

describe("the PNG check before pdfkit decodes", () => {
  it("accepts a whole PNG and refuses unknown filters, cut data and interlacing", () => {
    expect(pngDecodes(png(5, 5))).toBe(true);
    expect(pngDecodes(png(5, 5, 7))).toBe(false);
    expect(pngDecodes(png(5, 5).subarray(0, 50))).toBe(false);
    const interlaced = png(5, 5);
    interlaced[8 + 8 + 12] = 1;
    expect(pngDecodes(interlaced)).toBe(false);
  });
});
