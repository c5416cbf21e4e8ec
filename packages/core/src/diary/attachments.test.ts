import { describe, expect, it } from "vitest";
import { ATTACHMENT_ACCEPT, attachmentKindOf, validateAttachmentMeta } from "./attachments.ts";
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
