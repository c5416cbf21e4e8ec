import { crc32 } from "node:zlib";
import {
  attachmentKindOf,
  sniffAttachmentKind,
  validateAttachmentMeta,
} from "@argine/core/diary/attachments";
import { DIARY_MESSAGES } from "@argine/core/diary/diary-messages";
import { MAX_ZIP_ENTRIES, MAX_ZIP_ENTRY_BYTES, MAX_ZIP_EXPANDED_BYTES } from "@argine/core/shared/constants";
import { MESSAGES } from "@argine/core/shared/messages";
import { contentMatchesExtension, detectFileKind } from "@argine/core/uploads/file-kind";
import { fileExtension, validateUploadMeta } from "@argine/core/uploads/upload-rules";
import { Inflate } from "fflate";
import { checkPdfContent } from "./pdf-check.ts";

// The server's second look at an upload (docs/decisions/024-upload-integrity-and-capture-urls.md): the name
// and size the client declared are checked again on the bytes, the magic bytes must match the extension, and
// a zip is read entry by entry.
//
// Decisions:
// - A PDF must open with "%PDF-" at byte 0 (core detectFileKind). Readers tolerate up to 1024 bytes before it,
//   but that slack is how HTML/PDF and EXE/PDF polyglots are made, and no producer writes anything there.
// - An empty zip is refused as an empty file: there is nothing in it for the lawyer to read.
// - A zip is accepted only when it is exactly what its central directory says: no bytes before the first entry
//   or after the end record, no zip64 sizes or multi-disk (never needed under 30 MB), only stored or deflated
//   entries, each inflated in small chunks with its output counted and dropped, so a bomb lying about its
//   sizes is stopped at its declared size (never more than the limits) and never expanded in memory.
// - A PDF is read for active content (pdf-check.ts: scripts, launched programs, attached files).
// - No file is two kinds at once (a polyglot): a PDF header in a .doc's or a zip's first 1024 bytes, a zip's
//   end record closing a PDF or a .doc, an archive or a program right after a PDF's last %%EOF.
// - Nothing in a zip (or a .docx) is a program, by name or first bytes (MZ, ELF, Mach-O, "#!"), and nothing
//   in it is another archive (zip, RAR, 7z, gzip, bzip2, xz, zstd, cabinet, tar): the lawyer would open
//   what this check never read. Office documents (.docx, .xlsx, …) are zips themselves and are let in
//   (evidence often is a document; a .docx's chart keeps its workbook as one), not read through.

/** Bytes of compressed input per inflate step: deflate expands at most ~1032x, so one step yields ≤ ~8 MB. */
const INFLATE_INPUT_CHUNK = 8 * 1024;

// .docx is an OPC package; Word needs these two parts to open it.
const DOCX_REQUIRED_PARTS = ["[content_types].xml", "word/document.xml"];

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_END = 0x06064b50;
const SIG_DATA_DESCRIPTOR = 0x08074b50;
const END_RECORD_BYTES = 22;
const CENTRAL_HEADER_BYTES = 46;
const LOCAL_HEADER_BYTES = 30;
const ZIP64_LOCATOR_BYTES = 20;
const ZIP64_END_RECORD_BYTES = 56;
const MAX_COMMENT_BYTES = 0xffff;
const ZIP64_MARKER = 0xffffffff;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const METHOD_STORED = 0;
const METHOD_DEFLATED = 8;
const METHOD_AES = 99;
// Info-ZIP Unicode Path: some extractors take the name from here, so it is checked like the header's.
const EXTRA_UNICODE_PATH = 0x7075;

/** The Italian reason the uploaded bytes are refused, or null when they are what the file's name says. */
export function checkUploadContent(fileName: string, bytes: Uint8Array): string | null {
  const metaError = validateUploadMeta(fileName, bytes.length);
  if (metaError) return metaError;
  if (!contentMatchesExtension(fileName, bytes)) return MESSAGES.uploadContentMismatch;
  const kind = detectFileKind(bytes);
  if (isPolyglot(bytes, kind)) return MESSAGES.uploadPolyglot;
  // A PDF is read for active content, a zip entry by entry; OLE2 (.doc): the signature is the check.
  if (kind === "pdf") return checkPdfContent(bytes);
  if (kind !== "zip") return null;
  const isDocx = fileExtension(fileName.trim()) === ".docx";
  return checkZip(bytes, isDocx ? DOCX_REQUIRED_PARTS : []);
}

