import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Db, dataDirHolder, lockDataDir, openDb } from "@argine/db/client";
import { listOidcKeys } from "@argine/db/queries/oidc";
import { sql } from "drizzle-orm";
import { type Config, loadConfig } from "../config.ts";
import { CACHE_CHANNEL } from "../fan-out/postgres-fan-out.ts";
import {
  KEY_RETIREMENT_DELAY_MS,
  KeyRetirementRefused,
  type ProviderKey,
  retireProviderKeys,
  rotateCookieKey,
  rotateSigningKey,
} from "../identity/keys.ts";
import { readStorageKeyFile } from "../storage/disk-storage.ts";
import {
  oldKeyFileConflict,
  type RewrapReport,
  replaceStorageKeyFile,
  rewrapStorage,
} from "../storage/rotate-master-key.ts";

// npm run keys -- <command> (docs/runbook.md): the operator's key rotations, run as the server's user with the
// server's environment. The commands are here, callable by the tests; cli.ts prints and exits. Exit codes,
// as the backup's CLI: 0 done, 1 refused or failed (the message says why), 2 wrong usage.

export const USAGE = `Usage: npm run keys -- rotate-signing
       npm run keys -- retire-signing [--keep N] [--compromised]   (N of each kind stay, 2 by default)
       npm run keys -- rotate-storage   (the servers' environment: STORAGE_KEY new, STORAGE_PREVIOUS_KEY old)
       NEW_STORAGE_KEY=<base64 of 32 bytes> npm run keys -- rotate-storage [--all-stopped]   (servers stopped)
See docs/runbook.md.
`;

/** A refusal: nothing (or nothing more) was done, and the message tells the operator why and what to do. */
export class KeysError extends Error {}

export interface KeysResult {
  code: 0 | 1 | 2;
  /** What to print (stdout on 0, stderr otherwise). */
  text: string;
}

export interface KeysOptions {
  /** The server's environment (process.env). */
  env?: NodeJS.ProcessEnv;
  now?: () => Date;
  /** A progress line while files are re-wrapped (stderr). */
  progress?: (line: string) => void;
  /** rotate-storage under traffic: how long the servers' writes under the old key may take to land. */
  settleMs?: number;
}

/**
 * A server's write is sealed (the key chosen) a moment before its file lands: once the record names the new
 * key, the last pass begins this much later, far beyond the write of the largest upload.
 */
const SETTLE_MS = 10_000;

/** Runs one command; throws KeysError (or the config's ConfigError) when it refuses. */
export async function runKeys(args: readonly string[], options: KeysOptions = {}): Promise<KeysResult> {
  const env = options.env ?? process.env;
  const now = options.now ?? (() => new Date());
  const [command, ...rest] = args;
  if (command === "rotate-signing" && rest.length === 0) return rotateSigning(loadConfig(env), now());
  if (command === "retire-signing") {
    const compromised = rest.includes("--compromised");
    const keep = keepOption(rest.filter((arg) => arg !== "--compromised"));
    if (keep === null) return { code: 2, text: USAGE };
    return retireSigning(loadConfig(env), now(), keep, compromised);
  }
  if (command === "rotate-storage" && rest.every((arg) => arg === "--all-stopped"))
    return rotateStorage(loadConfig(env), env, {
      allStopped: rest.includes("--all-stopped"),
      progress: options.progress,
      settleMs: options.settleMs ?? SETTLE_MS,
    });
  return { code: 2, text: USAGE };
}

/** `--keep N` or `--keep=N` (a whole number, at least 1), nothing for the default 2; null when wrong. */
function keepOption(args: readonly string[]): number | null {
  if (args.length === 0) return 2;
  const value =
    args.length === 1 ? args[0]?.match(/^--keep=(.*)$/)?.[1] : args[0] === "--keep" ? args[1] : null;
  if (args.length > 2 || value == null || !/^[1-9]\d*$/.test(value)) return null;
  return Number(value);
}

// ─── Signing and cookie keys ─────────────────────────────────────────────────────────────────────────────

