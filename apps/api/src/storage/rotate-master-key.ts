import { randomUUID } from "node:crypto";
import type { Dirent } from "node:fs";
import { chown, mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, relative, sep } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ConfigError } from "../config.ts";
import {
  isStorageObject,
  OVERHEAD,
  openStorageObject,
  readStorageKeyFile,
  sealStorageObject,
  storageWrappingKey,
  TOMBSTONES,
  unwrapFileKey,
} from "./disk-storage.ts";
import { keyFingerprint, keyOpensObjects, readKeyCheck, writeKeyCheck } from "./master-key-check.ts";
import { assertStorageKey } from "./storage.ts";

// Rotating the disk engine's master key (ADR 018; npm run keys -- rotate-storage, docs/runbook.md). Every
// stored object goes from the current master key to the new one, one file at a time, each rewritten aside,
// synced and renamed over the old, so an interruption leaves each file whole, under one key or the other,
// and a second run finishes the job: a file the new key already opens is skipped.
//
// Not only the header: the header (the wrapped file key among it) is part of the GCM's additional data, so a
// re-wrapped key needs a new tag, and a new tag under the same file key and nonce would be GCM nonce reuse
// (the old file and the new one side by side give away the authentication key). Each file is decrypted,
// which checks it, and sealed again with a fresh file key and nonce, as `put` does: the file is rewritten
// whole anyway, and AES-GCM costs little beside the disk.
//
// The storage's key check (master-key-check.ts) names both keys while the files are passed over, and the new
// one alone once every file is: a server started in between with one key alone refuses.
//
// Under traffic (`whileServing`: the servers run with STORAGE_KEY new and STORAGE_PREVIOUS_KEY old), they
// write under the new key once the record names both, and a file is never half written for a reader (each
// is renamed whole over the old). A server's write that chose the old key just before is found by another
// pass, begun once such a write has had time to land; the command ends on a pass that finds none. A file
// the servers replace or delete meanwhile is left to them: it is renamed over only if it is still the one
// read, and a deletion between that check and the rename leaves a tombstone first (disk-storage.ts), after
// which what was renamed is removed.

export interface RewrapReport {
  /** Objects now under the new key. */
  rewrapped: number;
  /** Objects the new key already opened (a run before this one, or the servers' writes): left as they were. */
  alreadyNew: number;
  /** How many times the folder was passed over. */
  passes: number;
  /** Files that are no stored object (no object's name, or not its layout): left alone, no key reads them. */
  notObjects: string[];
  /** Objects neither key opens, or whose bytes fail their check: left as they were, named with why. */
  unreadable: { key: string; reason: string }[];
}

export interface RewrapOptions {
  /** The storage folder (DATA_DIR/storage). */
  dir: string;
  /** The current master key (32 bytes). */
  from: Buffer;
  /** The new master key (32 bytes). */
  to: Buffer;
  /** Called after each file, with how many were looked at so far (a progress line). */
  onFile?: (seen: number) => void;
  /**
   * The servers keep serving the folder (STORAGE_PREVIOUS_KEY): passes until one, begun `settleMs` or
   * more after the record named the new key, finds no file under the old one.
   */
  whileServing?: { settleMs: number };
}

/** Passes after which files still arriving under the old key mean a process writes with it alone. */
const MAX_PASSES = 5;

/** Marks this module's files written aside: a run removes what an interrupted one left in `.tmp/`. */
const TMP_MARK = ".rewrap-";

export const NEITHER_KEY = "wrapped by neither the current key nor the new one";
export const DAMAGED = "the current key unwraps it but its bytes fail their check (damaged, or renamed)";

/**
 * Re-encrypts every stored object under `to`, from `from`: resumable and idempotent (see above). Files of
 * neither key, damaged ones and strangers are reported, never changed. Directories are synced at the end,
 * so once it returns every rename is on disk (the caller may then replace the key).
 */
