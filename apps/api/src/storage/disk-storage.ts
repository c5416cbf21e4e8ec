import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomUUID,
  timingSafeEqual,
} from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { MAX_UPLOAD_BYTES } from "@argine/core/shared/constants";
import { type Clock, now } from "../clock.ts";
import { assertStorageKey, type SignedUpload, type Storage } from "./storage.ts";

// The embedded engine (ADR 018): each object is a file under DATA_DIR/storage, encrypted at rest with a key
// of its own (AES-256-GCM), that key wrapped (AES key wrap, RFC 3394) by one derived from the master key.
// A file copied off the disk, or the whole folder, is unreadable without STORAGE_KEY. Its signed URLs are
// answered by routes/v1/storage/, registered only while disk is the engine.

/**
 * What the PUT route accepts: a file of the upload limit and a little more, so the upload flow, not the
 * transport, is the one that tells the client the file is too large.
 */
export const DISK_UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 1024 * 1024;

// magic (4) | wrapped file key (40) | GCM nonce (12) | ciphertext | GCM tag (16)
const MAGIC = Buffer.from("ARG1");
const WRAPPED_KEY_BYTES = 40;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + WRAPPED_KEY_BYTES + NONCE_BYTES;
/** A stored object's bytes beyond its content: its header and its tag (enough to tell its key). */
export const OVERHEAD = HEADER_BYTES + TAG_BYTES;
const KEY_WRAP_IV = Buffer.from("A6A6A6A6A6A6A6A6", "hex");

/** What a verified token lets its holder do, once (until it expires). */
export type SignedRequest =
  | { method: "PUT"; key: string; size: number }
  | { method: "GET"; key: string; fileName: string };

export interface DiskStorage extends Storage {
  readonly name: "disk";
  /** The request a token signs, or null when it is altered, expired, or not for this method. */
  verify<M extends SignedRequest["method"]>(
    token: string,
    method: M,
  ): Extract<SignedRequest, { method: M }> | null;
  /**
   * Stores a signed PUT's body under its key, once: false, and nothing written, when a link already wrote
   * that key (a second PUT, or one after the upload was registered and its key deleted).
   */
  putOnce(key: string, bytes: Uint8Array): Promise<boolean>;
}

/** True for the disk engine, whose signed URLs are the app's own routes. */
export function isDiskStorage(storage: Storage): storage is DiskStorage {
  return storage.name === "disk" && "verify" in storage;
}

export interface DiskStorageOptions {
  /** Where the objects are (never under the web root). */
  dir: string;
  /** 32 bytes: wraps each file's key and, derived, signs the URLs. */
  masterKey: Buffer;
  /** The API's public origin: the signed URLs point at its /v1/storage/objects. */
  publicUrl: string;
  /** While the master key is rotated under traffic (STORAGE_PREVIOUS_KEY): the key before, and the phase. */
  rotation?: { previousKey: Buffer; phase: () => Promise<RotationPhase> };
}

/**
 * Where a rotation under traffic stands, as the storage's key record says (master-key-check.ts): "before"
 * the command began (the files are under the previous key, and new ones too: a process not yet restarted
 * with both keys reads them), "under-way" (new files under the new key), "done" (every file under it).
 */
export type RotationPhase = "before" | "under-way" | "done";

/** Beside the objects: an object deleted while a rotation runs leaves its name here (rotate-master-key.ts). */
export const TOMBSTONES = ".deleted";

