import { createHash, createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { type DbHandle, dataDirHolder, loadPgliteDump, lockDataDir, MIGRATIONS } from "@argine/db/client";
import { DOCUMENT_LINK_KEY_FILE, type StorageConfig } from "../config.ts";

// Backups of the embedded database (docs/runbook.md): a folder holding the PGlite database as one dump, the
// stored files as they are on disk (still encrypted) and, when it is kept in DATA_DIR, their key; a manifest
// lists every file with its SHA-256, so a restore refuses a damaged copy before touching anything. The
// server's own link key (DATA_DIR/document-link.key, outside production: ADR 040) goes with its database,
// whose sealed second factors and links it opens.
// PostgreSQL and S3 have their own tools (pg_dump, bucket versioning): nothing here is for them.
//
// While the server runs, the copy is consistent without stopping it:
// - The dump is taken by PGlite between two queries (it runs one at a time, and a transaction holds it to
//   its end), so it is the database as of one commit.
// - The stored objects are written before the row naming them commits (services/service-uploads.ts, the
//   capture's files, the legalization's), under a key of their own, and never changed afterwards (the disk
//   engine writes aside and renames; a rewritten key gets the same bytes). So the files are copied after
//   the dump: every object a committed row names is there by then.
// - An object is deleted only after its row (or, at retention, just before the row is marked deleted, a
//   state the app already expects). A delete committed after the dump would take a file its copy still
//   names, so the files are also copied once before the dump: the two passes together hold every object
//   the dump names, except one written and deleted again within the backup's own seconds.

/** The restore's and the backup's refusals, in words for the operator (the CLI prints them as they are). */
export class BackupError extends Error {}

export const POSTGRES_REFUSAL =
  "The database is PostgreSQL (DATABASE_URL): back it up and restore it with pg_dump -Fc and pg_restore (docs/runbook.md).";

const FORMAT = 1;
const MANIFEST = "manifest.json";
const DATABASE_FILE = "database.tar.gz";
const KEY_FILE = "storage.key";
const STORAGE_FOLDER = "storage";
/** The folder a forced restore moves the data dir's previous contents into, inside the data dir. */
const REPLACED_PREFIX = "replaced-";

export interface BackupFile {
  /** Relative to the backup's folder, "/"-separated. */
  path: string;
  bytes: number;
  sha256: string;
}

/** How the stored files were kept, and where their key is: in the backup, or only in the environment. */
export type BackupStorage =
  | { engine: "disk"; key: "in-backup" | "STORAGE_KEY" | "none"; keyCheck: string | null }
  | { engine: "s3"; bucket: string };

export interface BackupManifest {
  format: typeof FORMAT;
  /** Just before the database was dumped: every write committed before then is in the backup. */
  createdAt: string;
  app: { version: string; migrations: number };
  storage: BackupStorage;
  /** Every file of the backup but the manifest. */
  files: BackupFile[];
}

/** What the admin port's POST /backup and the CLI answer. */
export interface BackupSummary {
  /** The backup's folder, under BACKUP_DIR. */
  name: string;
  createdAt: string;
  migrations: number;
  databaseBytes: number;
  /** The stored files copied (the disk engine's), and their bytes. */
  files: number;
  fileBytes: number;
  storageKey: "in-backup" | "STORAGE_KEY" | "none" | "s3";
}

// One backup at a time per database: two would only double the work.
const running = new WeakSet<object>();

/**
 * Writes a backup of the running (or stopped, opened by the CLI) embedded database and its stored files into
 * a new folder under `backupDir`, readable by this user only. It appears under its name only once whole.
 */
export async function takeBackup(
  source: { handle: DbHandle; storage: StorageConfig; documentLinkKeyFile: string | null },
  backupDir: string,
): Promise<BackupSummary> {
  const { engine } = source.handle;
  if (engine.kind !== "pglite") throw new BackupError(POSTGRES_REFUSAL);
  if (running.has(engine.pglite)) throw new BackupError("A backup is being taken already: wait for it.");
  running.add(engine.pglite);
  const name = `argine-${new Date().toISOString().replace(/:/g, "-")}`;
  const folder = join(resolve(backupDir), name);
  const partial = `${folder}.partial`;
  try {
    await mkdir(resolve(backupDir), { recursive: true, mode: 0o700 });
    await mkdir(partial, { mode: 0o700 });
    const copied = new Map<string, BackupFile>();
    const copyStored = () =>
      source.storage.engine === "disk"
        ? copyTree(source.storage.dir, partial, STORAGE_FOLDER, copied)
        : Promise.resolve();

    await copyStored();
    const migrations = await appliedMigrations(engine.pglite);
    // A checkpoint first: the dump's data files are then current, and loading it replays little WAL.
    await engine.pglite.exec("CHECKPOINT");
    const createdAt = new Date().toISOString();
    const dump = Buffer.from(await (await engine.pglite.dumpDataDir("gzip")).arrayBuffer());
    await writePrivate(join(partial, DATABASE_FILE), dump);
    await copyStored();

    const storage = await storageOf(source.storage, partial, copied);
    const linkKey = source.documentLinkKeyFile
      ? await readFile(source.documentLinkKeyFile).catch(ifMissing(null))
      : null;
    if (linkKey) {
      await writePrivate(join(partial, DOCUMENT_LINK_KEY_FILE), linkKey);
      copied.set(DOCUMENT_LINK_KEY_FILE, fileEntry(DOCUMENT_LINK_KEY_FILE, linkKey));
    }
    const stored = [...copied.values()].filter((file) => isStoredObject(file.path));
    const files = [fileEntry(DATABASE_FILE, dump), ...[...copied.values()].sort(byPath)];
    const manifest: BackupManifest = {
      format: FORMAT,
      createdAt,
      app: { version: appVersion(), migrations },
      storage,
      files,
    };
    await writePrivate(join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, folder);
    return {
      name,
      createdAt,
      migrations,
      databaseBytes: dump.length,
      files: stored.length,
      fileBytes: stored.reduce((sum, file) => sum + file.bytes, 0),
      storageKey: storage.engine === "s3" ? "s3" : storage.key,
    };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    running.delete(engine.pglite);
  }
}

type Pglite = Extract<DbHandle["engine"], { kind: "pglite" }>["pglite"];

/** The migrations the database has had (drizzle's own table): a restore refuses a newer database. */
async function appliedMigrations(pglite: Pglite): Promise<number> {
  const table = await pglite.query<{ found: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as found",
  );
  if (!table.rows[0]?.found) return 0;
  const count = await pglite.query<{ n: number }>(
    "select count(*)::int as n from drizzle.__drizzle_migrations",
  );
  return count.rows[0]?.n ?? 0;
}

/** The migrations this code carries. */
function codeMigrations(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, "meta", "_journal.json"), "utf8"));
  return (journal as { entries: unknown[] }).entries.length;
}

function appVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
  return String((pkg as { version: string }).version);
}

/**
 * The key: copied when it is the key file of DATA_DIR (outside production), else named only. Its check (an
 * HMAC by the key, which tells nothing of it) lets a restore tell the operator's STORAGE_KEY is the right one.
 */
async function storageOf(
  config: StorageConfig,
  folder: string,
  copied: Map<string, BackupFile>,
): Promise<BackupStorage> {
  if (config.engine === "s3") return { engine: "s3", bucket: config.bucket };
  if (config.masterKey) return { engine: "disk", key: "STORAGE_KEY", keyCheck: keyCheck(config.masterKey) };
  const text = await readFile(config.keyFile, "utf8").catch(ifMissing(null));
  // No key file: the disk storage was never opened, and holds nothing.
  if (text === null) return { engine: "disk", key: "none", keyCheck: null };
  await writePrivate(join(folder, KEY_FILE), text);
  copied.set(KEY_FILE, fileEntry(KEY_FILE, Buffer.from(text)));
  return { engine: "disk", key: "in-backup", keyCheck: keyCheck(Buffer.from(text.trim(), "base64")) };
}

const keyCheck = (key: Buffer) =>
  createHmac("sha256", key).update("argine backup: storage key check").digest("hex");

/**
 * Copies the files under `from` not copied yet into `folder/into`, recording each. The disk engine's
 * half-written objects (.tmp) are left out, and a file deleted meanwhile is no error.
 */