async function rotateSigning(config: Config, now: Date): Promise<KeysResult> {
  requireEmbeddedProvider(config);
  return withDatabase(config, async (db, engine) => {
    if ((await listOidcKeys(db, "signing")).length === 0)
      throw new KeysError(
        "The database has no provider keys yet: start the server once (it makes the first ones), then rotate.",
      );
    const signingKid = await rotateSigningKey(db, now);
    const cookieKid = await rotateCookieKey(db, now);
    await announceKeys(db, engine);
    const signing = (await listOidcKeys(db, "signing")).length;
    const cookies = (await listOidcKeys(db, "cookie")).length;
    const restart =
      engine === "pglite"
        ? "The server signs with them from its next start: start it now."
        : "Every running server process loads them now and signs with them: no restart is needed.";
    return {
      code: 0,
      text: [
        `Added signing key ${signingKid} and cookie key ${cookieKid} (now ${signing} signing keys, ${cookies} cookie keys).`,
        restart,
        "The older keys keep verifying: access and ID tokens, sessions and their cookies made before stay valid.",
        `The older keys can be retired from ${day(new Date(now.getTime() + KEY_RETIREMENT_DELAY_MS))} (npm run keys -- retire-signing).`,
      ].join("\n"),
    };
  });
}

async function retireSigning(
  config: Config,
  now: Date,
  keep: number,
  compromised: boolean,
): Promise<KeysResult> {
  requireEmbeddedProvider(config);
  return withDatabase(config, async (db, engine) => {
    let outcome: { retired: ProviderKey[]; kept: ProviderKey[] };
    try {
      outcome = await retireProviderKeys(db, now, keep, { compromised });
    } catch (error) {
      if (!(error instanceof KeyRetirementRefused)) throw error;
      const latest = error.tooRecent.reduce((a, b) => (a.retirableFrom > b.retirableFrom ? a : b));
      throw new KeysError(
        [
          "Refused, nothing deleted: these keys were replaced too recently. What they signed may still come back:",
          "sessions, refresh tokens and the ID tokens sent back at logout live 14 days, and a key signs until",
          "every process has restarted after the next one was added (a day is allowed for that).",
          ...error.tooRecent.map(
            (k) =>
              `  ${k.kind} key ${k.kid} (made ${day(k.createdAt)}), replaced ${day(k.replacedAt)}: retirable from ${day(k.retirableFrom)}`,
          ),
          `Run this again from ${day(latest.retirableFrom)}, or keep more keys (--keep ${keep + 1}).`,
          "(A key that leaked goes at once with --compromised, signing everyone out: docs/runbook.md.)",
        ].join("\n"),
      );
    }
    const { retired, kept } = outcome;
    if (retired.length) await announceKeys(db, engine);
    const count = (kind: ProviderKey["kind"]) => kept.filter((k) => k.kind === kind).length;
    const newest = keep === 1 ? "the newest of each kind" : `the newest ${keep} of each kind`;
    const keptLine = `Kept ${count("signing")} signing and ${count("cookie")} cookie key(s), ${newest}.`;
    if (retired.length === 0) return { code: 0, text: `Nothing to retire. ${keptLine}` };
    return {
      code: 0,
      text: [
        `Retired ${retired.length} keys:`,
        ...retired.map((k) => `  ${k.kind} key ${k.kid} (made ${day(k.createdAt)})`),
        keptLine,
        engine === "pglite"
          ? "Start the server: it no longer knows them."
          : "Every running server process has dropped them: what they signed is refused from now on.",
      ].join("\n"),
    };
  });
}

/**
 * Tells the running processes that the keys changed (the fan-out's cache channel): each loads them at once
 * (identity/embedded-identity.ts). PGlite's server is stopped while a command runs, and loads them at start.
 */
