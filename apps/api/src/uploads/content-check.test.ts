import { deflateSync } from "node:zlib";
import { MAX_UPLOAD_BYTES, MAX_ZIP_ENTRIES, MAX_ZIP_ENTRY_BYTES } from "@argine/core/shared/constants";
import { MESSAGES } from "@argine/core/shared/messages";
import { strToU8, Zip, ZipDeflate, type Zippable, zipSync } from "fflate";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { checkUploadContent } from "./content-check.ts";

// What the check inflates, seen from outside: the real fflate Inflate, its output counted.
const inflated = vi.hoisted(() => ({ bytes: 0, largestChunk: 0 }));
vi.mock("fflate", async (importOriginal) => {
  const real = await importOriginal<typeof import("fflate")>();
  class CountingInflate extends real.Inflate {
    constructor(ondata: (chunk: Uint8Array, final: boolean) => void) {
      super((chunk, final) => {
        inflated.bytes += chunk.length;
        inflated.largestChunk = Math.max(inflated.largestChunk, chunk.length);
        ondata(chunk, final);
      });
    }
  }
  return { ...real, Inflate: CountingInflate };
});

beforeEach(() => {
  inflated.bytes = 0;
  inflated.largestChunk = 0;
});

const MB = 1024 * 1024;
const ascii = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

// A one-page PDF as a text editor would write it (xref offsets are not checked by anyone here).
const PDF = ascii(
  [
    "%PDF-1.4",
    "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
    "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
    "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj",
    "xref",
    "0 4",
    "0000000000 65535 f ",
    "0000000009 00000 n ",
    "0000000058 00000 n ",
    "0000000115 00000 n ",
    "trailer << /Size 4 /Root 1 0 R >>",
    "startxref",
    "186",
    "%%EOF",
    "",
  ].join("\n"),
);

// The 512-byte header of a compound file (.doc): signature, minor/major version 3, little-endian mark,
// 512-byte sectors, no FAT sectors yet.
function ole2Header(): Uint8Array {
  const header = new Uint8Array(512);
  header.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  const view = new DataView(header.buffer);
  view.setUint16(24, 0x003e, true);
  view.setUint16(26, 0x0003, true);
  view.setUint16(28, 0xfffe, true);
  view.setUint16(30, 9, true);
  view.setUint16(32, 6, true);
  view.setInt32(48, -2, true);
  return header;
}

const DOCX_FILES: Zippable = {
  "[Content_Types].xml": strToU8(
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  ),
  "_rels/.rels": strToU8('<?xml version="1.0"?><Relationships/>'),
  "word/document.xml": strToU8('<?xml version="1.0"?><w:document><w:body/></w:document>'),
};

const EVIDENCE: Zippable = {
  "prove/": new Uint8Array(0),
  "prove/schermata è.txt": strToU8("commento offensivo ".repeat(200)),
  "prove/già compresso.bin": [new Uint8Array(64).fill(7), { level: 0 }],
};

// Offsets of every record with this signature, in order (the test zips hold no such bytes in their data).
function recordsOf(zip: Uint8Array, signature: number): number[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const found: number[] = [];
  for (let at = 0; at + 4 <= zip.length; at++) if (view.getUint32(at, true) === signature) found.push(at);
  return found;
}
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** A copy of the zip with the central directory's fields of one entry rewritten. */
function patchCentral(zip: Uint8Array, index: number, patch: (view: DataView, at: number) => void) {
  const copy = zip.slice();
  patch(new DataView(copy.buffer), recordsOf(copy, CENTRAL)[index] as number);
  return copy;
}

/** 200 MB of zeros deflated at level 9 (~200 KB), streamed so the test never holds the 200 MB either. */
let bombCache: Uint8Array | undefined;
function zipBomb(): Uint8Array {
  bombCache ??= buildZipBomb();
  return bombCache.slice();
}
function buildZipBomb(): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  const file = new ZipDeflate("zeros.bin", { level: 9 });
  zip.add(file);
  const zeros = new Uint8Array(MB);
  for (let i = 0; i < 200; i++) file.push(zeros, i === 199);
  zip.end();
  return concat(...parts);
}