export function createDiskStorage(options: DiskStorageOptions, clock: Clock): DiskStorage {
  if (options.masterKey.length !== 32) throw new Error("the storage master key must be 32 bytes");
  const current = keysOf(options.masterKey);
  const { rotation } = options;
  const previous = rotation ? keysOf(rotation.previousKey) : null;
  /** The keys new files and links are made with: the previous ones until the rotation's command begins. */
  const writing = async () => (previous && (await rotation?.phase()) === "before" ? previous : current);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(options.dir, key);
  };
  const objectsUrl = `${options.publicUrl}/v1/storage/objects/`;
  // A key a signed PUT has written: an empty file made exclusively (O_EXCL), so of two PUTs at once, or a
  // PUT after the upload was checked and its key deleted, only the first one ever writes. Kept beside the
  // objects (a key never starts with a dot), so the record lives wherever the files do.
  const writtenMarkOf = (key: string) => {
    assertStorageKey(key);
    return join(options.dir, ".written", key);
  };

  const sign = async (payload: object): Promise<string> => {
    const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
    const { signing } = await writing();
    return `${body}.${createHmac("sha256", signing).update(body).digest("base64url")}`;
  };
  /** Whether `mac` is the body's under `signing`. */
  const signedBy = (signing: Buffer, body: string, mac: string) => {
    const expected = createHmac("sha256", signing).update(body).digest();
    const given = Buffer.from(mac, "base64url");
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const expiry = (seconds: number) => Math.floor(now(clock).getTime() / 1000) + seconds;

  async function get(key: string): Promise<Buffer | null> {
    const file = await readFile(pathOf(key)).catch(ifMissing(null));
    if (file === null) return null;
    const fileKey =
      unwrapFileKey(current.wrapping, file) ?? (previous && unwrapFileKey(previous.wrapping, file));
    if (!fileKey) throw new Error("the file's key is not wrapped by this storage master key");
    return openStorageObject(fileKey, key, file);
  }

  async function put(key: string, bytes: Uint8Array): Promise<void> {
    const path = pathOf(key);
    const sealed = sealStorageObject((await writing()).wrapping, key, bytes);
    // Written aside then renamed: a reader sees the old object or the new one, never half of one.
    const tmp = join(options.dir, ".tmp", randomUUID());
    await mkdir(dirname(tmp), { recursive: true });
    await writeFile(tmp, sealed, { mode: 0o600 });
    await mkdir(dirname(path), { recursive: true });
    await rename(tmp, path);
  }

  return {
    name: "disk",
    csp: {},

    async uploadUrl(key, { size, contentType, expiresInSeconds }): Promise<SignedUpload> {
      assertStorageKey(key);
      if (!Number.isInteger(size) || size < 0 || size > DISK_UPLOAD_BODY_LIMIT)
        throw new Error("upload size out of range");
      // The content type is not signed (nor is it by S3's presigner): what the file is, the upload flow
      // checks by its content, and the download is always an opaque attachment.
      const token = await sign({ m: "PUT", k: key, e: expiry(expiresInSeconds), s: size });
      return { url: objectsUrl + token, method: "PUT", headers: { "content-type": contentType } };
    },

    async downloadUrl(key, { fileName, expiresInSeconds }) {
      assertStorageKey(key);
      // File names are checked at upload (255 characters at most): the token must fit the router.
      if (fileName.length > 255) throw new Error("file name too long for a storage link");
      return objectsUrl + (await sign({ m: "GET", k: key, e: expiry(expiresInSeconds), n: fileName }));
    },

    verify<M extends SignedRequest["method"]>(token: string, method: M) {
      const [body = "", mac = "", ...rest] = token.split(".");
      if (rest.length || !body || !mac) return null;
      // During a rotation a link may come from a process signing with either key.
      if (!signedBy(current.signing, body, mac) && !(previous && signedBy(previous.signing, body, mac)))
        return null;
      const p = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>;
      if (p.m !== method || typeof p.k !== "string" || typeof p.e !== "number") return null;
      if (now(clock).getTime() >= p.e * 1000) return null;
      const signed: SignedRequest =
        p.m === "PUT"
          ? { method: "PUT", key: p.k, size: Number(p.s) }
          : { method: "GET", key: p.k, fileName: String(p.n) };
      return signed as Extract<SignedRequest, { method: M }>;
    },

    async putOnce(key, bytes) {
      const mark = writtenMarkOf(key);
      await mkdir(dirname(mark), { recursive: true });
      try {
        await writeFile(mark, "", { mode: 0o600, flag: "wx" });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
        throw error;
      }
      try {
        await put(key, bytes);
      } catch (error) {
        // Nothing was written: the browser may try the same link again.
        await rm(mark, { force: true });
        throw error;
      }
      return true;
    },

    put,

    get,

    async head(key) {
      const info = await stat(pathOf(key)).catch(ifMissing(null));
      return info?.isFile() ? { size: info.size - OVERHEAD } : null;
    },

    async delete(key) {
      const path = pathOf(key);
      // The rotation's command may be writing this file back re-encrypted at this very moment: the
      // tombstone, written first, makes it remove what it wrote (rotate-master-key.ts).
      if (rotation && (await rotation.phase()) !== "done") {
        const tombstone = join(options.dir, TOMBSTONES, key);
        await mkdir(dirname(tombstone), { recursive: true });
        await writeFile(tombstone, "", { mode: 0o600 });
      }
      await rm(path, { force: true });
    },
  };
}

const deriveStorageKey = (masterKey: Buffer, info: string) =>
  Buffer.from(hkdfSync("sha256", masterKey, Buffer.alloc(0), info, 32));

