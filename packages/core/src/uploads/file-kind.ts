import { fileExtension } from "./upload-rules.ts";

// Content sniffing by magic bytes: the extension alone is the client's word (docs/decisions/018-storage.md).

export const FILE_KINDS = ["pdf", "ole2", "zip"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // Compound File Binary: legacy .doc
const ZIP_LOCAL_FILE = [0x50, 0x4b, 0x03, 0x04]; // "PK\x03\x04": a zip with entries (.zip, .docx)
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06]; // "PK\x05\x06": end of central directory first, an empty zip

/** Bytes needed to tell every kind apart. */
export const FILE_KIND_SNIFF_BYTES = OLE2.length;

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
}

/** The kind of a file from its first bytes, or null when none matches. */
export function detectFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, PDF)) return "pdf";
  if (startsWith(bytes, OLE2)) return "ole2";
  if (startsWith(bytes, ZIP_LOCAL_FILE) || startsWith(bytes, ZIP_EMPTY)) return "zip";
  return null;
}

/**
 * Whether the content is what the extension claims: .pdf a PDF, .doc an OLE2 compound file, .zip any zip
 * (an empty one too), .docx a zip with entries (an OOXML document is never empty). Other extensions: false.
 */
export function contentMatchesExtension(fileName: string, bytes: Uint8Array): boolean {
  switch (fileExtension(fileName.trim())) {
    case ".pdf":
      return detectFileKind(bytes) === "pdf";
    case ".doc":
      return detectFileKind(bytes) === "ole2";
    case ".docx":
      return startsWith(bytes, ZIP_LOCAL_FILE);
    case ".zip":
      return detectFileKind(bytes) === "zip";
    default:
      return false;
  }
}
