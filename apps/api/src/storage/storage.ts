import { createHash } from "node:crypto";
import type { CspSources } from "../http/csp.ts";

// The file storage (docs/architecture.md "Runtime adapters", ADR 018): where uploaded evidence and the
// lawyers' documents are kept. The browser never streams a file through the API's JSON routes: it PUTs the
// bytes to a short-lived signed URL and reads them back from another, served as an attachment. Two engines:
// the embedded disk (the default, encrypted at rest, its signed URLs answered by our own /v1/storage/objects
// routes) and any S3-compatible store (presigned URLs, server-side encryption) by configuration. A presigned
// PUT cannot promise what is inside the file: the caller checks size and content once the browser says it is
// done (head + get), and deletes the object when they are wrong. Nor can an S3 one be made single-use (the
// disk's is): the caller keeps the bytes it checked under a key no link ever writes, with their SHA-256, and
// deletes the upload's key (services/service-uploads.ts registerUpload).

/** What the browser sends the file with: `fetch(url, { method, headers, body: file })`. */
export interface SignedUpload {
  url: string;
  method: "PUT";
  /** Headers the signature covers: the browser must send them as they are. */
  headers: Record<string, string>;
}

export interface Storage {
  readonly name: "disk" | "s3";
  /** A URL the browser PUTs exactly `size` bytes to, valid for `expiresInSeconds`. */
  uploadUrl(
    key: string,
    options: { size: number; contentType: string; expiresInSeconds: number },
  ): Promise<SignedUpload>;
  /** A URL serving the object as an attachment named `fileName`, valid for `expiresInSeconds`. */
  downloadUrl(key: string, options: { fileName: string; expiresInSeconds: number }): Promise<string>;
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The object's size in bytes (its plaintext's on disk), or null when there is none. */
  head(key: string): Promise<{ size: number } | null>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** What the page's CSP must allow for the browser's uploads (the S3 endpoint; nothing on disk). */
  readonly csp: CspSources;
}

// Keys are made by the caller (never a user's file name): relative paths of letters, digits, "_", "-" and
// ".", no segment starting with a dot (no "..", no hidden files: the disk engine keeps its own in ".tmp"),
// each a file name any file system takes (at most 128 characters), 512 in all.
const SEGMENT = "[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}";
const KEY = new RegExp(`^${SEGMENT}(/${SEGMENT})*$`);

/** Refuses a key that could leave the storage's root or carry a user's text: a bug, never a client's mistake. */
export function assertStorageKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.includes("..")) throw new Error("invalid storage key");
}

/**
 * `Content-Disposition: attachment` for a user's file name: a plain-ASCII fallback for old clients and the
 * exact name in UTF-8 (RFC 6266 / 8187), so neither quotes nor accents can break the header.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, "_").trim() || "documento";
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The hex SHA-256 of a stored file's bytes: recorded when they are checked or copied, compared when read. */
export const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");