/**
 * A zip whose first entry ("../evil") is left out of the central directory: an extractor reading the central
 * directory sees only "ok.txt", one reading local headers in order writes "../evil" too.
 */
function hideFirstEntry(): Uint8Array {
  const zip = zipSync({ "../evil": strToU8("x"), "ok.txt": strToU8("y") });
  const [first, second] = recordsOf(zip, CENTRAL) as [number, number];
  const hidden = concat(zip.slice(0, first), zip.slice(second));
  const view = new DataView(hidden.buffer);
  const end = hidden.length - 22;
  view.setUint16(end + 8, 1, true);
  view.setUint16(end + 10, 1, true);
  view.setUint32(end + 12, view.getUint32(end + 12, true) - (second - first), true);
  return hidden;
}

/** The zip with the zip64 end record and locator Info-ZIP adds when it streams, copying the classic values. */
function withZip64EndRecord(zip: Uint8Array, countInCopy?: number): Uint8Array {
  const end = zip.length - 22;
  const classic = new DataView(zip.buffer, zip.byteOffset);
  const records = new Uint8Array(56 + 20);
  const view = new DataView(records.buffer);
  view.setUint32(0, 0x06064b50, true);
  view.setBigUint64(4, 44n, true);
  view.setUint16(12, 45, true);
  view.setUint16(14, 45, true);
  const count = BigInt(countInCopy ?? classic.getUint16(end + 10, true));
  view.setBigUint64(24, count, true);
  view.setBigUint64(32, count, true);
  view.setBigUint64(40, BigInt(classic.getUint32(end + 12, true)), true);
  view.setBigUint64(48, BigInt(classic.getUint32(end + 16, true)), true);
  view.setUint32(56, 0x07064b50, true);
  view.setBigUint64(64, BigInt(end), true);
  view.setUint32(72, 1, true);
  return concat(zip.slice(0, end), records, zip.slice(end));
}

describe("checkUploadContent accepts", () => {
  it.each([
    ["a real PDF", "atto.pdf", PDF],
    ["a compound file header as .doc", "Lettera.DOC", ole2Header()],
    ["a Word package as .docx", "memoria.docx", zipSync(DOCX_FILES)],
    ["a zip with folders, accents, stored and deflated entries", "prove.zip", zipSync(EVIDENCE)],
  ])("%s", (_, name, bytes) => {
    expect(checkUploadContent(name, bytes)).toBeNull();
  });

  it("a zip written with data descriptors (sizes after the data, as streaming tools do)", () => {
    const parts: Uint8Array[] = [];
    const zip = new Zip((_, chunk) => parts.push(chunk));
    const file = new ZipDeflate("chat.txt", { level: 6 });
    zip.add(file);
    file.push(strToU8("messaggio ".repeat(5000)), true);
    zip.end();
    expect(checkUploadContent("chat.zip", concat(...parts))).toBeNull();
  });

  it("a zip with a zip64 end record repeating the classic one (Info-ZIP streaming from stdin)", () => {
    expect(checkUploadContent("prove.zip", withZip64EndRecord(zipSync(EVIDENCE)))).toBeNull();
  });

  it("exactly 30 MB, and 1000 entries", () => {
    const padded = concat(PDF, new Uint8Array(MAX_UPLOAD_BYTES - PDF.length).fill(0x0a));
    expect(checkUploadContent("atto.pdf", padded)).toBeNull();
    const files = Object.fromEntries(
      Array.from({ length: MAX_ZIP_ENTRIES }, (_, i) => [`f${i}.txt`, strToU8("x")]),
    );
    expect(checkUploadContent("tanti.zip", zipSync(files))).toBeNull();
  });
});

describe("checkUploadContent refuses by size and name", () => {
  it("an empty file, one byte over 30 MB, a bad name or type", () => {
    expect(checkUploadContent("atto.pdf", new Uint8Array(0))).toBe(MESSAGES.uploadEmpty);
    const over = concat(PDF, new Uint8Array(MAX_UPLOAD_BYTES + 1 - PDF.length));
    expect(checkUploadContent("atto.pdf", over)).toBe(MESSAGES.uploadTooLarge);
    expect(checkUploadContent("../atto.pdf", PDF)).toBe(MESSAGES.uploadBadName);
    expect(checkUploadContent("atto.exe", PDF)).toBe(MESSAGES.uploadBadType);
  });

  it("an empty zip: nothing in it for the lawyer", () => {
    expect(checkUploadContent("vuoto.zip", zipSync({}))).toBe(MESSAGES.uploadEmpty);
  });
});

