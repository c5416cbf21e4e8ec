import { fileExtension } from "../uploads/upload-rules.ts";
import { DIARY_MESSAGES } from "./diary-messages.ts";

// What a diary attachment may be (issue 40): what a phone makes and a complaint needs. Screenshots and photos,
// PDFs, voice messages and recordings, short videos. The limits are per kind, written here once: a photo
// never needs 25 MB, a two-minute phone video does (about 100 MB at 1080p). The server checks the content's
// own signature (uploads/file-kind.ts), never the name alone.

export const ATTACHMENT_KINDS = {
  image: { extensions: [".jpg", ".jpeg", ".png", ".webp", ".heic", ".heif"], maxMb: 25 },
  pdf: { extensions: [".pdf"], maxMb: 30 },
  audio: { extensions: [".mp3", ".m4a", ".ogg", ".opus", ".wav"], maxMb: 50 },
  video: { extensions: [".mp4", ".mov", ".webm"], maxMb: 200 },
} as const;
export type AttachmentKind = keyof typeof ATTACHMENT_KINDS;

/** For <input accept>: every extension, and the phone's camera and gallery types. */
export const ATTACHMENT_ACCEPT = [
  "image/*",
  "application/pdf",
  "audio/*",
  "video/*",
  ...Object.values(ATTACHMENT_KINDS).flatMap((kind) => kind.extensions),
].join(",");

/** The kind a file's name says it is, or null. */
export function attachmentKindOf(name: string): AttachmentKind | null {
  const extension = fileExtension(name.trim());
  for (const [kind, rule] of Object.entries(ATTACHMENT_KINDS) as [
    AttachmentKind,
    { extensions: readonly string[] },
  ][])
    if (rule.extensions.includes(extension)) return kind;
  return null;
}

/** The Italian reason an attachment is refused from its name and size, or null. */
export function validateAttachmentMeta(name: string, size: number): string | null {
  const kind = attachmentKindOf(name);
  if (!kind) return DIARY_MESSAGES.attachmentType;
  if (!Number.isSafeInteger(size) || size <= 0) return DIARY_MESSAGES.attachmentEmpty;
  const { maxMb } = ATTACHMENT_KINDS[kind];
  if (size > maxMb * 1024 * 1024) return DIARY_MESSAGES.attachmentTooLarge(maxMb);
  return null;
}
