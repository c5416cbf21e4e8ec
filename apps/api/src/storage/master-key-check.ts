import { hkdfSync, randomUUID } from "node:crypto";
import type { Dirent } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { ConfigError, type StorageConfig } from "../config.ts";
import {
  isStorageObject,
  OVERHEAD,
  type RotationPhase,
  readStorageKeyFile,
  storageWrappingKey,
  unwrapFileKey,
} from "./disk-storage.ts";
import { assertStorageKey } from "./storage.ts";

// Whether the disk storage's master key opens its files, asked once at the server's start (issue 39): a
// wrong STORAGE_KEY used to start a server that said it was ready and answered 500 to every download.
//
// The answer is kept in DATA_DIR/storage/.key-check, a fingerprint of the key (derived from it one way, as
// the backup's key check is: it tells nothing of the key), written by the first start that finds the key
// right and kept right by the rotation (rotate-master-key.ts): while a rotation runs it names both keys, so
// a start with one of them alone refuses with what to do, since neither key opens every file then. Without
// it (a storage from before it, a record gone), the files decide: a key that opens none of the first ones
// found is refused. An empty storage takes any key.
//
// The rotation under traffic (docs/runbook.md): the processes are restarted one at a time with the new key
// as STORAGE_KEY and the old one as STORAGE_PREVIOUS_KEY. Such a process reads files under either key, and
// writes under the one the record names: the old one until the command begins (a process not yet restarted
// has only it), the new one from the moment the command writes both in the record.

/** The record's name, beside the objects (no object's key starts with a dot). */
export const KEY_CHECK_FILE = ".key-check";
/** How many objects, without a record, may be read before a key that opens none of them is refused. */
const SAMPLED_OBJECTS = 20;
/** Where the key's rotation is told (docs/runbook.md). */
const RUNBOOK = 'docs/runbook.md, "The storage master key (encrypted disk)"';

/** The record: the fingerprint of the key the files are under, and while a rotation runs the new key's. */
export interface KeyCheckRecord {
  key: string;
  next?: string;
}

/** A one-way fingerprint of a master key: equal for one key, and no way back to it. */
export function keyFingerprint(masterKey: Buffer): string {
  return Buffer.from(
    hkdfSync("sha256", masterKey, Buffer.alloc(0), "argine storage: key check", 32),
  ).toString("hex");
}

/** The storage's record, or null when there is none (or it is not one: the files decide then). */
export async function readKeyCheck(dir: string): Promise<KeyCheckRecord | null> {
  const text = await readFile(join(dir, KEY_CHECK_FILE), "utf8").catch(() => null);
  if (text === null) return null;
  try {
    const parsed = JSON.parse(text) as Partial<KeyCheckRecord>;
    if (typeof parsed.key !== "string") return null;
    return typeof parsed.next === "string" ? { key: parsed.key, next: parsed.next } : { key: parsed.key };
  } catch {
    return null;
  }
}

