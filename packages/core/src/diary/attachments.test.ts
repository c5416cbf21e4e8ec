import { describe, expect, it } from "vitest";
import {
  ATTACHMENT_ACCEPT,
  attachmentKindOf,
  sniffAttachmentKind,
  validateAttachmentMeta,
} from "./attachments.ts";
import { DIARY_MESSAGES } from "./diary-messages.ts";

const MB = 1024 * 1024;

describe("a diary attachment", () => {
  it("is a photo, a PDF, an audio or a video, by its name", () => {
    expect(attachmentKindOf("Screenshot_20261203.PNG")).toBe("image");
    expect(attachmentKindOf("IMG_0042.HEIC")).toBe("image");
    expect(attachmentKindOf("denuncia.pdf")).toBe("pdf");
    expect(attachmentKindOf("vocale.opus")).toBe("audio");
    expect(attachmentKindOf("video.mov")).toBe("video");
    expect(attachmentKindOf("programma.exe")).toBeNull();
    expect(attachmentKindOf(".png")).toBeNull();
  });

  it("has a limit per kind, said in Italian", () => {
    expect(validateAttachmentMeta("foto.jpg", 25 * MB)).toBeNull();
    expect(validateAttachmentMeta("foto.jpg", 25 * MB + 1)).toBe(DIARY_MESSAGES.attachmentTooLarge(25));
    expect(validateAttachmentMeta("video.mp4", 200 * MB)).toBeNull();
    expect(validateAttachmentMeta("video.mp4", 200 * MB + 1)).toBe(
      "Il file supera il limite di 200 MB per questo tipo.",
    );
    expect(validateAttachmentMeta("vuoto.pdf", 0)).toBe(DIARY_MESSAGES.attachmentEmpty);
    expect(validateAttachmentMeta("archivio.zip", 10)).toBe(DIARY_MESSAGES.attachmentType);
  });

  it("offers the phone's camera, gallery and recorder", () => {
    expect(ATTACHMENT_ACCEPT).toContain("image/*");
    expect(ATTACHMENT_ACCEPT).toContain("video/*");
    expect(ATTACHMENT_ACCEPT).toContain(".heic");
  });
});

describe("an attachment's content", () => {
  const bytes = (...parts: (string | number[])[]) =>
    Uint8Array.from(
      parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)),
    );
  const box = (brand: string) => bytes([0, 0, 0, 24], "ftyp", brand, [0, 0, 0, 0]);

  it("is told by its signature: photos, PDFs, audio and video as phones make them", () => {
    expect(sniffAttachmentKind(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("image");
    expect(sniffAttachmentKind(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image");
    expect(sniffAttachmentKind(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("image");
    expect(sniffAttachmentKind(box("heic"))).toBe("image");
    expect(sniffAttachmentKind(bytes("%PDF-1.7"))).toBe("pdf");
    expect(sniffAttachmentKind(bytes("ID3", [4, 0]))).toBe("audio");
    expect(sniffAttachmentKind(bytes([0xff, 0xfb, 0x90, 0x00]))).toBe("audio");
    expect(sniffAttachmentKind(bytes("OggS", [0]))).toBe("audio");
    expect(sniffAttachmentKind(bytes("RIFF", [1, 2, 3, 4], "WAVEfmt "))).toBe("audio");
    expect(sniffAttachmentKind(box("M4A "))).toBe("audio");
    expect(sniffAttachmentKind(box("isom"))).toBe("video");
    expect(sniffAttachmentKind(box("qt  "))).toBe("video");
    expect(sniffAttachmentKind(bytes([0, 0, 0, 8], "wide"))).toBe("video");
    expect(sniffAttachmentKind(bytes([0x1a, 0x45, 0xdf, 0xa3]))).toBe("video");
  });

  it("is nothing known for a program, an archive or text", () => {
    expect(sniffAttachmentKind(bytes("MZ", [0x90, 0]))).toBeNull();
    expect(sniffAttachmentKind(bytes("PK", [3, 4]))).toBeNull();
    expect(sniffAttachmentKind(bytes("<html>"))).toBeNull();
    expect(sniffAttachmentKind(new Uint8Array())).toBeNull();
  });
});
