import { existsSync } from "node:fs";
import { request } from "node:http";
import { join, resolve } from "node:path";
import { dataDirHolder, openDb } from "@argine/db/client";
import { endCommand } from "../command.ts";
import { type Config, DOCUMENT_LINK_KEY_FILE, loadConfig } from "../config.ts";
import { DataDirError, makePrivate } from "../data-dir.ts";
import {
  BackupError,
  type BackupSummary,
  isStoredObject,
  POSTGRES_REFUSAL,
  restoreBackup,
  takeBackup,
} from "./backup.ts";

// npm run db:backup, npm run db:restore -- <folder> [--force] (docs/runbook.md). Exit codes: 0 done, 1
// refused or failed (the message says why), 2 wrong usage.

const USAGE = `Usage: npm run db:backup
       npm run db:restore -- <backup folder> [--force]
`;

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const force = rest.includes("--force");
  const folders = rest.filter((arg) => arg !== "--force");
  const usage = command === "backup" ? rest.length === 0 : command === "restore" && folders.length === 1;
  if (!usage) {
    process.stderr.write(USAGE);
    return 2;
  }
  // What it writes into the data folder or BACKUP_DIR is the service user's alone, as the server's (ADR 040).
  process.umask(0o077);
  const config = loadConfig();
  if (!("dataDir" in config.database)) throw new BackupError(POSTGRES_REFUSAL);
  const dataDir = resolve(config.database.dataDir);
  if (command === "backup") {
    const holder = dataDirHolder(dataDir);
    const summary =
      holder === null ? await backupStopped(config, dataDir) : await askServer(holder, dataDir, config.admin);
    say(describe(summary, join(resolve(config.backupDir), summary.name)));
    return 0;
  }
  const folder = resolve(folders[0] as string);
  const { manifest, movedAside } = await restoreBackup(folder, {
    dataDir,
    storage: config.storage,
    documentLinkKeyFile: config.documentLinkKeyFile,
    backupDir: config.backupDir,
    force,
  });
  // PGlite lays the loaded database out 0666 whatever the umask: private before anyone else can read it.
  await makePrivate(dataDir);
  const stored = manifest.files.filter((file) => isStoredObject(file.path)).length;
  const lines = [
    `Restored ${folder} (taken ${manifest.createdAt}) into ${dataDir}: the database and ${stored} stored files.`,
  ];
  if (manifest.storage.engine === "disk" && manifest.storage.key === "STORAGE_KEY")
    lines.push("The files are encrypted with STORAGE_KEY: start the server with the same one.");
  if (manifest.storage.engine === "s3") lines.push(`The files are in the bucket ${manifest.storage.bucket}.`);
  if (!config.documentLinkKeyFile && manifest.files.some((file) => file.path === DOCUMENT_LINK_KEY_FILE))
    lines.push(
      `The backup holds the link key (${DOCUMENT_LINK_KEY_FILE}), but DOCUMENT_LINK_KEY is set: the server will use that one, and the links and second factors made with the backup's will not open.`,
    );
  if (movedAside)
    lines.push(
      `What ${dataDir} held before is in ${movedAside}: delete it once the restored server is checked.`,
    );
  lines.push("Start the server (npm run serve): it applies the migrations added since the backup.");
  say(lines.join("\n"));
  return 0;
}

/** No server holds the data dir: this process opens the database as it is (no migration) and copies it. */
async function backupStopped(config: Config, dataDir: string): Promise<BackupSummary> {
  if (!existsSync(join(dataDir, "pg", "PG_VERSION")))
    throw new BackupError(`There is no database in ${dataDir}: nothing to back up.`);
  // Another process may have taken the folder since (a start, a key rotation): said as it is.
  const handle = await openDb({ dataDir, migrate: false }).catch((error: Error) => {
    throw /in use by process/.test(error.message) ? new BackupError(error.message) : error;
  });
  try {
    return await takeBackup(
      { handle, storage: config.storage, documentLinkKeyFile: config.documentLinkKeyFile },
      config.backupDir,
    );
  } finally {
    await handle.close();
  }
}

/**
 * The server holds the data dir: it takes the backup itself, asked on its admin port (admin/, ADMIN_PORT and
 * METRICS_TOKEN as the server has them). Plain http.request: a large backup may take longer than fetch
 * waits for an answer's headers.
 */
async function askServer(holder: number, dataDir: string, admin: Config["admin"]): Promise<BackupSummary> {
  if (!admin)
    throw new BackupError(
      `The server (process ${holder}) is using ${dataDir}, so it takes the backup itself, on its admin port: set ADMIN_PORT and METRICS_TOKEN as the server has them, or stop the server and run this again.`,
    );
  // A server listening on every interface is reached on the loopback.
  const host = admin.host === "0.0.0.0" || admin.host === "::" ? "127.0.0.1" : admin.host;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${admin.port}/backup`;
  const { status, body } = await new Promise<{ status: number; body: string }>((done, fail) => {
    const req = request(url, { method: "POST", headers: { authorization: `Bearer ${admin.metricsToken}` } });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => done({ status: res.statusCode ?? 0, body: text }));
      res.on("error", fail);
    });
    req.on("error", (error: NodeJS.ErrnoException) =>
      fail(
        new BackupError(
          `The server (process ${holder}) is using ${dataDir}, but its admin port ${url} does not answer (${error.code ?? error.message}): check ADMIN_PORT and ADMIN_HOST, or stop the server and run this again.`,
        ),
      ),
    );
    req.end();
  });
  let answer: { message?: string } & Partial<BackupSummary> = {};
  try {
    answer = JSON.parse(body);
  } catch {}
  if (status === 401)
    throw new BackupError(`The admin port ${url} refused the token: set METRICS_TOKEN as the server has it.`);
  if (status !== 200 || !answer.name)
    throw new BackupError(`The server could not take the backup (${status}): ${answer.message ?? body}`);
  return answer as BackupSummary;
}

function describe(summary: BackupSummary, folder: string): string {
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  const key = {
    "in-backup": "the storage key (storage.key) is in it: keep the backup as secret as the server",
    STORAGE_KEY: "the storage key is not: keep STORAGE_KEY apart, the files cannot be read without it",
    none: "no storage key yet",
    s3: "the files are in the S3 bucket, not in it (bucket versioning, docs/runbook.md)",
  }[summary.storageKey];
  return [
    `Backup written to ${folder}`,
    `  taken ${summary.createdAt}, ${summary.migrations} migrations`,
    `  database ${mb(summary.databaseBytes)}, ${summary.files} stored files (${mb(summary.fileBytes)}); ${key}.`,
  ].join("\n");
}

function say(text: string): void {
  process.stdout.write(`${text}\n`);
}

endCommand(main(process.argv.slice(2)), [BackupError, DataDirError]);