// What a file inside an upload must not be, by its first bytes: another archive, or a program.
const ZIP_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
  [0x50, 0x4b, 0x07, 0x08],
];
const ARCHIVE_SIGNATURES = [
  ...ZIP_SIGNATURES,
  [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], // RAR
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7z
  [0x1f, 0x8b], // gzip (.gz, .tgz)
  [0x42, 0x5a, 0x68], // bzip2
  [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], // xz
  [0x28, 0xb5, 0x2f, 0xfd], // zstd
  [0x4d, 0x53, 0x43, 0x46], // Microsoft cabinet
];
const EXECUTABLE_SIGNATURES = [
  [0x4d, 0x5a], // "MZ": Windows programs and libraries
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xfe, 0xed, 0xfa, 0xce], // Mach-O, 32 and 64 bits, either byte order, and universal
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
  [0x23, 0x21], // "#!": a script
];
/** The bytes of an entry looked at: the tar header's "ustar" is at 257. */
const HEAD_BYTES = 264;
const TAR_MAGIC_AT = 257;

function signedBy(head: Uint8Array, signatures: readonly (readonly number[])[]): boolean {
  return signatures.some((sig) => head.length >= sig.length && sig.every((byte, i) => head[i] === byte));
}

function isArchiveHead(head: Uint8Array): boolean {
  const tar = latin1(head.subarray(TAR_MAGIC_AT, TAR_MAGIC_AT + 5)) === "ustar";
  return tar || signedBy(head, ARCHIVE_SIGNATURES);
}

// By name too: an extractor or the system picks what opens a file by its extension.
const ARCHIVE_EXTENSIONS = new Set([
  ".zip",
  ".rar",
  ".7z",
  ".gz",
  ".tgz",
  ".tar",
  ".bz2",
  ".tbz2",
  ".xz",
  ".txz",
  ".zst",
  ".cab",
  ".iso",
]);
// Not .js: a web page saved "complete", evidence a victim may well send, comes with its scripts.
const EXECUTABLE_EXTENSIONS = new Set(
  [
    ".exe",
    ".dll",
    ".scr",
    ".com",
    ".pif",
    ".cpl",
    ".msi",
    ".msp",
    ".bat",
    ".cmd",
    ".ps1",
    ".vbs",
    ".vbe",
  ].concat([".jse", ".wsf", ".wsh", ".hta", ".lnk", ".reg", ".jar", ".apk", ".app", ".dmg", ".sh", ".elf"]),
);
/** Documents that are zips themselves (OOXML, OpenDocument): one inside a .zip, or a chart's workbook in a .docx. */
const OFFICE_PACKAGE_EXTENSIONS = new Set([".docx", ".xlsx", ".pptx", ".odt", ".ods", ".odp"]);

/** The last path segment's extension, lower case. */
function entryExtension(name: string): string {
  return fileExtension(name.slice(name.lastIndexOf("/") + 1));
}

/** By name, before any inflating: no program, no archive (an office document may be a zip). */
function checkEntryName(entry: Entry): void {
  const extension = entryExtension(latin1(entry.name));
  if (EXECUTABLE_EXTENSIONS.has(extension)) throw new Refusal(MESSAGES.uploadArchiveExecutable);
  if (ARCHIVE_EXTENSIONS.has(extension)) throw new Refusal(MESSAGES.uploadArchiveNested);
}

/** By the first bytes: what the entry is whatever it is called. */
function checkEntryHead(entry: Entry, head: Uint8Array): void {
  if (signedBy(head, EXECUTABLE_SIGNATURES)) throw new Refusal(MESSAGES.uploadArchiveExecutable);
  const officePackage =
    OFFICE_PACKAGE_EXTENSIONS.has(entryExtension(latin1(entry.name))) && signedBy(head, ZIP_SIGNATURES);
  if (!officePackage && isArchiveHead(head)) throw new Refusal(MESSAGES.uploadArchiveNested);
}

/** Readers look for "%PDF-" in the first 1024 bytes, not only at 0. */
const PDF_HEADER_WINDOW = 1024;

/**
 * Whether the file is also another kind of file: a PDF header in a .doc's or a zip's first 1024 bytes
 * (where PDF readers still find it), a zip's end record closing a PDF or a .doc (an archive tool opens it
 * from the end), or an archive or a program right after a PDF's last %%EOF. A zip itself may hold nothing
 * before its first entry or after its end record (checkZip), so it cannot carry another file around it.
 */