async function announceKeys(db: Db, engine: "pglite" | "postgres"): Promise<void> {
  if (engine === "postgres") await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${"oidc-keys"})`);
}

function requireEmbeddedProvider(config: Config): void {
  if (!config.identity.embedded)
    throw new KeysError(
      `OIDC_ISSUER is set: tokens are signed by that provider (${config.identity.issuer}), whose keys are rotated there. Argine keeps no signing keys of its own.`,
    );
}

/**
 * The database as the servers have it, never migrated from here (that is the servers' start). PGlite serves
 * one process: with the server running its folder is locked, and the operator is told to stop it.
 */
async function withDatabase<T>(config: Config, work: (db: Db, engine: "pglite" | "postgres") => Promise<T>) {
  let handle: Awaited<ReturnType<typeof openDb>>;
  if ("databaseUrl" in config.database) {
    handle = await openDb({ databaseUrl: config.database.databaseUrl, poolSize: 1, migrate: false });
  } else {
    const dataDir = resolve(config.database.dataDir);
    const holder = dataDirHolder(dataDir);
    if (holder !== null)
      throw new KeysError(
        `The server (process ${holder}) is using ${dataDir}, and the embedded database serves one process at a time: stop the server, run this again, then start it.`,
      );
    if (!existsSync(join(dataDir, "pg", "PG_VERSION")))
      throw new KeysError(
        `There is no database in ${dataDir} yet: start the server once (it makes the first keys), stop it, then run this.`,
      );
    handle = await openDb({ dataDir, migrate: false });
  }
  try {
    return await work(handle.db, handle.kind);
  } catch (error) {
    if (missingTable(error))
      throw new KeysError(
        "The database has no provider keys table yet: start the server once (it applies the migrations), then run this.",
      );
    throw error;
  } finally {
    await handle.close();
  }
}

/** PostgreSQL's undefined_table, however deep the driver wrapped it. */
function missingTable(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === "42P01") return true;
  return false;
}

// ─── The storage master key ──────────────────────────────────────────────────────────────────────────────

const S3_REFUSAL =
  "The files are in the S3 bucket (S3_BUCKET), encrypted by the bucket itself (SSE-S3, or SSE-KMS with a key of yours): that key is rotated by the provider (e.g. AWS KMS automatic key rotation), not here. Argine holds no storage key to rotate. See docs/runbook.md.";

async function rotateStorage(
  config: Config,
  env: NodeJS.ProcessEnv,
  options: { allStopped: boolean; progress: ((line: string) => void) | undefined; settleMs: number },
): Promise<KeysResult> {
  const storage = config.storage;
  if (storage.engine === "s3") throw new KeysError(S3_REFUSAL);
  const dir = resolve(storage.dir);
  const onFile = (seen: number) => {
    if (seen % 500 === 0) options.progress?.(`  ${seen} files…`);
  };
  if (storage.previousKey && storage.masterKey) {
    if (env.NEW_STORAGE_KEY?.trim())
      throw new KeysError(
        "NEW_STORAGE_KEY is for the rotation with every server stopped; with STORAGE_PREVIOUS_KEY set, STORAGE_KEY is already the new key: unset NEW_STORAGE_KEY and run this again.",
      );
    // The servers keep serving: they read either key, and write under the new one once the record says so.
    const report = await rewrapStorage({
      dir,
      from: storage.previousKey,
      to: storage.masterKey,
      onFile,
      whileServing: { settleMs: options.settleMs },
    });
    return servingOutcome(report, dir);
  }
  const newKey = newStorageKey(env.NEW_STORAGE_KEY, storage.masterKey !== undefined);
  const keyFile = resolve(storage.keyFile);
  const fromEnv = storage.masterKey !== undefined;
  const current = storage.masterKey ?? (await readStorageKeyFile(keyFile));
  if (!current)
    throw new KeysError(
      `There is no storage key: STORAGE_KEY is unset and ${keyFile} does not exist, so no file was encrypted with one. Set STORAGE_KEY as the server has it, or run this in the server's environment.`,
    );
  if (current.equals(newKey))
    return {
      code: 0,
      text: fromEnv
        ? "STORAGE_KEY already is NEW_STORAGE_KEY: nothing to rotate. (To finish an interrupted rotation, run it with STORAGE_KEY set to the previous key.)"
        : `${keyFile} already holds NEW_STORAGE_KEY: the rotation is done. Start the server.`,
    };
  if (!fromEnv) {
    const conflict = await oldKeyFileConflict(keyFile, current);
    if (conflict) throw new KeysError(conflict);
  }

  // Nothing may write the folder meanwhile: a file stored under the old key after it was passed would be
  // left behind. With PGlite the server's lock says whether it runs, and is held here so none starts.
  let release = () => {};
  if ("dataDir" in config.database) {
    const dataDir = resolve(config.database.dataDir);
    const holder = dataDirHolder(dataDir);
    if (holder !== null)
      throw new KeysError(
        `The server (process ${holder}) is using ${dataDir}: stop the server, run this again, then start it (with the new key). Nothing was changed.`,
      );
    release = lockDataDir(dataDir);
  } else if (!options.allStopped) {
    throw new KeysError(
      `With PostgreSQL this command cannot see the server processes, and the files are on this machine's disk (${dir}): stop every process that uses it (all of them, not one by one), then run this again with --all-stopped. Nothing was changed.`,
    );
  }
  try {
    const report = await rewrapStorage({ dir, from: current, to: newKey, onFile });
    return await storageOutcome(report, { dir, keyFile, fromEnv, newKey });
  } finally {
    release();
  }
}