describe("checkUploadContent refuses content that is not what the name says", () => {
  const MZ = concat(
    ascii("MZ"),
    new Uint8Array([0x90, 0, 3, 0, 0, 0, 4, 0]),
    ascii("This program cannot be run"),
  );
  it.each([
    ["a Windows program renamed .pdf", "fattura.pdf", MZ],
    ["an HTML page renamed .pdf", "atto.pdf", ascii("<html><script>alert(1)</script></html>")],
    ["a script with %PDF- after a prefix", "atto.pdf", concat(ascii("<script>x</script>\n"), PDF)],
    ["a PNG renamed .pdf", "foto.pdf", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ["a zip renamed .doc", "lettera.doc", zipSync(EVIDENCE)],
    ["a compound file renamed .docx", "memoria.docx", ole2Header()],
    ["a zip without word/document.xml as .docx", "memoria.docx", zipSync(EVIDENCE)],
    ["an empty zip as .docx", "memoria.docx", zipSync({})],
    ["a PDF renamed .zip", "prove.zip", PDF],
    ["a zip after other bytes (self-extracting)", "prove.zip", concat(MZ, zipSync(EVIDENCE))],
  ])("%s", (_, name, bytes) => {
    expect(checkUploadContent(name, bytes)).toBe(MESSAGES.uploadContentMismatch);
  });
});

describe("checkUploadContent refuses unsafe entry names", () => {
  it.each(["../evil", "prove/../../evil", "/etc/passwd", "C:\\x", "c:x", "prove\\..\\x", "a\u0000.pdf"])(
    "%j in a zip and in a docx",
    (name) => {
      const file = { [name]: strToU8("x") };
      expect(checkUploadContent("prove.zip", zipSync(file))).toBe(MESSAGES.uploadArchiveUnsafePaths);
      expect(checkUploadContent("m.docx", zipSync({ ...DOCX_FILES, ...file }))).toBe(
        MESSAGES.uploadArchiveUnsafePaths,
      );
    },
  );

  it("a traversal hidden in the Unicode Path extra field some extractors prefer", () => {
    const unicodePath = concat(new Uint8Array(5), ascii("../../.bashrc"));
    const zip = zipSync({ "innocuo.txt": [strToU8("x"), { extra: { 28789: unicodePath } }] });
    expect(checkUploadContent("prove.zip", zip)).toBe(MESSAGES.uploadArchiveUnsafePaths);
  });
});

describe("checkUploadContent bounds what a zip expands to", () => {
  it("more than 1000 entries", () => {
    const files = Object.fromEntries(
      Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, i) => [`f${i}.txt`, strToU8("x")]),
    );
    expect(checkUploadContent("tanti.zip", zipSync(files))).toBe(MESSAGES.uploadArchiveTooManyEntries);
  });

  it("an entry declared over 100 MB, or entries declared over 300 MB together, refused before inflating", () => {
    const one = patchCentral(zipSync(EVIDENCE), 1, (view, at) =>
      view.setUint32(at + 24, MAX_ZIP_ENTRY_BYTES + 1, true),
    );
    expect(checkUploadContent("prove.zip", one)).toBe(MESSAGES.uploadArchiveTooLarge);
    let four = zipSync({ a: strToU8("1"), b: strToU8("2"), c: strToU8("3"), d: strToU8("4") });
    for (let i = 0; i < 4; i++)
      four = patchCentral(four, i, (view, at) => view.setUint32(at + 24, 80 * MB, true));
    expect(checkUploadContent("prove.zip", four)).toBe(MESSAGES.uploadArchiveTooLarge);
    expect(inflated.bytes).toBe(0);
  });

  // Compressing 200 MB takes seconds on a busy machine: done once, before the tests, with room for it.
  beforeAll(() => {
    zipBomb();
  }, 60_000);

  it("a real zip bomb (200 MB of zeros in ~200 KB), by its declared size, without inflating it", () => {
    const bomb = zipBomb();
    expect(bomb.length).toBeLessThan(300 * 1024);
    expect(checkUploadContent("prove.zip", bomb)).toBe(MESSAGES.uploadArchiveTooLarge);
    expect(inflated.bytes).toBe(0);
  });

  it("the same bomb lying about its size: inflation stops past the declared size, in small steps", () => {
    const liar = patchCentral(zipBomb(), 0, (view, at) => view.setUint32(at + 24, 1024, true));
    expect(checkUploadContent("prove.zip", liar)).toBe(MESSAGES.uploadDamaged);
    expect(inflated.bytes).toBeGreaterThan(1024);
    expect(inflated.bytes).toBeLessThan(10 * MB);
    expect(inflated.largestChunk).toBeLessThan(10 * MB);
  });
});