function isPolyglot(bytes: Uint8Array, kind: ReturnType<typeof detectFileKind>): boolean {
  const head = latin1(bytes.subarray(0, PDF_HEADER_WINDOW));
  if (kind !== "pdf" && head.includes("%PDF-")) return true;
  if (kind === "zip") return false;
  if (endRecordAt(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)) !== null) return true;
  if (kind !== "pdf") return false;
  const tailStart = latin1(bytes.subarray(Math.max(0, bytes.length - 64 * 1024))).lastIndexOf("%%EOF");
  if (tailStart < 0) return false;
  const afterEof = bytes.subarray(Math.max(0, bytes.length - 64 * 1024) + tailStart + 5);
  const firstByte = afterEof.findIndex((byte) => ![0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(byte));
  if (firstByte < 0) return false;
  const trailer = afterEof.subarray(firstByte, firstByte + HEAD_BYTES);
  return isArchiveHead(trailer) || signedBy(trailer, EXECUTABLE_SIGNATURES);
}

type Entry = {
  name: Uint8Array;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  dataStart: number;
};

/** Thrown from deep in the reading (and out of fflate's ondata) to stop at the first reason. */
class Refusal extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.reason = reason;
  }
}

function checkZip(bytes: Uint8Array, requiredParts: readonly string[]): string | null {
  try {
    const entries = readCentralDirectory(bytes);
    if (entries.length === 0)
      return requiredParts.length ? MESSAGES.uploadContentMismatch : MESSAGES.uploadEmpty;
    const names = new Set(entries.map((entry) => latin1(entry.name).toLowerCase()));
    if (!requiredParts.every((part) => names.has(part))) return MESSAGES.uploadContentMismatch;
    for (const entry of entries) checkEntryName(entry);
    for (const entry of entries) checkEntryHead(entry, checkEntryData(bytes, entry));
    return null;
  } catch (error) {
    if (error instanceof Refusal) return error.reason;
    throw error;
  }
}

/** Every entry as the central directory declares it, refused on the first thing that is not plainly safe. */
function readCentralDirectory(bytes: Uint8Array): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndRecord(view);
  const disk = view.getUint16(end + 4, true);
  const centralDisk = view.getUint16(end + 6, true);
  const entriesOnDisk = view.getUint16(end + 8, true);
  const count = view.getUint16(end + 10, true);
  const centralSize = view.getUint32(end + 12, true);
  const centralOffset = view.getUint32(end + 16, true);
  const saturated = count === 0xffff || centralSize === ZIP64_MARKER || centralOffset === ZIP64_MARKER;
  if (disk !== 0 || centralDisk !== 0 || entriesOnDisk !== count || saturated) {
    throw new Refusal(MESSAGES.uploadArchiveUnsupported);
  }
  // Cheap refusal before reading a single entry.
  if (count > MAX_ZIP_ENTRIES) throw new Refusal(MESSAGES.uploadArchiveTooManyEntries);
  // The central directory ends where the end records start: nothing hidden between them.
  const centralEnd = zip64EndRecord(view, end, { count, centralSize, centralOffset }) ?? end;
  if (centralOffset + centralSize !== centralEnd) throw new Refusal(MESSAGES.uploadDamaged);

  const entries: Entry[] = [];
  let declaredTotal = 0;
  let at = centralOffset;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_HEADER_BYTES > centralEnd || view.getUint32(at, true) !== SIG_CENTRAL) {
      throw new Refusal(MESSAGES.uploadDamaged);
    }
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const next = at + CENTRAL_HEADER_BYTES + nameLength + extraLength + commentLength;
    if (next > centralEnd) throw new Refusal(MESSAGES.uploadDamaged);
    const nameStart = at + CENTRAL_HEADER_BYTES;
    const entry: Entry = {
      name: bytes.subarray(nameStart, nameStart + nameLength),
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
      dataStart: 0,
    };
    const startDisk = view.getUint16(at + 34, true);
    checkEntryHeader(entry, startDisk);
    checkNames(entry.name, bytes.subarray(nameStart + nameLength, nameStart + nameLength + extraLength));
    declaredTotal += entry.size;
    if (entry.size > MAX_ZIP_ENTRY_BYTES || declaredTotal > MAX_ZIP_EXPANDED_BYTES) {
      throw new Refusal(MESSAGES.uploadArchiveTooLarge);
    }
    entries.push(entry);
    at = next;
  }
  if (at !== centralEnd) throw new Refusal(MESSAGES.uploadDamaged);
  locateData(bytes, view, entries, centralOffset);
  return entries;
}