/** What both rotations say of files that are no stored objects. */
const leftAlone = (report: RewrapReport) =>
  report.notObjects.length
    ? [
        `${files(report.notObjects.length)} there are no stored objects (no key reads them); left alone:`,
        ...listed(report.notObjects),
      ]
    : [];

/** What both rotations say of the files they could not re-encrypt. */
const notReencrypted = (report: RewrapReport) => [
  `${files(report.unreadable.length)} could not be re-encrypted and were left as they were:`,
  ...listed(report.unreadable.map((f) => `${f.key}: ${f.reason}`)),
];

/** The rotation under traffic's answer: done (restart without the previous key), or what is left. */
function servingOutcome(report: RewrapReport, dir: string): KeysResult {
  const lines = [
    `Re-encrypted ${files(report.rewrapped)} under STORAGE_KEY in ${dir} (${report.passes} ${report.passes === 1 ? "pass" : "passes"}${report.alreadyNew ? `; ${report.alreadyNew} already were` : ""}).`,
  ];
  lines.push(...leftAlone(report));
  if (report.unreadable.length) {
    lines.push(
      ...notReencrypted(report),
      "The servers cannot read them either. Restore them from a backup, or move them out of the folder, then run this again: what is done stays done. Keep STORAGE_PREVIOUS_KEY until then.",
    );
    return { code: 1, text: lines.join("\n") };
  }
  lines.push(
    "Every file is under STORAGE_KEY. Now restart the processes one at a time without STORAGE_PREVIOUS_KEY (15 minutes from now, so that the links handed out before this began expire first).",
    "Keep the old key, apart, as long as you keep backups taken before now: their files need it.",
  );
  return { code: 0, text: lines.join("\n") };
}

async function storageOutcome(
  report: RewrapReport,
  where: { dir: string; keyFile: string; fromEnv: boolean; newKey: Buffer },
): Promise<KeysResult> {
  const lines = [
    `Re-encrypted ${files(report.rewrapped)} under the new key in ${where.dir}${report.alreadyNew ? `; ${report.alreadyNew} already were (an earlier run)` : ""}.`,
  ];
  lines.push(...leftAlone(report));
  if (report.unreadable.length) {
    lines.push(
      ...notReencrypted(report),
      "The server cannot read them with the current key either. Restore them from a backup, or move them out of the folder, then run this again: what is done stays done.",
      where.fromEnv
        ? "Keep STORAGE_KEY as it is until then."
        : `${where.keyFile} was not replaced: it is, once every file is done.`,
    );
    return { code: 1, text: lines.join("\n") };
  }
  if (where.fromEnv) {
    lines.push(
      "Now set STORAGE_KEY to the new key (NEW_STORAGE_KEY's value) wherever the servers' environment is kept, then start them: with the old one they read no file.",
      "Keep the old STORAGE_KEY, apart, as long as you keep backups taken before now: their files need it.",
    );
  } else {
    const { oldKeyFile } = await replaceStorageKeyFile(where.keyFile, where.newKey);
    lines.push(
      `${where.keyFile} now holds the new key; the previous one is in ${oldKeyFile}.`,
      `Start the server, check that a stored file opens, then delete ${oldKeyFile} (backups taken before now carry their own storage.key).`,
    );
  }
  return { code: 0, text: lines.join("\n") };
}

function newStorageKey(value: string | undefined, fromEnv: boolean): Buffer {
  const text = value?.trim();
  if (!text)
    throw new KeysError(
      fromEnv
        ? "Restart the servers one at a time with STORAGE_KEY set to the new key (openssl rand -base64 32) and STORAGE_PREVIOUS_KEY to the current one, then run this with that environment (docs/runbook.md); or, every server stopped, set NEW_STORAGE_KEY to the new key and run this again."
        : "Set NEW_STORAGE_KEY to the new master key, the base64 of 32 random bytes (openssl rand -base64 32), and run this again. Keep it as safe as the current one.",
    );
  const key = Buffer.from(text, "base64");
  if (key.length !== 32 || key.toString("base64") !== text)
    throw new KeysError("NEW_STORAGE_KEY: not the base64 of 32 random bytes (openssl rand -base64 32).");
  return key;
}

const files = (n: number) => `${n} ${n === 1 ? "file" : "files"}`;

/** At most 20 names, one a line. */
function listed(items: readonly string[]): string[] {
  const shown = items.slice(0, 20).map((item) => `  ${item}`);
  if (items.length > 20) shown.push(`  … and ${items.length - 20} more`);
  return shown;
}

const day = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");