async function copyTree(
  from: string,
  folder: string,
  into: string,
  copied: Map<string, BackupFile>,
): Promise<void> {
  const walk = async (at: string): Promise<void> => {
    const entries = await readdir(join(from, at), { withFileTypes: true }).catch(ifMissing([]));
    for (const entry of entries) {
      const path = at ? `${at}/${entry.name}` : entry.name;
      if (path === ".tmp") continue;
      if (entry.isDirectory()) await walk(path);
      if (!entry.isFile() || copied.has(`${into}/${path}`)) continue;
      const bytes = await readFile(join(from, path)).catch(ifMissing(null));
      if (bytes === null) continue;
      await writePrivate(join(folder, into, path), bytes);
      copied.set(`${into}/${path}`, fileEntry(`${into}/${path}`, bytes));
    }
  };
  await walk("");
}

async function writePrivate(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, data, { mode: 0o600 });
}

/** A stored file of the backup, not one of the disk engine's own marks (its dot folders). */
export const isStoredObject = (path: string) =>
  path.startsWith(`${STORAGE_FOLDER}/`) && !path.split("/").some((part) => part.startsWith("."));

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const fileEntry = (path: string, bytes: Uint8Array): BackupFile => ({
  path,
  bytes: bytes.length,
  sha256: sha256(bytes),
});

const byPath = (a: BackupFile, b: BackupFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

function ifMissing<T>(value: T) {
  return (error: NodeJS.ErrnoException): T => {
    if (error.code === "ENOENT") return value;
    throw error;
  };
}

export interface RestoreTarget {
  dataDir: string;
  /** The storage the restored server will have (config.ts): the files go to its folder, its key is checked. */
  storage: StorageConfig;
  /** Where the restored server keeps its own link key (config.ts), or null: DOCUMENT_LINK_KEY is its key. */
  documentLinkKeyFile: string | null;
  /** BACKUP_DIR: left where it is when it is inside the data dir. */
  backupDir: string;
  /** Moves what the data dir holds aside, into DATA_DIR/replaced-<time>, instead of refusing. */
  force?: boolean;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  /** Where a forced restore moved the data dir's previous contents, or null. */
  movedAside: string | null;
}

/**
 * Restores a backup's folder into a stopped server's data dir: every file checked against the manifest
 * first, then, holding the data dir's lock, the database loaded into DATA_DIR/pg and the files and key
 * copied back. The next start applies the migrations added since the backup.
 */
export async function restoreBackup(folder: string, target: RestoreTarget): Promise<RestoreSummary> {
  const manifest = await readManifest(folder);
  checkTarget(manifest, target.storage);
  for (const file of manifest.files) {
    const bytes = await readFile(join(folder, file.path)).catch(ifMissing(null));
    if (bytes === null) throw new BackupError(`The backup is incomplete: ${file.path} is missing.`);
    if (bytes.length !== file.bytes || sha256(bytes) !== file.sha256)
      throw new BackupError(`The backup is damaged: ${file.path} does not match its SHA-256 in ${MANIFEST}.`);
  }

  const dataDir = resolve(target.dataDir);
  const holder = dataDirHolder(dataDir);
  if (holder !== null)
    throw new BackupError(`${dataDir} is in use by process ${holder}: stop the server before restoring.`);
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    throw new BackupError((error as Error).message);
  }
  let movedAside: string | null = null;
  try {
    const kept = [folder, target.backupDir].flatMap((path) => topEntryWithin(dataDir, path));
    const present = await contentsOf(dataDir, kept);
    if (present.length && !target.force)
      throw new BackupError(
        `${dataDir} is not empty (${present.join(", ")}): restore into an empty folder, or add --force to move what is there aside.`,
      );
    if (present.length) {
      movedAside = join(dataDir, `${REPLACED_PREFIX}${new Date().toISOString().replace(/:/g, "-")}`);
      await mkdir(movedAside, { mode: 0o700 });
      for (const entry of present) await rename(join(dataDir, entry), join(movedAside, entry));
      await mkdir(join(dataDir, "pg"), { recursive: true });
    }
    try {
      await loadPgliteDump(dataDir, new Blob([await readFile(join(folder, DATABASE_FILE))]));
      for (const file of manifest.files) {
        const to =
          file.path === DOCUMENT_LINK_KEY_FILE
            ? target.documentLinkKeyFile
            : destinationOf(file.path, target.storage);
        if (to) await writePrivate(to, await readFile(join(folder, file.path)));
      }
    } catch (error) {
      if (!movedAside) throw error;
      const message = `${(error as Error).message}\nThe previous contents of ${dataDir} are in ${movedAside}.`;
      throw error instanceof BackupError ? new BackupError(message) : new Error(message, { cause: error });
    }
  } finally {
    release();
  }
  return { manifest, movedAside };
}