/** The end-of-central-directory record: the last one whose comment runs exactly to the end of the file. */
function findEndRecord(view: DataView): number {
  const at = endRecordAt(view);
  if (at === null) throw new Refusal(MESSAGES.uploadDamaged);
  return at;
}

function endRecordAt(view: DataView): number | null {
  const last = view.byteLength - END_RECORD_BYTES;
  const first = Math.max(0, last - MAX_COMMENT_BYTES);
  for (let at = last; at >= first; at--) {
    if (view.getUint32(at, true) !== SIG_END) continue;
    // Bytes appended after the comment (a polyglot's second half) make the record not match.
    if (at + END_RECORD_BYTES + view.getUint16(at + 20, true) === view.byteLength) return at;
  }
  return null;
}

/**
 * The zip64 end record Info-ZIP writes when it streams (from stdin), or null when there is none. It is taken
 * only as a copy of the classic record, which must hold the real values: no archive under 30 MB needs more.
 */
function zip64EndRecord(
  view: DataView,
  end: number,
  classic: { count: number; centralSize: number; centralOffset: number },
): number | null {
  const locator = end - ZIP64_LOCATOR_BYTES;
  if (locator < 0 || view.getUint32(locator, true) !== SIG_ZIP64_LOCATOR) return null;
  const record = Number(view.getBigUint64(locator + 8, true));
  const isCopy =
    record + ZIP64_END_RECORD_BYTES <= locator &&
    view.getUint32(record, true) === SIG_ZIP64_END &&
    // The record's own size counts from after its signature and size fields (12 bytes).
    record + 12 + Number(view.getBigUint64(record + 4, true)) === locator &&
    Number(view.getBigUint64(record + 32, true)) === classic.count &&
    Number(view.getBigUint64(record + 40, true)) === classic.centralSize &&
    Number(view.getBigUint64(record + 48, true)) === classic.centralOffset;
  if (!isCopy) throw new Refusal(MESSAGES.uploadDamaged);
  return record;
}

function checkEntryHeader(entry: Entry, startDisk: number): void {
  if (entry.flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION) || entry.method === METHOD_AES) {
    throw new Refusal(MESSAGES.uploadArchiveEncrypted);
  }
  const zip64 = [entry.compressedSize, entry.size, entry.localOffset].includes(ZIP64_MARKER);
  if (zip64 || startDisk !== 0 || (entry.method !== METHOD_STORED && entry.method !== METHOD_DEFLATED)) {
    throw new Refusal(MESSAGES.uploadArchiveUnsupported);
  }
  if (entry.method === METHOD_STORED && entry.compressedSize !== entry.size) {
    throw new Refusal(MESSAGES.uploadDamaged);
  }
}

/**
 * Each entry's local header agrees with the central directory (streaming extractors read only the local one),
 * and the entries follow one another from byte 0 to the central directory: no gap, no shared bytes (the
 * overlapping-entries bomb).
 */
function locateData(bytes: Uint8Array, view: DataView, entries: Entry[], centralOffset: number): void {
  for (const entry of entries) {
    const at = entry.localOffset;
    if (at + LOCAL_HEADER_BYTES > centralOffset || view.getUint32(at, true) !== SIG_LOCAL) {
      throw new Refusal(MESSAGES.uploadDamaged);
    }
    if (view.getUint16(at + 6, true) & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) {
      throw new Refusal(MESSAGES.uploadArchiveEncrypted);
    }
    const nameLength = view.getUint16(at + 26, true);
    const extraLength = view.getUint16(at + 28, true);
    const nameStart = at + LOCAL_HEADER_BYTES;
    entry.dataStart = nameStart + nameLength + extraLength;
    if (entry.dataStart + entry.compressedSize > centralOffset) throw new Refusal(MESSAGES.uploadDamaged);
    if (!sameBytes(bytes.subarray(nameStart, nameStart + nameLength), entry.name)) {
      throw new Refusal(MESSAGES.uploadDamaged);
    }
    checkNames(entry.name, bytes.subarray(nameStart + nameLength, entry.dataStart));
  }
  // The entries tile the file from byte 0 to the central directory: a gap could hold an entry the central
  // directory does not list, which an extractor reading local headers in order would still write out.
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  let expected = 0;
  for (const entry of byOffset) {
    if (entry.localOffset !== expected) throw new Refusal(MESSAGES.uploadDamaged);
    expected = entry.dataStart + entry.compressedSize + descriptorLength(view, entry, centralOffset);
  }
  if (expected !== centralOffset) throw new Refusal(MESSAGES.uploadDamaged);
}

