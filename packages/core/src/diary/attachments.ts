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

/** Each kind as the screens and the dossier name it. */
export const ATTACHMENT_KIND_LABELS: Record<AttachmentKind, string> = {
  image: "immagine",
  pdf: "documento PDF",
  audio: "audio",
  video: "video",
};

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

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));
const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

// ISO base media brands (the `ftyp` box): HEIF stills and M4A audio; every other brand is a video.
const HEIF_BRANDS = ["heic", "heix", "hevc", "hevx", "mif1", "msf1", "avif"];
const AUDIO_BRANDS = ["M4A ", "M4B ", "M4P "];
// QuickTime files may open with another atom than ftyp.
const QUICKTIME_ATOMS = ["moov", "mdat", "wide", "free", "skip"];

/**
 * What a file is by its first bytes (its signature), whatever its name says: JPEG, PNG, WEBP, HEIC/HEIF;
 * PDF; MP3, M4A, OGG/Opus, WAV; MP4, MOV, WEBM. Null for anything else.
 */
export function sniffAttachmentKind(bytes: Uint8Array): AttachmentKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "image";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WAVE") return "audio";
  if (ascii(bytes, 0, 5) === "%PDF-") return "pdf";
  if (ascii(bytes, 0, 4) === "OggS") return "audio";
  if (ascii(bytes, 0, 3) === "ID3" || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0))
    return "audio";
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return "video";
  if (ascii(bytes, 4, 8) === "ftyp") {
    const brand = ascii(bytes, 8, 12);
    if (HEIF_BRANDS.includes(brand)) return "image";
    return AUDIO_BRANDS.includes(brand) ? "audio" : "video";
  }
  if (QUICKTIME_ATOMS.includes(ascii(bytes, 4, 8))) return "video";
  return null;
}