describe("checkUploadContent refuses damaged, encrypted or unusual zips", () => {
  const evidence = zipSync(EVIDENCE);

  it.each([
    ["truncated at the end", evidence.slice(0, -10)],
    ["cut in the middle", concat(evidence.slice(0, 100), evidence.slice(200))],
    ["with bytes appended after the end record", concat(evidence, ascii("<html>"))],
    [
      "with a byte of compressed data changed (CRC)",
      (() => {
        const copy = evidence.slice();
        const local = recordsOf(copy, LOCAL)[1] as number;
        const view = new DataView(copy.buffer);
        const inData = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true) + 20;
        view.setUint8(inData, view.getUint8(inData) ^ 0xff);
        return copy;
      })(),
    ],
    [
      "with a stored entry's CRC wrong",
      patchCentral(evidence, 2, (view, at) => view.setUint32(at + 16, 1, true)),
    ],
    [
      "with two entries sharing the same bytes",
      (() => {
        const zip = zipSync({ a: strToU8("primo"), b: strToU8("secondo") });
        const [first, second] = recordsOf(zip, CENTRAL) as [number, number];
        return patchCentral(zip, 1, (view, at) => {
          for (let i = 16; i < 28; i++) view.setUint8(at + i, zip[first + i] as number);
          view.setUint8(at + 46, "a".charCodeAt(0));
          view.setUint32(at + 42, 0, true);
          expect(at).toBe(second);
        });
      })(),
    ],
    ["with an entry only its local header lists (a hidden ../evil)", hideFirstEntry()],
    ["with a zip64 end record that says otherwise", withZip64EndRecord(evidence, 2)],
    [
      "with bytes between the entries and the central directory",
      (() => {
        const cd = recordsOf(evidence, CENTRAL)[0] as number;
        const padded = concat(evidence.slice(0, cd), new Uint8Array(32), evidence.slice(cd));
        const view = new DataView(padded.buffer);
        const end = padded.length - 22;
        view.setUint32(end + 16, cd + 32, true);
        return padded;
      })(),
    ],
  ])("%s", (_, bytes) => {
    expect(checkUploadContent("prove.zip", bytes)).toBe(MESSAGES.uploadDamaged);
  });

  it("encrypted (the flag in the central directory or in the local header)", () => {
    const central = patchCentral(evidence, 1, (view, at) =>
      view.setUint16(at + 8, view.getUint16(at + 8, true) | 1, true),
    );
    expect(checkUploadContent("prove.zip", central)).toBe(MESSAGES.uploadArchiveEncrypted);
    const local = evidence.slice();
    const at = recordsOf(local, LOCAL)[1] as number;
    local[at + 6] = (local[at + 6] as number) | 1;
    expect(checkUploadContent("prove.zip", local)).toBe(MESSAGES.uploadArchiveEncrypted);
  });

  it("another compression method, or zip64 markers", () => {
    const bzip2 = patchCentral(evidence, 1, (view, at) => view.setUint16(at + 10, 12, true));
    expect(checkUploadContent("prove.zip", bzip2)).toBe(MESSAGES.uploadArchiveUnsupported);
    const zip64 = patchCentral(evidence, 1, (view, at) => view.setUint32(at + 20, 0xffffffff, true));
    expect(checkUploadContent("prove.zip", zip64)).toBe(MESSAGES.uploadArchiveUnsupported);
  });
});