/** The data descriptor after an entry's data (flag bit 3): 12 bytes, or 16 with its optional signature. */
function descriptorLength(view: DataView, entry: Entry, centralOffset: number): number {
  if (!(entry.flags & FLAG_DATA_DESCRIPTOR)) return 0;
  const at = entry.dataStart + entry.compressedSize;
  const signed = at + 4 <= centralOffset && view.getUint32(at, true) === SIG_DATA_DESCRIPTOR;
  return signed ? 16 : 12;
}

/** The entry's name, and the Unicode Path one if its extra fields carry it, are plain relative paths. */
function checkNames(name: Uint8Array, extra: Uint8Array): void {
  if (!isSafeEntryName(latin1(name))) throw new Refusal(MESSAGES.uploadArchiveUnsafePaths);
  const view = new DataView(extra.buffer, extra.byteOffset, extra.byteLength);
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (at + 4 + size > extra.length) throw new Refusal(MESSAGES.uploadDamaged);
    // Unicode Path: 1 byte version, 4 bytes CRC of the header name, then the UTF-8 name.
    if (
      id === EXTRA_UNICODE_PATH &&
      size > 5 &&
      !isSafeEntryName(latin1(extra.subarray(at + 9, at + 4 + size)))
    ) {
      throw new Refusal(MESSAGES.uploadArchiveUnsafePaths);
    }
    at += 4 + size;
  }
}

/**
 * Not absolute, no drive letter, no backslash (a separator on Windows), no ".." segment, no control character
 * (a NUL cuts the name short in some extractors). Read byte per byte: every character that matters is ASCII,
 * and a UTF-8 or CP437 name never encodes ASCII with other bytes.
 */
function isSafeEntryName(name: string): boolean {
  return (
    name !== "" &&
    !name.startsWith("/") &&
    !/^[a-z]:/i.test(name) &&
    !name.includes("\\") &&
    !hasAsciiControl(name) &&
    !name.split("/").includes("..")
  );
}

/**
 * The entry's data expands to exactly its declared size and CRC, counted in chunks and never kept but for
 * its first bytes, which it returns.
 */
function checkEntryData(bytes: Uint8Array, entry: Entry): Uint8Array {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === METHOD_STORED) {
    if (crc32(data) !== entry.crc) throw new Refusal(MESSAGES.uploadDamaged);
    return data.subarray(0, HEAD_BYTES);
  }
  let produced = 0;
  let crc = 0;
  const head = new Uint8Array(Math.min(HEAD_BYTES, entry.size));
  const inflate = new Inflate((chunk) => {
    if (produced < head.length) head.set(chunk.subarray(0, head.length - produced), produced);
    produced += chunk.length;
    // More than declared is a lie about the size: stop before it costs more.
    if (produced > entry.size) throw new Refusal(MESSAGES.uploadDamaged);
    crc = crc32(chunk, crc);
  });
  try {
    let at = 0;
    do {
      const end = Math.min(at + INFLATE_INPUT_CHUNK, data.length);
      inflate.push(data.subarray(at, end), end === data.length);
      at = end;
    } while (at < data.length);
  } catch (error) {
    if (error instanceof Refusal) throw error;
    // fflate's own errors: an invalid or truncated deflate stream.
    throw new Refusal(MESSAGES.uploadDamaged);
  }
  if (produced !== entry.size || crc !== entry.crc) throw new Refusal(MESSAGES.uploadDamaged);
  return head;
}

// Only ASCII's: read as latin1, a UTF-8 name's continuation bytes fall in the C1 range and are not controls.
function hasAsciiControl(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/**
 * The Italian reason a diary attachment's bytes are refused (issue 40), or null: its size within its kind's
 * limit, its signature the kind its name says (core diary/attachments.ts), nothing hidden behind it, and a
 * PDF read for active content as the services' uploads are.
 */
export function checkAttachmentContent(fileName: string, bytes: Uint8Array): string | null {
  const metaError = validateAttachmentMeta(fileName, bytes.length);
  if (metaError) return metaError;
  const kind = sniffAttachmentKind(bytes);
  if (!kind || kind !== attachmentKindOf(fileName)) return DIARY_MESSAGES.attachmentContent;
  if (isPolyglot(bytes, kind === "pdf" ? "pdf" : null)) return MESSAGES.uploadPolyglot;
  return kind === "pdf" ? checkPdfContent(bytes) : null;
}
