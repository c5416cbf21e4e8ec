import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { Server as NetServer } from "node:net";
import { join } from "node:path";
import { groupCardNumber, SANDBOX_TEST_CARDS, sandboxCardOutcome } from "@argine/core/payments/sandbox-api";
import { type Db, type DbHandle, openDb } from "@argine/db/client";
import { deleteSecondFactor, findSecondFactor } from "@argine/db/queries/second-factor";
import { findUserByEmail } from "@argine/db/queries/users";
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_SHOP,
  DEMO_TOTP_SECRET,
  seedCatalogue,
  seedDemo,
  seedDemoFiles,
} from "@argine/db/seed";
import { isDatabaseUnavailable } from "@argine/db/unavailable";
import { hash } from "@node-rs/argon2";
import type { FastifyInstance } from "fastify";
import { type Logger, type LoggerOptions, pino } from "pino";
import { startAdminServer } from "./admin/admin-server.ts";
import { buildApp } from "./app.ts";
import { backupRoutes } from "./backup/backup-routes.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { DataDirError, loadKeyFile, makePrivate, type PrivateTree } from "./data-dir.ts";
import { loggerOptions } from "./http/logging.ts";
import { openSecret, sealSecret } from "./identity/second-factor.ts";
import { finishDemoCapture } from "./legalization/demo-capture.ts";
import { missingNodeFlags } from "./node-flags.ts";
import type { Readiness } from "./routes/health.ts";
import { storeDemoFile } from "./services/demo-files.ts";
import { StartRefusal } from "./start-refusal.ts";
import { checkStorageKey } from "./storage/master-key-check.ts";

/**
 * The probes while the process starts (the database awaited, the migrations, the demo seed), on the admin
 * port, which a supervisor probes: liveness says the process is alive, so an orchestrator does not restart
 * it mid-migration; readiness says why it does not serve yet. The public port stays closed until the app
 * serves: a proxy's connection is refused, and nginx passes the request to another process, a POST too
 * (nothing of it was sent), where an open port answering 503 would have had it fail.
 */
