import { randomBytes } from "node:crypto";
import { chmod, link, lstat, mkdir, readdir, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

// The data folder (DATA_DIR: the embedded database, the stored files and their key, the outbox, the backups,
// the server's own link key) is the server's user's alone: folders 0700, files 0600 (ADR 040). main.ts sets
// the process's umask to 077 before anything is written, so what the server makes is born private; this
// checks, at each start, what the folder already holds, and what the embedded database writes whatever the
// umask (PGlite lays its first files out 0666, and rewrites two cache files 0644 at each start).

/** The bits that let the group or anyone else in. */
const OTHERS = 0o077;

/** A refusal to start over the data folder, in words for the operator (main.ts prints it as it is). */
export class DataDirError extends Error {}

export interface PrivateTree {
  /** Folders and files whose group's or others' bits were taken off. */
  repaired: number;
  /**
   * Those of them another user could reach: every folder above them (up to `root`, itself taken as reachable)
   * let the group or others through. A file left 0644 inside a 0700 folder was repaired, not exposed.
   */
  exposed: number;
}

/**
 * Takes the group's and others' bits off `root` and everything under it, and counts what it changed. An entry
 * another user owns refuses the start: that user could open it again, or replace a key, and only its owner
 * (or root) can change it. A symbolic link inside is not followed: where it points is the operator's to
 * secure (`root` itself may be one). An entry gone meanwhile (another process's temporary file) is no error;
 * a missing root is nothing to do.
 */
export async function makePrivate(root: string): Promise<PrivateTree> {
  const uid = process.getuid?.();
  const foreign: string[] = [];
  let repaired = 0;
  let exposed = 0;
  const visit = async (path: string, reachable: boolean): Promise<void> => {
    const entry = await lstat(path).catch(ifGone(null));
    if (!entry || entry.isSymbolicLink()) return;
    if (uid !== undefined && entry.uid !== uid) {
      foreign.push(path);
      return;
    }
    if (entry.mode & OTHERS) {
      const done = await chmod(path, entry.mode & 0o7700).then(() => true, ifGone(false));
      if (done) repaired++;
      if (done && reachable) exposed++;
    }
    if (!entry.isDirectory()) return;
    // The group's or others' search bit is what let them into the folder's entries.
    const through = reachable && (entry.mode & 0o011) !== 0;
    for (const name of await readdir(path).catch(ifGone([]))) await visit(join(path, name), through);
  };
  const start = await realpath(root).catch(ifGone(null));
  if (start) await visit(start, true);
  if (foreign.length)
    throw new DataDirError(
      [
        `${root}: ${foreign.length} files or folders belong to another user than the server's (uid ${uid}), e.g.:`,
        ...foreign.slice(0, 5).map((path) => `  ${path}`),
        `Give the whole folder to the server's user (chown -R <user> ${root}) and start again.`,
      ].join("\n"),
    );
  return { repaired, exposed };
}

/**
 * A key of 32 random bytes kept in `file` (base64 on a line, 0600): made on the first start, then read at
 * every start. It is written whole aside and linked into place, which fails when the file exists: two
 * processes starting on one folder agree, and none reads a half-written key. `made` says this start made it.
 */
export async function loadKeyFile(file: string): Promise<{ key: Buffer; made: boolean }> {
  const existing = await readKeyFile(file);
  if (existing) return { key: existing, made: false };
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const aside = `${file}.${randomBytes(8).toString("hex")}.tmp`;
  const key = randomBytes(32);
  await writeFile(aside, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  try {
    await link(aside, file);
  } catch (error) {
    // Another process made it first: theirs is the key.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const theirs = await readKeyFile(file);
    if (!theirs) throw new Error(`${file}: made, then gone`);
    return { key: theirs, made: false };
  } finally {
    await rm(aside, { force: true });
  }
  return { key, made: true };
}

async function readKeyFile(file: string): Promise<Buffer | null> {
  const text = await readFile(file, "utf8").catch(ifGone(null));
  if (text === null) return null;
  const key = Buffer.from(text.trim(), "base64");
  if (key.length !== 32) throw new DataDirError(`${file}: not the base64 of 32 bytes`);
  return key;
}

function ifGone<T>(value: T) {
  return (error: NodeJS.ErrnoException): T => {
    if (error.code === "ENOENT") return value;
    throw error;
  };
}
