import { describe, expect, it } from "vitest";
import {
  ALLOWED_UPLOAD_EXTENSIONS,
  fileExtension,
  fileSizeText,
  isAllowedUploadExtension,
  UPLOAD_ACCEPT,
  UploadMetaSchema,
  validateUploadMeta,
} from "./upload-rules.ts";

const MB = 1024 * 1024;

describe("fileExtension", () => {
  it("returns the lower-case extension with its dot", () => {
    expect(fileExtension("Denuncia.PDF")).toBe(".pdf");
    expect(fileExtension("archivio.tar.zip")).toBe(".zip");
    expect(fileExtension("README")).toBe("");
    expect(fileExtension(".pdf")).toBe("");
    expect(fileExtension("name.")).toBe(".");
  });
});

describe("allowed extensions", () => {
  it("are .pdf .doc .docx .zip", () => {
    expect(ALLOWED_UPLOAD_EXTENSIONS).toEqual([".pdf", ".doc", ".docx", ".zip"]);
    expect(UPLOAD_ACCEPT).toBe(".pdf,.doc,.docx,.zip");
    expect(isAllowedUploadExtension(".docx")).toBe(true);
    expect(isAllowedUploadExtension(".exe")).toBe(false);
  });
});

describe("validateUploadMeta", () => {
  it.each(["atto.pdf", "Lettera.DOC", "memoria.docx", "prove.zip", "scansione 12-03.v2.pdf"])(
    "accepts %s",
    (name) => {
      expect(validateUploadMeta(name, 1024)).toBeNull();
    },
  );

  it.each(["foto.jpg", "script.exe", "documento.pdf.exe", "senza-estensione", ".pdf", "file.docm"])(
    "refuses the type of %s",
    (name) => {
      expect(validateUploadMeta(name, 1024)).toBe(
        "Formato non ammesso: carica un file .pdf, .doc, .docx o .zip.",
      );
    },
  );

  it("accepts exactly 30 MB and refuses one byte more", () => {
    expect(validateUploadMeta("a.pdf", 30 * MB)).toBeNull();
    expect(validateUploadMeta("a.pdf", 30 * MB + 1)).toBe("Il file supera il limite di 30 MB.");
  });

  it("refuses empty or nonsensical sizes", () => {
    for (const size of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(validateUploadMeta("a.pdf", size)).toBe("Il file è vuoto.");
    }
  });

  it("refuses names with path separators, control characters, or none at all", () => {
    for (const name of [
      "",
      "  ",
      "../../etc/passwd.pdf",
      "a\\b.pdf",
      "a\nb.pdf",
      "a\u0000.pdf",
      `${"a".repeat(252)}.pdf`,
    ]) {
      expect(validateUploadMeta(name, 10)).toBe("Il nome del file non è valido.");
    }
  });
});

describe("UploadMetaSchema", () => {
  it("parses the signed-url query, size as a number", () => {
    expect(UploadMetaSchema.parse({ fileName: "atto.pdf", size: "2048" })).toEqual({
      fileName: "atto.pdf",
      size: 2048,
    });
  });

  it("puts each error on its field", () => {
    const tooLarge = UploadMetaSchema.safeParse({ fileName: "atto.pdf", size: String(31 * MB) });
    expect(tooLarge.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["size", "Il file supera il limite di 30 MB."],
    ]);
    const badType = UploadMetaSchema.safeParse({ fileName: "atto.exe", size: 10 });
    expect(badType.error?.issues.map((i) => i.path.join("."))).toEqual(["fileName"]);
  });
});

describe("a file's size in words", () => {
  it("is bytes, then KB, then MB with a decimal comma", () => {
    expect(fileSizeText(98)).toBe("98 byte");
    expect(fileSizeText(820 * 1024)).toBe("820 KB");
    expect(fileSizeText(4.2 * 1024 * 1024)).toBe("4,2 MB");
  });
});
