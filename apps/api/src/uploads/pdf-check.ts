import { constants, inflateSync } from "node:zlib";
import { MESSAGES } from "@argine/core/shared/messages";

// A PDF's content, read for what a reader would run or hand to the system rather than show
// (docs/decisions/024-upload-integrity-and-capture-urls.md): JavaScript (the /JavaScript action or name tree,
// the /JS key), /Launch (opens a program or a file), and /EmbeddedFile(s) (a file inside the PDF, one click
// from being saved and opened). An /OpenAction alone is harmless (which page to open at); with a script it
// carries /JavaScript and /JS. Evidence and documents are printed pages: none of them needs any of this, and
// the lawyer opens what the client sends.
//
// Decisions:
// - Names are read the way a PDF reader reads them: "#xx" is a byte ("/Java#53cript" is /JavaScript).
// - The long names are looked for everywhere, stream data included: random bytes never spell them. The
//   short /JS is looked for outside stream data only (three bytes occur by chance in 30 MB of images), and
//   inside the object streams (/Type /ObjStm, where PDF 1.5+ keeps dictionaries, compressed), which are
//   inflated with node's zlib, each and all together bounded.
// - An object stream that does not inflate (an encrypted PDF's, or another filter) is not read: the
//   dictionaries outside it still are. Decrypting PDFs is beyond this check (ADR 024).

const ACTIVE_NAMES = new Set(["JavaScript", "JS", "Launch", "EmbeddedFile", "EmbeddedFiles"]);
const LONG_ACTIVE_NAMES = new Set([...ACTIVE_NAMES].filter((name) => name.length > 2));
/** A name ends at whitespace or a delimiter (PDF 32000-1 §7.2.2). */
const NAME_END = new Set([..."\0\t\n\f\r ()<>[]{}/%"].map((c) => c.charCodeAt(0)));
/** What one object stream may inflate to, and all of them together: far above any real document's. */
const MAX_OBJECT_STREAM_BYTES = 16 * 1024 * 1024;
const MAX_OBJECT_STREAMS_TOTAL = 64 * 1024 * 1024;
/** Object streams read at most: a real 30 MB document has hundreds; each failed inflate costs ~0.4 ms. */
const MAX_OBJECT_STREAMS = 5000;
const JS_NAME = new Set(["JS"]);
const OBJECT_STREAM_NAME = new Set(["ObjStm"]);

/** The name after the "/" at `slash`, "#xx" decoded; "" when it is empty or too long to be one of ours. */
function nameAt(text: string, slash: number): string {
  let end = slash + 1;
  while (end < text.length && end - slash <= 49 && !NAME_END.has(text.charCodeAt(end))) end++;
  if (end - slash > 49) return "";
  const raw = text.slice(slash + 1, end);
  if (!raw.includes("#")) return raw;
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function hasName(text: string, names: ReadonlySet<string>, from = 0, to = text.length): boolean {
  for (let at = text.indexOf("/", from); at >= 0 && at < to; at = text.indexOf("/", at + 1)) {
    if (names.has(nameAt(text, at))) return true;
  }
  return false;
}

interface Stream {
  dictionary: string;
  dataStart: number;
  dataEnd: number;
}

/** Every `<< … >> stream … endstream` of the file, its dictionary from its object's `obj`. */
function streamsOf(text: string): Stream[] {
  const streams: Stream[] = [];
  let at = text.indexOf("stream");
  while (at >= 0) {
    const before = text.slice(Math.max(0, at - 8), at).trimEnd();
    const eol = text.startsWith("\r\n", at + 6) ? 2 : text[at + 6] === "\n" || text[at + 6] === "\r" ? 1 : 0;
    if (!before.endsWith(">>") || eol === 0) {
      at = text.indexOf("stream", at + 6);
      continue;
    }
    const dataStart = at + 6 + eol;
    const end = text.indexOf("endstream", dataStart);
    const dataEnd = end < 0 ? text.length : end;
    // A stream's dictionary is short: 1 KB back at most, from its object's "obj" when it is there.
    const window = text.slice(Math.max(0, at - 1024), at);
    const dictionary = window.slice(Math.max(0, window.lastIndexOf("obj")));
    streams.push({ dictionary, dataStart, dataEnd });
    at = end < 0 ? -1 : text.indexOf("stream", end + 9);
  }
  return streams;
}

/** The object stream's dictionaries as text, or null when it is not one, or not Flate alone. */
function objectStreamText(
  bytes: Uint8Array,
  stream: Stream,
  budget: { left: number; streams: number },
): string | null {
  const dict = stream.dictionary;
  if (!(dict.includes("ObjStm") || dict.includes("#")) || !hasName(dict, OBJECT_STREAM_NAME)) return null;
  const filters = [...dict.matchAll(/\/(\w+Decode)\b/g)].map((match) => match[1]);
  if (filters.length !== 1 || filters[0] !== "FlateDecode" || /\/DecodeParms/.test(dict)) return null;
  // Not a zlib stream's header (an encrypted one's bytes, most often): nothing to inflate.
  const [cmf = 0, flg = 0] = bytes.subarray(stream.dataStart, stream.dataStart + 2);
  if ((cmf & 0x0f) !== 8 || (cmf * 256 + flg) % 31 !== 0) return null;
  if (++budget.streams > MAX_OBJECT_STREAMS) throw new PdfRefusal(MESSAGES.uploadDamaged);
  try {
    const out = inflateSync(bytes.subarray(stream.dataStart, stream.dataEnd), {
      maxOutputLength: Math.min(MAX_OBJECT_STREAM_BYTES, budget.left),
      finishFlush: constants.Z_SYNC_FLUSH,
    });
    budget.left -= out.length;
    return out.toString("latin1");
  } catch (error) {
    if (error instanceof RangeError) throw new PdfRefusal(MESSAGES.uploadDamaged);
    return null; // encrypted, or not a zlib stream: see the decisions above
  }
}

class PdfRefusal extends Error {}

/** The Italian reason a PDF is refused for what it holds, or null. */
export function checkPdfContent(bytes: Uint8Array): string | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  if (hasName(text, LONG_ACTIVE_NAMES)) return MESSAGES.uploadPdfActiveContent;
  const streams = streamsOf(text);
  // /JS in the text between streams.
  let from = 0;
  for (const stream of [...streams, { dataStart: text.length, dataEnd: text.length }]) {
    if (hasName(text, JS_NAME, from, stream.dataStart)) return MESSAGES.uploadPdfActiveContent;
    from = stream.dataEnd;
  }
  const budget = { left: MAX_OBJECT_STREAMS_TOTAL, streams: 0 };
  try {
    for (const stream of streams) {
      const objects = objectStreamText(bytes, stream, budget);
      if (objects !== null && hasName(objects, ACTIVE_NAMES)) return MESSAGES.uploadPdfActiveContent;
    }
  } catch (error) {
    if (error instanceof PdfRefusal) return error.message;
    throw error;
  }
  return null;
}