/** A PDF whose catalog and extra objects are the given text (xref offsets are not checked by anyone here). */
const pdfWith = (catalogExtra: string, ...objects: (string | Uint8Array)[]) =>
  concat(
    ascii(`%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R ${catalogExtra} >> endobj\n`),
    ...objects.map((object) => (typeof object === "string" ? ascii(`${object}\n`) : object)),
    ascii("trailer << /Size 9 /Root 1 0 R >>\n%%EOF\n"),
  );
/** An object stream (PDF 1.5+) holding `objects`, deflated as producers write them. */
const objectStream = (objects: string, options: { extra?: string } = {}) => {
  const data = deflateSync(Buffer.from(objects));
  return concat(
    ascii(
      `7 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length}${options.extra ?? ""} >>\nstream\n`,
    ),
    data,
    ascii("\nendstream endobj\n"),
  );
};

describe("checkUploadContent refuses a PDF with active content", () => {
  it.each([
    ["JavaScript run on opening", "/OpenAction << /S /JavaScript /JS (app.alert(1)) >>"],
    ["the same with its names spelled in #xx", "/OpenAction << /S /Java#53cript /J#53 (app.alert(1)) >>"],
    ["a document-level script", "/Names << /JavaScript 5 0 R >>"],
    ["a script by reference only", "/AA << /WC << /JS 6 0 R >> >>"],
    ["a program launched", "/OpenAction << /S /Launch /F (cmd.exe) >>"],
    ["an attached file", "/Names << /EmbeddedFiles 5 0 R >>"],
  ])("%s", (_, catalog) => {
    expect(checkUploadContent("atto.pdf", pdfWith(catalog))).toBe(MESSAGES.uploadPdfActiveContent);
  });

  it("a script hidden in a compressed object stream", () => {
    const hidden = objectStream("4 0 << /Type /Action /S /JavaScript /JS (app.alert(1)) >>");
    expect(checkUploadContent("atto.pdf", pdfWith("/OpenAction 4 0 R", hidden))).toBe(
      MESSAGES.uploadPdfActiveContent,
    );
    const byReference = objectStream("4 0 << /JS 8 0 R >>");
    expect(checkUploadContent("atto.pdf", pdfWith("/OpenAction 4 0 R", byReference))).toBe(
      MESSAGES.uploadPdfActiveContent,
    );
  });

  it("an object stream that inflates past its bound, as a bomb", () => {
    const bomb = objectStream("0".repeat(17 * MB));
    expect(checkUploadContent("atto.pdf", pdfWith("", bomb))).toBe(MESSAGES.uploadDamaged);
  });
});

describe("checkUploadContent accepts a PDF without active content", () => {
  it("opening at a page, object streams of plain dictionaries, and image bytes that happen to read /JS", () => {
    const image = concat(
      ascii("5 0 obj << /Type /XObject /Subtype /Image /Filter /DCTDecode /Length 24 >>\nstream\n"),
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
      ascii(" /JS (rumore) \nendstream endobj"),
    );
    const plain = objectStream("4 0 << /Type /Pages /Kids [3 0 R] /Count 1 >>");
    expect(checkUploadContent("atto.pdf", pdfWith("/OpenAction [3 0 R /Fit]", image, plain))).toBeNull();
    // An object stream that does not inflate (an encrypted PDF's) is not read, and not refused.
    const encrypted = concat(
      ascii("7 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length 16 >>\nstream\n"),
      new Uint8Array(16).fill(0xa5),
      ascii("\nendstream endobj"),
    );
    expect(checkUploadContent("atto.pdf", pdfWith("", encrypted))).toBeNull();
  });
});