export async function rewrapStorage(options: RewrapOptions): Promise<RewrapReport> {
  const { dir } = options;
  if (options.from.equals(options.to)) throw new Error("the new storage key is the current one");
  const keys = { from: storageWrappingKey(options.from), to: storageWrappingKey(options.to) };
  const report: RewrapReport = { rewrapped: 0, alreadyNew: 0, passes: 0, notObjects: [], unreadable: [] };
  if (!(await isDirectory(dir))) return report;
  await beginRotation(dir, options.from, options.to, Boolean(options.whileServing));
  const named = Date.now();
  await removeLeftovers(join(dir, ".tmp"));
  let seen = 0;
  for (;;) {
    const began = Date.now();
    const pass = await passOver(dir, keys, () => options.onFile?.(++seen));
    report.passes++;
    report.rewrapped += pass.rewrapped;
    if (report.passes === 1) report.alreadyNew = pass.alreadyNew;
    report.notObjects = pass.notObjects;
    report.unreadable = pass.unreadable;
    const settle = options.whileServing?.settleMs;
    if (settle === undefined || (!pass.rewrapped && !pass.changed && began - named >= settle)) break;
    if (report.passes >= MAX_PASSES)
      throw new ConfigError(
        `Files are still being written under STORAGE_PREVIOUS_KEY in ${dir} after ${report.passes} passes: a server process runs with it as its STORAGE_KEY. Restart it with STORAGE_KEY set to the new key and STORAGE_PREVIOUS_KEY to the old one, then run this again.`,
      );
    // A timer may wake a millisecond before Date.now() says it is due: wait out the rest, so the next pass
    // begins settled (and is the last, unless a write lands).
    while (Date.now() < named + settle) await sleep(named + settle - Date.now());
  }
  // Every file the server can read is now under the new key (any other is reported, and the rotation is
  // not over until it is dealt with).
  if (!report.unreadable.length) {
    await writeKeyCheck(dir, { key: keyFingerprint(options.to) });
    await rm(join(dir, TOMBSTONES), { recursive: true, force: true });
  }
  return report;
}

interface Pass {
  rewrapped: number;
  alreadyNew: number;
  /** Files replaced or deleted by a server while they were read: looked at again by the next pass. */
  changed: number;
  notObjects: string[];
  unreadable: { key: string; reason: string }[];
}

async function passOver(dir: string, keys: { from: Buffer; to: Buffer }, onFile: () => void): Promise<Pass> {
  const pass: Pass = { rewrapped: 0, alreadyNew: 0, changed: 0, notObjects: [], unreadable: [] };
  const touched = new Set<string>();
  for await (const path of storedFiles(dir)) {
    const key = relative(dir, path).split(sep).join("/");
    const outcome = await rewrapFile(dir, key, keys);
    if (outcome === "rewrapped") {
      pass.rewrapped++;
      touched.add(dirname(path));
    } else if (outcome === "alreadyNew") pass.alreadyNew++;
    else if (outcome === "changed") pass.changed++;
    else if (outcome === "notObject") pass.notObjects.push(key);
    else if (outcome !== "gone") pass.unreadable.push({ key, reason: outcome.unreadable });
    onFile();
  }
  for (const folder of touched) await syncDirectory(folder);
  return pass;
}

/**
 * Refuses a current key that opens none of the files (the key check names another, or no file sampled
 * opens with it nor with the new one), before anything is changed; otherwise the key check names both keys
 * until the run is done. A rotation finished before leaves it as it is: every file is skipped.
 */
async function beginRotation(dir: string, from: Buffer, to: Buffer, whileServing: boolean): Promise<void> {
  const record = await readKeyCheck(dir);
  const [current, next] = [keyFingerprint(from), keyFingerprint(to)];
  if (record?.key === next && !record.next) return;
  if (
    record?.key !== current &&
    (await keyOpensObjects(dir, from)) === "other" &&
    (await keyOpensObjects(dir, to)) === "other"
  )
    throw new ConfigError(
      whileServing
        ? `STORAGE_PREVIOUS_KEY opens none of the files in ${dir}: it is not the key they are encrypted with. Set it to that key (STORAGE_KEY before this rotation) in the servers' environment and this one, then run this again; nothing was changed.`
        : `The current storage key (STORAGE_KEY, or DATA_DIR/storage.key without it) opens none of the files in ${dir}: it is not the key they are encrypted with. Run this with that key; nothing was changed.`,
    );
  await writeKeyCheck(dir, { key: current, next });
}

type Outcome = "rewrapped" | "alreadyNew" | "notObject" | "changed" | "gone" | { unreadable: string };

