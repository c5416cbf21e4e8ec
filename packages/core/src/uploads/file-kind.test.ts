import { describe, expect, it } from "vitest";
import { contentMatchesExtension, detectFileKind, FILE_KIND_SNIFF_BYTES } from "./file-kind.ts";

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new TextEncoder().encode(text);

const PDF = ascii("%PDF-1.7\n%âãÏÓ\n");
const OLE2 = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0);
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00);
const EMPTY_ZIP = bytes(0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0));
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

describe("detectFileKind", () => {
  it("recognises PDF, OLE2 and zip (with entries or empty)", () => {
    expect(detectFileKind(PDF)).toBe("pdf");
    expect(detectFileKind(OLE2)).toBe("ole2");
    expect(detectFileKind(ZIP)).toBe("zip");
    expect(detectFileKind(EMPTY_ZIP)).toBe("zip");
  });

  it("returns null for other or truncated content", () => {
    expect(detectFileKind(PNG)).toBeNull();
    expect(detectFileKind(ascii("<html>"))).toBeNull();
    expect(detectFileKind(ascii("%PDF"))).toBeNull();
    expect(detectFileKind(OLE2.slice(0, 7))).toBeNull();
    expect(detectFileKind(bytes())).toBeNull();
    // The signature must open the file.
    expect(detectFileKind(ascii(" %PDF-1.4"))).toBeNull();
  });

  it("needs only the first 8 bytes", () => {
    expect(FILE_KIND_SNIFF_BYTES).toBe(8);
    expect(detectFileKind(OLE2.slice(0, FILE_KIND_SNIFF_BYTES))).toBe("ole2");
  });
});

describe("contentMatchesExtension", () => {
  it.each([
    ["atto.pdf", PDF],
    ["ATTO.PDF", PDF],
    ["lettera.doc", OLE2],
    ["memoria.docx", ZIP],
    ["prove.zip", ZIP],
    ["vuoto.zip", EMPTY_ZIP],
  ])("accepts %s with matching content", (name, content) => {
    expect(contentMatchesExtension(name, content)).toBe(true);
  });

  it.each([
    ["atto.pdf", ZIP],
    ["lettera.doc", ZIP],
    ["memoria.docx", OLE2],
    ["memoria.docx", EMPTY_ZIP],
    ["prove.zip", PDF],
    ["foto.pdf", PNG],
    ["foto.png", PNG],
    ["script.exe", ZIP],
  ])("refuses %s with other content", (name, content) => {
    expect(contentMatchesExtension(name, content)).toBe(false);
  });
});