describe("checkUploadContent refuses a file that is also another kind of file", () => {
  const RAR = new Uint8Array([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00, 0x33, 0x92]);
  const storedPdfFirst = zipSync({ "atto.pdf": [PDF, { level: 0 }], "altro.txt": strToU8("x") });
  it.each([
    [
      "a PDF with a zip after it (its central directory at the end)",
      "atto.pdf",
      concat(PDF, zipSync(EVIDENCE)),
    ],
    ["a PDF with a RAR after its %%EOF", "atto.pdf", concat(PDF, RAR)],
    ["a PDF with a Windows program after its %%EOF", "atto.pdf", concat(PDF, ascii("\r\nMZ\x90\x00"))],
    ["a .doc with a PDF header in its first 1024 bytes", "lettera.doc", concat(ole2Header(), PDF)],
    ["a .doc with a zip after it", "lettera.doc", concat(ole2Header(), zipSync(EVIDENCE))],
    ["a zip a PDF reader opens too (a stored PDF first)", "prove.zip", storedPdfFirst],
  ])("%s", (_, name, bytes) => {
    expect(checkUploadContent(name, bytes)).toBe(MESSAGES.uploadPolyglot);
  });

  it("a PDF whose header is not at byte 0 is not a PDF at all", () => {
    expect(checkUploadContent("atto.pdf", concat(ascii("PK\x03\x04 "), PDF))).toBe(
      MESSAGES.uploadContentMismatch,
    );
  });
});

describe("checkUploadContent refuses archives and programs inside a zip", () => {
  const EXE = concat(ascii("MZ"), new Uint8Array([0x90, 0, 3, 0]), ascii("This program cannot be run"));
  const ELF = concat(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), new Uint8Array(64));
  const tar = () => {
    const header = new Uint8Array(512);
    header.set(strToU8("prova.txt"));
    header.set(strToU8("ustar"), 257);
    return header;
  };
  const gz = new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const sevenZ = new Uint8Array([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0x00, 0x04, 1, 2, 3, 4]);
  it.each([
    ["a zip by name", { "altre prove.zip": zipSync(EVIDENCE) }],
    ["a zip named as a photo", { "foto.jpg": zipSync(EVIDENCE) }],
    [
      "a RAR named as a PDF, stored",
      { "atto.pdf": [new Uint8Array([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0, 1]), { level: 0 }] },
    ],
    ["a 7z, deflated", { "dati.bin": sevenZ }],
    ["a gzip", { "log.txt": gz }],
    ["a tar (its magic at byte 257)", { "cartella.dat": tar() }],
    ["a .rar by name whatever it holds", { "vecchio.rar": strToU8("non proprio") }],
  ] as const)("%s", (_, files) => {
    expect(checkUploadContent("prove.zip", zipSync(files as Zippable))).toBe(MESSAGES.uploadArchiveNested);
  });

  it.each([
    ["a Windows program named as a photo", { "prove/foto.jpg": EXE }],
    ["an ELF program", { leggimi: ELF }],
    ["a script by its #!", { "note.txt": strToU8("#!/bin/sh\nrm -rf ~\n") }],
    ["a .exe by name whatever it holds", { "setup.exe": strToU8("testo") }],
    ["a .bat", { "avvia.BAT": strToU8("echo ciao") }],
  ] as const)("%s", (_, files) => {
    expect(checkUploadContent("prove.zip", zipSync(files as Zippable))).toBe(
      MESSAGES.uploadArchiveExecutable,
    );
  });

  it("a program inside a .docx", () => {
    expect(checkUploadContent("m.docx", zipSync({ ...DOCX_FILES, "word/embeddings/x.bin": EXE }))).toBe(
      MESSAGES.uploadArchiveExecutable,
    );
  });

  it("accepts office documents (zips themselves) in a zip, a chart's workbook in a .docx, a saved page's scripts", () => {
    const docx = zipSync(DOCX_FILES);
    expect(
      checkUploadContent(
        "prove.zip",
        zipSync({
          "memoria.docx": docx,
          "pagina.html": strToU8("<html></html>"),
          "pagina_files/app.js": strToU8("1"),
        }),
      ),
    ).toBeNull();
    const chart = {
      "word/embeddings/Microsoft_Excel_Worksheet.xlsx": zipSync({ "[Content_Types].xml": strToU8("x") }),
    };
    expect(checkUploadContent("m.docx", zipSync({ ...DOCX_FILES, ...chart }))).toBeNull();
  });
});