async function readManifest(folder: string): Promise<BackupManifest> {
  const text = await readFile(join(folder, MANIFEST), "utf8").catch(ifMissing(null));
  if (text === null) throw new BackupError(`${folder} is not a backup: it has no ${MANIFEST}.`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text);
  } catch {
    throw new BackupError(`The backup is damaged: ${MANIFEST} is not JSON.`);
  }
  if (manifest?.format !== FORMAT || !Array.isArray(manifest.files))
    throw new BackupError(`${folder}/${MANIFEST} is not a backup manifest this version reads.`);
  // Only the backup's own names: a manifest edited to name "../x" must not make the restore write there.
  const known = (path: string) =>
    path === DATABASE_FILE ||
    path === KEY_FILE ||
    path === DOCUMENT_LINK_KEY_FILE ||
    (path.startsWith(`${STORAGE_FOLDER}/`) &&
      path.split("/").every((part) => part && part !== "." && part !== ".."));
  const bad = manifest.files.find((file) => typeof file?.path !== "string" || !known(file.path));
  if (bad || !manifest.files.some((file) => file.path === DATABASE_FILE))
    throw new BackupError(
      `The backup is damaged: ${MANIFEST} lists ${bad ? "an unknown file" : "no database"}.`,
    );
  return manifest;
}

/** Refuses a restore whose server could not read what it restores: a newer schema, other files, another key. */
function checkTarget(manifest: BackupManifest, storage: StorageConfig): void {
  const known = codeMigrations();
  if (manifest.app.migrations > known)
    throw new BackupError(
      `The backup was taken by a newer version (${manifest.app.migrations} migrations, this one has ${known}): restore it with that version.`,
    );
  const taken = manifest.storage;
  if (taken.engine === "s3") {
    if (storage.engine !== "s3")
      throw new BackupError(
        `The backup's files are in the S3 bucket ${taken.bucket}: restore with S3_BUCKET set, as when it was taken.`,
      );
    return;
  }
  if (storage.engine === "s3")
    throw new BackupError("The backup holds the files of the disk storage, but S3_BUCKET is set: unset it.");
  if (taken.key === "none") return;
  const given = storage.masterKey ? keyCheck(storage.masterKey) : null;
  if (taken.key === "STORAGE_KEY" && !given)
    throw new BackupError(
      "The stored files are encrypted with the STORAGE_KEY the server had, which a backup does not hold: set STORAGE_KEY as it was.",
    );
  if (given && given !== taken.keyCheck)
    throw new BackupError(
      taken.key === "in-backup"
        ? `STORAGE_KEY is set, and is not the key the files were encrypted with (${KEY_FILE} in the backup): unset it, or set it to that key.`
        : "STORAGE_KEY is not the key the stored files were encrypted with: set it as it was when the backup was taken.",
    );
}

/** Where a backup's file goes back to; null for the database, which PGlite loads. */
function destinationOf(path: string, storage: StorageConfig): string | null {
  if (storage.engine !== "disk") return null;
  if (path === KEY_FILE) return storage.keyFile;
  if (path.startsWith(`${STORAGE_FOLDER}/`)) return join(storage.dir, path.slice(STORAGE_FOLDER.length + 1));
  return null;
}

/** The data dir's entry that holds `path`, when it is inside it: a folder the restore must leave in place. */
function topEntryWithin(dataDir: string, path: string): string[] {
  const inside = relative(dataDir, resolve(path));
  if (!inside || inside.startsWith("..") || isAbsolute(inside)) return [];
  return [inside.split(/[\\/]/)[0] as string];
}

/**
 * What the data dir holds that a restore would replace: all but the lock, the empty database folder the lock
 * made, the backups kept there and the contents earlier restores moved aside.
 */
async function contentsOf(dataDir: string, kept: string[]): Promise<string[]> {
  const entries = await readdir(dataDir).catch(ifMissing([] as string[]));
  const present: string[] = [];
  for (const entry of entries) {
    if (entry === "pg.lock" || kept.includes(entry) || entry.startsWith(REPLACED_PREFIX)) continue;
    if (entry === "pg" && (await readdir(join(dataDir, entry))).length === 0) continue;
    present.push(entry);
  }
  return present.sort();
}