/** Writes the record whole or not at all: aside, synced, renamed over. */
export async function writeKeyCheck(dir: string, record: KeyCheckRecord): Promise<void> {
  const tmpDir = join(dir, ".tmp");
  await mkdir(tmpDir, { recursive: true });
  const tmp = join(tmpDir, `${KEY_CHECK_FILE}-${randomUUID()}`);
  try {
    const handle = await open(tmp, "wx", 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(record)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, join(dir, KEY_CHECK_FILE));
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

/**
 * What the files under `dir` say of `masterKey`, read from the first stored objects found (their headers
 * only): "opens" when it unwraps one of them, "other" when it unwraps none, "empty" when there is none.
 */
export async function keyOpensObjects(dir: string, masterKey: Buffer): Promise<"opens" | "other" | "empty"> {
  const wrappingKey = storageWrappingKey(masterKey);
  let seen = 0;
  for await (const header of objectHeaders(dir)) {
    if (unwrapFileKey(wrappingKey, header)) return "opens";
    if (++seen >= SAMPLED_OBJECTS) break;
  }
  return seen ? "other" : "empty";
}

/** Whether there is any stored object under `dir`. */
async function holdsObjects(dir: string): Promise<boolean> {
  for await (const _ of objectHeaders(dir)) return true;
  return false;
}

/**
 * Where a rotation under traffic stands for a process with `masterKey` (STORAGE_KEY) and `previousKey`
 * (STORAGE_PREVIOUS_KEY), read from the record at each call: it changes while the process runs.
 */
export function rotationPhaseOf(dir: string, masterKey: Buffer, previousKey: Buffer) {
  const [current, previous] = [keyFingerprint(masterKey), keyFingerprint(previousKey)];
  return async (): Promise<RotationPhase> => {
    const record = await readKeyCheck(dir);
    if (record?.key === previous && !record.next) return "before";
    if (record?.key === current && !record.next) return "done";
    return "under-way";
  };
}

/**
 * The server's start (main.ts): refuses, with a sentence for the operator, a disk storage master key that
 * does not open the stored files, and a start with one key alone while a rotation has files under both.
 * Nothing to check on S3, nor before the first start has made the key.
 */
export async function checkStorageKey(config: StorageConfig): Promise<void> {
  if (config.engine !== "disk") return;
  const dir = resolve(config.dir);
  const name = config.masterKey ? "STORAGE_KEY" : resolve(config.keyFile);
  const masterKey = config.masterKey ?? (await readStorageKeyFile(config.keyFile));
  if (!masterKey) {
    // The start makes a key (storage/create-storage.ts): the files already there would never open with it.
    if (await holdsObjects(dir))
      throw new ConfigError(
        `STORAGE_KEY is unset and ${resolve(config.keyFile)} is missing, yet ${dir} holds files encrypted with a key: put back the storage.key they were made with (the backup of those files holds it), or set STORAGE_KEY to that key, then start again (${RUNBOOK}).`,
      );
    return;
  }
  const fingerprint = keyFingerprint(masterKey);
  const previous = config.previousKey ? keyFingerprint(config.previousKey) : null;
  const record = await readKeyCheck(dir);
  if (record && !record.next && (record.key === fingerprint || record.key === previous)) return;
  if (record?.next) {
    // A rotation has begun: both keys are needed, the new one as STORAGE_KEY.
    if (record.next === fingerprint && record.key === previous) return;
    if (await holdsObjects(dir)) throw new ConfigError(unfinishedRotation(record, fingerprint, name, dir));
  }
  const files = await keyOpensObjects(dir, masterKey);
  if (config.previousKey && files !== "opens") {
    const before = await keyOpensObjects(dir, config.previousKey);
    if (before === "opens") return writeKeyCheck(dir, { key: keyFingerprint(config.previousKey) });
    if (files === "other")
      throw new ConfigError(
        `Neither STORAGE_KEY nor STORAGE_PREVIOUS_KEY opens the files in ${dir}: set STORAGE_PREVIOUS_KEY to the key they were encrypted with (STORAGE_KEY before this rotation), then start again (${RUNBOOK}).`,
      );
  }
  if (files === "other")
    throw new ConfigError(
      name === "STORAGE_KEY"
        ? `STORAGE_KEY does not open the files in ${dir}: it is not the key they were encrypted with; set STORAGE_KEY to that key (or, while rotating it, STORAGE_PREVIOUS_KEY), then start again (${RUNBOOK}).`
        : `${name} does not open the files in ${dir}: it is not the key they were encrypted with; put back the storage.key they were made with (the backup of those files holds it), or set STORAGE_KEY to that key, then start again (${RUNBOOK}).`,
    );
  // The files are this key's, or there are none yet: from now on the record says so.
  await writeKeyCheck(dir, { key: fingerprint });
}

/** What to do when a rotation has files under two keys and this start does not have the pair it needs. */
function unfinishedRotation(record: KeyCheckRecord, fingerprint: string, name: string, dir: string): string {
  if (name !== "STORAGE_KEY")
    return `The files in ${dir} are partly under the previous storage key and partly under the new one: a rotation (npm run keys -- rotate-storage) did not finish; run it again with the same environment until it says it is done, then start the server (${RUNBOOK}).`;
  if (record.next === fingerprint)
    return `The files in ${dir} are still partly under the previous storage key: a rotation to this STORAGE_KEY (npm run keys -- rotate-storage) has not finished; set STORAGE_PREVIOUS_KEY to the previous key, start, and run the command until it says it is done (${RUNBOOK}).`;
  if (record.key === fingerprint)
    return `The files in ${dir} are being moved from this STORAGE_KEY to a new key (npm run keys -- rotate-storage): set STORAGE_KEY to the new key and STORAGE_PREVIOUS_KEY to this one, then start again (${RUNBOOK}).`;
  return `The files in ${dir} are being moved to a storage key other than STORAGE_KEY (npm run keys -- rotate-storage has not finished): set STORAGE_KEY to that new key and STORAGE_PREVIOUS_KEY to the one before it, then start again (${RUNBOOK}).`;
}

/** The header of each stored object under `dir`, in name order, skipping the engine's own dot-folders. */
async function* objectHeaders(dir: string, at = dir): AsyncGenerator<Buffer> {
  const entries: Dirent[] = await readdir(at, { withFileTypes: true }).catch(() => []);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const path = join(at, entry.name);
    if (entry.isDirectory()) {
      yield* objectHeaders(dir, path);
      continue;
    }
    if (!entry.isFile() || !isObjectName(relative(dir, path).split(sep).join("/"))) continue;
    const header = await readHeader(path);
    if (header && isStorageObject(header)) yield header;
  }
}

function isObjectName(key: string): boolean {
  try {
    assertStorageKey(key);
    return true;
  } catch {
    return false;
  }
}

/** A file's first bytes, as many as a stored object's header and tag: enough to unwrap its key. */
async function readHeader(path: string): Promise<Buffer | null> {
  const handle = await open(path, "r").catch(() => null);
  if (!handle) return null;
  try {
    const buffer = Buffer.alloc(OVERHEAD);
    const { bytesRead } = await handle.read(buffer, 0, OVERHEAD, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