/** Two keys from one secret, each for one purpose: a leaked URL key opens no file. */
const keysOf = (masterKey: Buffer) => ({
  wrapping: storageWrappingKey(masterKey),
  signing: deriveStorageKey(masterKey, "argine storage: signed urls"),
});

/** The key that wraps each file's key, derived from the master key (storage/rotate-master-key.ts re-wraps). */
export function storageWrappingKey(masterKey: Buffer): Buffer {
  if (masterKey.length !== 32) throw new Error("the storage master key must be 32 bytes");
  return deriveStorageKey(masterKey, "argine storage: file key wrapping");
}

/** True when the bytes are laid out as a stored object (magic and room for header and tag). */
export function isStorageObject(file: Buffer): boolean {
  return file.length >= OVERHEAD && file.subarray(0, MAGIC.length).equals(MAGIC);
}

/**
 * The object's own key, or null when `wrappingKey` did not wrap it: the key wrap's integrity check tells
 * (RFC 3394; a wrong key passes it once in 2^64). Throws for bytes that are no stored object.
 */
export function unwrapFileKey(wrappingKey: Buffer, file: Buffer): Buffer | null {
  if (!isStorageObject(file)) throw new Error("not a storage object");
  const unwrap = createDecipheriv("id-aes256-wrap", wrappingKey, KEY_WRAP_IV);
  try {
    return Buffer.concat([
      unwrap.update(file.subarray(MAGIC.length, MAGIC.length + WRAPPED_KEY_BYTES)),
      unwrap.final(),
    ]);
  } catch {
    return null;
  }
}

/** The object's plaintext; throws when the bytes, the header or the object's key were changed. */
export function openStorageObject(fileKey: Buffer, key: string, file: Buffer): Buffer {
  const decipher = createDecipheriv(
    "aes-256-gcm",
    fileKey,
    file.subarray(HEADER_BYTES - NONCE_BYTES, HEADER_BYTES),
  );
  decipher.setAAD(aad(file.subarray(0, HEADER_BYTES), key));
  decipher.setAuthTag(file.subarray(file.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(file.subarray(HEADER_BYTES, file.length - TAG_BYTES)),
    decipher.final(),
  ]);
}

/** The bytes stored for `key`: a new file key and nonce, the key wrapped by `wrappingKey`. */
export function sealStorageObject(wrappingKey: Buffer, key: string, bytes: Uint8Array): Buffer {
  const fileKey = randomBytes(32);
  const wrap = createCipheriv("id-aes256-wrap", wrappingKey, KEY_WRAP_IV);
  const header = Buffer.concat([MAGIC, wrap.update(fileKey), wrap.final(), randomBytes(NONCE_BYTES)]);
  const cipher = createCipheriv("aes-256-gcm", fileKey, header.subarray(HEADER_BYTES - NONCE_BYTES));
  cipher.setAAD(aad(header, key));
  return Buffer.concat([header, cipher.update(bytes), cipher.final(), cipher.getAuthTag()]);
}

/** The object's key is authenticated with its bytes: a file moved under another key does not decrypt. */
function aad(header: Buffer, key: string): Buffer {
  return Buffer.concat([header, Buffer.from(key)]);
}

function ifMissing<T>(value: T) {
  return (error: NodeJS.ErrnoException): T => {
    if (error.code === "ENOENT") return value;
    throw error;
  };
}

/**
 * The master key: STORAGE_KEY when set; otherwise (never in production, config.ts) one made on the first
 * start and kept in `keyFile`, readable by the server's user only, so the files survive a restart.
 */
export async function loadStorageMasterKey(configured: Buffer | undefined, keyFile: string): Promise<Buffer> {
  if (configured) return configured;
  const existing = await readStorageKeyFile(keyFile);
  if (existing) return existing;
  await mkdir(dirname(keyFile), { recursive: true });
  try {
    await writeFile(keyFile, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another process made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const made = await readStorageKeyFile(keyFile);
  if (!made) throw new Error(`${keyFile}: made, then gone`);
  return made;
}

/** The master key kept in `keyFile` (the base64 of 32 bytes on a line), or null when there is no such file. */
export async function readStorageKeyFile(keyFile: string): Promise<Buffer | null> {
  const text = await readFile(keyFile, "utf8").catch(ifMissing(null));
  return text === null ? null : checkedKey(Buffer.from(text.trim(), "base64"), keyFile);
}

function checkedKey(key: Buffer, keyFile: string): Buffer {
  if (key.length !== 32) throw new Error(`${keyFile}: not the base64 of 32 bytes`);
  return key;
}