async function rewrapFile(dir: string, key: string, keys: { from: Buffer; to: Buffer }): Promise<Outcome> {
  try {
    assertStorageKey(key);
  } catch {
    return "notObject";
  }
  const path = join(dir, key);
  // One open file: what is checked below is the file that was read, whatever a server renames meanwhile.
  const handle = await open(path, "r").catch(ifGone);
  if (!handle) return "gone";
  let file: Buffer;
  let read: { ino: bigint; mtimeNs: bigint; uid: number; gid: number };
  try {
    const head = Buffer.alloc(OVERHEAD);
    const { bytesRead } = await handle.read(head, 0, OVERHEAD, 0);
    if (!isStorageObject(head.subarray(0, bytesRead))) return "notObject";
    // The new key first, from the header alone: what a run before this one (or a server) wrote is skipped.
    if (unwrapFileKey(keys.to, head)) return "alreadyNew";
    const info = await handle.stat({ bigint: true });
    read = { ino: info.ino, mtimeNs: info.mtimeNs, uid: Number(info.uid), gid: Number(info.gid) };
    file = await handle.readFile();
  } finally {
    await handle.close();
  }
  const fileKey = unwrapFileKey(keys.from, file);
  if (!fileKey) return { unreadable: NEITHER_KEY };
  let plaintext: Buffer;
  try {
    plaintext = openStorageObject(fileKey, key, file);
  } catch {
    return { unreadable: DAMAGED };
  }
  const stillRead = async () => {
    const now = await stat(path, { bigint: true }).catch(ifGone);
    return now?.ino === read.ino && now.mtimeNs === read.mtimeNs;
  };
  const tmpDir = join(dir, ".tmp");
  if (!(await writeDurably(path, sealStorageObject(keys.to, key, plaintext), tmpDir, read, stillRead)))
    return "changed";
  const tombstone = await stat(join(dir, TOMBSTONES, key), { bigint: true }).catch(ifGone);
  if (tombstone && tombstone.mtimeNs >= read.mtimeNs) {
    // Deleted by a server between the check and the rename: it stays deleted.
    await rm(path, { force: true });
    return "gone";
  }
  return "rewrapped";
}

function ifGone(error: NodeJS.ErrnoException): null {
  if (error.code === "ENOENT") return null;
  throw error;
}

/**
 * Writes `bytes` at `path` as a whole or not at all: aside in `tmpDir` (same file system), synced, then
 * renamed over, unless `onlyIf` then says no (false, nothing written). Run as root, the file keeps the owner
 * of the one it replaces (the server's user still reads it).
 */
export async function writeDurably(
  path: string,
  bytes: Uint8Array,
  tmpDir: string,
  owner?: { uid: number; gid: number },
  onlyIf?: () => Promise<boolean>,
): Promise<boolean> {
  await mkdir(tmpDir, { recursive: true });
  const tmp = join(tmpDir, `.${basename(path)}${TMP_MARK}${randomUUID()}`);
  try {
    const handle = await open(tmp, "wx", 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (owner && process.getuid?.() === 0) await chown(tmp, owner.uid, owner.gid);
    if (onlyIf && !(await onlyIf())) {
      await rm(tmp, { force: true });
      return false;
    }
    await rename(tmp, path);
    return true;
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

/**
 * Replaces the key kept in `keyFile` by `newKey`, after every file was re-wrapped: the current key is first
 * copied to `<keyFile>.old` (kept until the operator deletes it), then the new one takes its place, each
 * written durably. Running it again after an interruption ends in the same place.
 */
export async function replaceStorageKeyFile(
  keyFile: string,
  newKey: Buffer,
): Promise<{ oldKeyFile: string }> {
  const oldKeyFile = `${keyFile}.old`;
  const current = await readStorageKeyFile(keyFile);
  if (!current) throw new Error(`${keyFile}: there is no key to replace`);
  const folder = dirname(keyFile);
  const owner = await stat(keyFile);
  const line = (key: Buffer) => Buffer.from(`${key.toString("base64")}\n`);
  if (!current.equals(newKey)) {
    await writeDurably(oldKeyFile, line(current), folder, owner);
    await writeDurably(keyFile, line(newKey), folder, owner);
  }
  await syncDirectory(folder);
  return { oldKeyFile };
}

/**
 * Why `<keyFile>.old` stands in the way of a rotation, or null: one left by an earlier rotation, holding a
 * key that is neither the current one nor the new one, would be overwritten (the operator deletes it once
 * that rotation is checked). One holding the current key is an interrupted run's.
 */
export async function oldKeyFileConflict(keyFile: string, current: Buffer): Promise<string | null> {
  const oldKeyFile = `${keyFile}.old`;
  const old = await readStorageKeyFile(oldKeyFile).catch(() => Buffer.alloc(0));
  if (old === null || old.equals(current)) return null;
  return `${oldKeyFile} is left from an earlier rotation: once the files are checked with the key that followed it, delete it (or keep it elsewhere with the backups it opens) and run this again.`;
}

/** Every regular file under `dir`, in name order, skipping the engine's own dot-folders (.tmp, .written). */
async function* storedFiles(dir: string): AsyncGenerator<string> {
  // A folder the servers emptied meanwhile may be gone.
  const entries: Dirent[] = (await readdir(dir, { withFileTypes: true }).catch(ifGone)) ?? [];
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* storedFiles(path);
    else if (entry.isFile()) yield path;
  }
}

async function removeLeftovers(tmpDir: string): Promise<void> {
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  for (const name of names) if (name.includes(TMP_MARK)) await rm(join(tmpDir, name), { force: true });
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() ?? false;
}

/** A rename is on disk once its folder is synced. */
async function syncDirectory(path: string): Promise<void> {
  const handle = await open(path, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