function listenForProbes(port: number, host: string, status: () => string): Promise<Server> {
  const server = createServer((request, response) => {
    const alive = request.url === "/healthz";
    response.writeHead(alive ? 200 : 503, {
      "content-type": "application/json",
      "cache-control": "no-store",
      ...(alive ? {} : { "retry-after": "5" }),
    });
    response.end(JSON.stringify({ status: alive ? "ok" : status() }));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** After the port stops taking connections, long enough for the ones just accepted to be read. */
const ACCEPTED_READ_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How often a start tries a database that does not answer again, and how often it says so. */
const DATABASE_RETRY_MS = 2_000;
const DATABASE_WAIT_LOG_MS = 30_000;

/** Where a database is, for the log: its host, port and name, never its user nor password. */
function databaseAt(url: string): string {
  try {
    const { hostname, port, pathname } = new URL(url);
    return `${hostname}:${port || 5432}${pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

/**
 * The database, opened and migrated. PostgreSQL that does not answer yet (started after us, restarting) is
 * waited for, said in a sentence every 30 s, the probes answering meanwhile; one that refuses us (a wrong
 * password, no such database) refuses the start, in a sentence.
 */
async function openDatabase(config: Config, log: Logger, waiting: (yes: boolean) => void): Promise<DbHandle> {
  let saidAt = 0;
  for (;;) {
    try {
      const handle = await openDb(config.database);
      if (saidAt) log.info("the database answers: starting");
      // Nothing when the database was up to date, or another process migrated it meanwhile.
      if (handle.migrationsApplied.length)
        log.info(
          { count: handle.migrationsApplied.length, migrations: handle.migrationsApplied },
          "database migrations applied",
        );
      waiting(false);
      return handle;
    } catch (error) {
      if (!("databaseUrl" in config.database)) throw error;
      const at = databaseAt(config.database.databaseUrl);
      const { code, message } = error as { code?: string; message?: string };
      if (!isDatabaseUnavailable(error))
        throw new StartRefusal(
          `PostgreSQL at ${at} refused the start: ${message ?? code}. Check DATABASE_URL (user, password, database name) and that the database exists.`,
        );
      waiting(true);
      if (Date.now() - saidAt >= DATABASE_WAIT_LOG_MS) {
        saidAt = Date.now();
        log.warn(
          { database: at, code },
          `the database does not answer (${code ?? message}): waiting for it, trying again every ${DATABASE_RETRY_MS / 1000} s; start PostgreSQL or correct DATABASE_URL`,
        );
      }
      await sleep(DATABASE_RETRY_MS);
    }
  }
}

/**
 * The demo staff's authenticator key is printed at start: sealed under another key (a data folder made before
 * it had a key of its own, ADR 040; a database restored into a new folder), it would open no more and they
 * could not sign in. Such a seal is dropped, and the demo seed seals the printed key again with this one.
 */
async function dropUnopenableDemoFactors(db: Db, key: Buffer): Promise<number> {
  let dropped = 0;
  for (const account of DEMO_ACCOUNTS.filter((a) => a.roles.length)) {
    const user = await findUserByEmail(db, account.email);
    const factor = user && (await findSecondFactor(db, user.id));
    if (!user || !factor) continue;
    try {
      openSecret(key, user.id, factor.sealedSecret);
    } catch {
      await deleteSecondFactor(db, user.id);
      dropped++;
    }
  }
  return dropped;
}

/** What the start found in the data folder, said once the app's logger exists. */
interface DataDirFindings {
  /** What the folder held open to other users before this start (data-dir.ts). */
  before: PrivateTree;
  /** PGlite's own files, which it writes 0666/0644 whatever the umask. */
  databaseFiles: number;
  /** The link key was made now for a database that was already there. */
  newKeyForOldDatabase: boolean;
}

/**
 * The data folder before anything is written into it (ADR 040): made the server's user's alone (or the
 * start refused, when another user owns part of it), and the server's own link key loaded from it.
 */
async function openDataDir(loaded: Config): Promise<{ config: Config; findings: DataDirFindings }> {
  const before = await makePrivate(loaded.dataDir);
  const hadDatabase =
    "dataDir" in loaded.database && existsSync(join(loaded.database.dataDir, "pg", "PG_VERSION"));
  const link = loaded.documentLinkKeyFile ? await loadKeyFile(loaded.documentLinkKeyFile) : null;
  return {
    config: link ? { ...loaded, documentLinkKey: link.key } : loaded,
    findings: { before, databaseFiles: 0, newKeyForOldDatabase: Boolean(link?.made && hadDatabase) },
  };
}

async function main() {
  // Whatever the server writes from now on (the database's new files, the stored files, the outbox, keys,
  // backups) is born its user's alone: nothing it writes is for another user (ADR 040).
  process.umask(0o077);
  const { config, findings } = await openDataDir(loadConfig());
  // A storage key that does not open the stored files stops the start here, in one sentence.
  await checkStorageKey(config.storage);
  // The app's logger, from the first line: the wait for the database is logged as the rest is.
  const log = pino(loggerOptions(config.logLevel) as LoggerOptions);
  let waitingForDatabase = false;
  const probes = config.admin
    ? await listenForProbes(config.admin.port, config.admin.host, () =>
        waitingForDatabase ? "database-unreachable" : "starting",
      )
    : null;
  // Told to stop before the app exists: nothing is under way that a drain would finish.
  const stopWhileStarting = (signal: string) => {
    log.info({ signal }, "stopped while starting");
    process.exit(0);
  };
  process.once("SIGTERM", stopWhileStarting);
  process.once("SIGINT", stopWhileStarting);
  const handle = await openDatabase(config, log, (yes) => {
    waitingForDatabase = yes;
  });
  if ("dataDir" in config.database)
    findings.databaseFiles = (await makePrivate(join(config.database.dataDir, "pg"))).repaired;
  await seedCatalogue(handle.db);
  const demoFactorsResealed = config.demoMode
    ? await dropUnopenableDemoFactors(handle.db, config.documentLinkKey)
    : 0;
  if (config.demoMode)
    await seedDemo(handle.db, {
      hashPassword: (p) => hash(p),
      sealSecret: (userId, secret) => sealSecret(config.documentLinkKey, userId, secret),
    });

  const readiness: Readiness = { ready: true };
  const app = await buildApp({ config, handle, readiness, loggerInstance: log });
  const { before } = findings;
  if (before.exposed)
    app.log.warn(
      { dataDir: config.dataDir, ...before },
      "the data folder was open to other users of this machine: its files and folders are now the server's user's alone (if others have accounts here, treat its keys and data as seen)",
    );
  // Loose modes no other user could reach (inside a closed folder: an operator's command opened PGlite).
  else if (before.repaired)
    app.log.info({ dataDir: config.dataDir, ...before }, "the data folder's files made private");
  if (findings.databaseFiles)
    app.log.debug({ files: findings.databaseFiles }, "the embedded database's own files made private");
  if (findings.newKeyForOldDatabase)
    app.log.warn(
      { keyFile: config.documentLinkKeyFile },
      "a link key was made for a database made before it: its earlier document and consultation links, and every second factor but the demo staff's, no longer open (docs/runbook.md, DOCUMENT_LINK_KEY, says how to keep them)",
    );
  if (demoFactorsResealed)
    app.log.info({ accounts: demoFactorsResealed }, "the demo staff's authenticator key sealed again");
  const missingFlags = missingNodeFlags();
  if (missingFlags.length > 0)
    app.log.warn(
      { missing: missingFlags },
      "started without the flags every API process takes (docs/runbook.md's unit, apps/api/src/node-flags.ts): it holds about 100 MB more memory, more again under load, and about 450 MB more for a moment as the embedded database starts",
    );
  // The demo's files need the storage, which the app builds.
  if (config.demoMode) await seedDemoFiles(handle.db, (file) => storeDemoFile(app.deps.storage, file));

  // Started once the app listens (ADMIN_PORT), closed with it.
  let admin: FastifyInstance | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    readiness.ready = false;
    app.log.info({ signal }, "shutting down");
    // A request that never ends must not keep the process alive past the deadline.
    setTimeout(() => {
      app.log.error("shutdown timed out");
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    try {
      // The drain: still serving, every answer closing its connection (app.ts), so the proxy's kept-alive
      // connections end one by one; a connection closed idle under the proxy's next request would cost that
      // request (a POST is never sent again: 502).
      if (config.shutdownDrainMs) {
        await sleep(config.shutdownDrainMs);
        // Then the port stops taking connections (the proxy goes elsewhere, a refused connection being safe
        // to retry) before the close: Node's closes a just-accepted connection whose request it has not
        // read yet as idle, and that request would be lost. Those are read meanwhile, served, closed.
        // (net's close alone: http's would also close the idle connections now.)
        NetServer.prototype.close.call(app.server);
        await sleep(ACCEPTED_READ_MS);
      }
      await Promise.all([app.close(), admin?.close()]);
      await handle.close();
      app.log.info("stopped");
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.off("SIGTERM", stopWhileStarting);
  process.off("SIGINT", stopWhileStarting);
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  // Ready first: the job queue then works, and the demo's capture queues its mail on it.
  await app.ready();
  if (config.demoMode) await finishDemoCapture(app.deps);
  await app.listen({ port: config.port, host: config.host });
  // The operators' port (admin/): the probes, then the metrics and the backup behind METRICS_TOKEN; the
  // start's probes hand it over.
  if (probes) {
    probes.closeAllConnections();
    await new Promise((resolve) => probes.close(resolve));
  }
  if (config.admin && !stopping)
    admin = await startAdminServer({
      config: config.admin,
      metrics: app.deps.metrics,
      plugins: [(server) => backupRoutes(server, { handle, config })],
      log: app.log.child({ server: "admin" }),
      probes: { readiness, db: handle.db, degraded: () => app.deps.rateLimits.degraded() },
    });
  const url = config.publicUrl;
  const lines = [
    "",
    `  Argine è pronto su ${url}`,
    `  API: ${url}/v1${config.apiDocs ? `  ·  documentazione: ${url}/v1/docs` : ""}`,
    `  Database: ${"dataDir" in config.database ? `PGlite in ${config.database.dataDir}` : "PostgreSQL"}`,
  ];
  // Where, never the token.
  if (config.admin)
    lines.push(
      `  Amministrazione: http://${config.admin.host}:${config.admin.port}/metrics (con METRICS_TOKEN)`,
    );
  if (config.demoMode) {
    lines.push("", `  Account demo (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS)
      lines.push(`    ${a.email.padEnd(26)} ${a.roles.length ? a.roles.join(", ") : "cliente"}`);
    lines.push(`    verifica in due passaggi di avvocato e admin: chiave TOTP ${DEMO_TOTP_SECRET}`);
    lines.push(
      "",
      "  Negozio di prova:",
      `    voucher ${DEMO_SHOP.voucher} (10%)  ·  gift card ${DEMO_SHOP.giftCard} (250 €)  ·  promo ${DEMO_SHOP.promo} (gift card difesa legale)`,
      `    campagna ${DEMO_SHOP.campaign} (50% di difesa legale e consulenza, fino a 150 €)`,
    );
  }
  if (config.payments.provider === "sandbox") {
    // No card is ever charged here: the sandbox takes only Stripe's test numbers (README, ADR 014).
    lines.push("", "  Pagamenti di prova (sandbox): qualsiasi scadenza futura e CVC di 3 cifre.");
    for (const card of SANDBOX_TEST_CARDS)
      lines.push(`    ${groupCardNumber(card.number)}  ${sandboxCardOutcome(card.scenario)}`);
  }
  if (config.payments.provider === "stripe") {
    // Which of the account's modes, never the key itself.
    const live = config.payments.publishableKey.startsWith("pk_live_");
    // A loopback double (the tests, a rehearsal: ADR 033) charges nobody, whatever its keys say.
    const mode = config.payments.apiUrl
      ? `verso ${config.payments.apiUrl}, non api.stripe.com: nessun addebito`
      : live
        ? "modalità live: addebiti reali"
        : "modalità test";
    lines.push("", `  Pagamenti con carta: Stripe (${mode}).`);
  }
  if (config.devMailboxKey) {
    // The mails (account confirmation, password reset…) are not sent in demo mode: they wait here. The key
    // changes at every start; whoever has this link can read every account's mail.
    lines.push(
      "",
      "  Casella email di prova (conferma dell'account, nuova password…), da non condividere:",
      `    ${url}/dev/mailbox?key=${encodeURIComponent(config.devMailboxKey)}`,
    );
  }
  process.stdout.write(`${lines.join("\n")}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof DataDirError || error instanceof StartRefusal ? error.message : String((error as Error)?.stack ?? error)}\n`,
  );
  process.exit(1);
});
