import { spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { PracticeService } from "@argine/core/services/services-api";
import { openDb } from "@argine/db/client";
import { findUserByEmail } from "@argine/db/queries/users";
import { seedDemo } from "@argine/db/seed";
import { openTestDb } from "@argine/db/testing";
import Fastify, { type FastifyInstance } from "fastify";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../test/helpers.ts";
import { apiCaller, demoTokens, type IdentityServer, MemoryMailer } from "../../test/identity.ts";
import { freePort } from "../../test/ports.ts";
import { paidPractice } from "../../test/sandbox.ts";
import { PDF_BYTES, uploadThroughApi } from "../../test/uploads.ts";
import { startAdminServer } from "../admin/admin-server.ts";
import { buildApp } from "../app.ts";
import type { Config } from "../config.ts";
import { loadKeyFile } from "../data-dir.ts";
import { hashPassword } from "../identity/passwords.ts";
import { type BackupManifest, type BackupSummary, restoreBackup } from "./backup.ts";
import { backupRoutes } from "./backup-routes.ts";

// The restore drill (docs/runbook.md): a backup taken through the admin port's route while clients keep
// paying and uploading, restored into a fresh data dir, serves every row and file committed before it began,
// nothing half-written, and takes new writes. Embedded database only: PostgreSQL is pg_dump's.

const CLI = fileURLToPath(new URL("./cli.ts", import.meta.url));
const TOKEN = "token-della-prova-di-ripristino-0123";

interface Server extends IdentityServer {
  config: Config;
}

/** The whole app on a real data dir (PGlite and the disk storage with its key file), listening. */
async function startServer(dataDir: string, backupDir: string, seed: boolean): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const loaded = testConfig({
    PORT: String(port),
    PUBLIC_URL: base,
    TRUST_PROXY: "1",
    DATA_DIR: dataDir,
    BACKUP_DIR: backupDir,
    // The key is made in DATA_DIR/storage.key, so the backup must carry it.
    STORAGE_KEY: undefined,
  });
  // As main.ts: the links' key is DATA_DIR/document-link.key (ADR 040), which the backup carries too.
  const { key } = await loadKeyFile(loaded.documentLinkKeyFile as string);
  const config = { ...loaded, documentLinkKey: key };
  const handle = await openDb({ dataDir });
  if (seed) await seedDemo(handle.db, { hashPassword });
  const mailer = new MemoryMailer(handle.db);
  const app = await buildApp({ config, handle, adapters: { mailer } });
  await app.listen({ port, host: "127.0.0.1" });
  const oidc = await client.discovery(new URL(`${base}/oidc`), "argine-web", undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
  return {
    app,
    handle,
    base,
    mailer,
    oidc,
    config,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** The admin port as main.ts starts it, with the backup behind its token; and its address. */
async function startAdmin(server: Server): Promise<{ admin: FastifyInstance; port: number }> {
  const admin = await startAdminServer({
    config: { port: 0, host: "127.0.0.1", metricsToken: TOKEN },
    metrics: server.app.deps.metrics,
    plugins: [(app) => backupRoutes(app, { handle: server.handle, config: server.config })],
  });
  const address = admin.server.address();
  return { admin, port: typeof address === "object" && address ? address.port : 0 };
}

/** A PDF of its own for each upload, so a file served for another would show. */
const pdf = (n: number) =>
  Buffer.concat([PDF_BYTES.subarray(0, 9), Buffer.from(`% backup drill ${n}\n`), PDF_BYTES.subarray(9)]);

/** The bytes the restored server serves for a service's file, or its status when it serves none. */
async function download(server: Server, token: string, serviceId: string) {
  const link = await apiCaller(server)<{ url: string }>(
    token,
    `/services/${serviceId}/upload?fileName=prove.pdf`,
  );
  if (link.status !== 200) return { status: link.status };
  const file = await fetch(link.body.url);
  return { status: file.status, bytes: Buffer.from(await file.arrayBuffer()) };
}

function runCli(args: string[], env: Record<string, string | undefined>) {
  const { STORAGE_KEY: _key, DATABASE_URL: _url, ...inherited } = process.env;
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...inherited, NODE_ENV: "test", LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
  });
  child.stderr.on("data", (d) => {
    output += d;
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, output })),
  );
}

interface Write {
  serviceId: string;
  bytes: Buffer;
  startedAt: number;
  doneAt: number;
}

describe("a backup of the embedded database", () => {
  const root = mkdtempSync(join(tmpdir(), "argine-backup-"));
  const dataDir = join(root, "data");
  const backupDir = join(root, "backups");
  const restoredDir = join(root, "restored");
  let server: Server;
  let admin: FastifyInstance;
  let summary: BackupSummary;
  const writes: Write[] = [];
  let backupStartedAt = 0;
  let backupEndedAt = 0;
  let stopped = false;

  beforeAll(async () => {
    server = await startServer(dataDir, backupDir, true);
    admin = (await startAdmin(server)).admin;
  }, 120_000);
  afterAll(async () => {
    await admin?.close();
    if (!stopped) await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("is taken by the running server while clients pay and upload", async () => {
    const tokens = await demoTokens(server);
    const ownerId = (await findUserByEmail(server.handle.db, "cliente@demo.argine.it"))?.id as string;
    let stop = false;
    const writer = (async () => {
      for (let n = 0; !stop; n++) {
        const startedAt = Date.now();
        const ticketCode = `AR-BKP${String(n).padStart(4, "0")}`;
        const { services } = await paidPractice(server, tokens.client, { ticketCode, ownerId }, ["TAKEDOWN"]);
        const service = services.TAKEDOWN as PracticeService;
        const bytes = pdf(n);
        const steps = await uploadThroughApi(server.base, tokens.client, service, "prove.pdf", bytes);
        expect(steps.register?.status).toBe(200);
        writes.push({ serviceId: service.serviceId, bytes, startedAt, doneAt: Date.now() });
      }
    })();
    await expect.poll(() => writes.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

    backupStartedAt = Date.now();
    const res = await admin.inject({
      method: "POST",
      url: "/backup",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    backupEndedAt = Date.now();
    expect(res.statusCode).toBe(200);
    summary = res.json();
    await expect
      .poll(() => writes.filter((w) => w.startedAt > backupEndedAt).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    stop = true;
    await writer;

    // Writes went on while it was taken: one was under way when it began.
    expect(writes.some((w) => w.startedAt <= backupStartedAt && w.doneAt > backupStartedAt)).toBe(true);
    const folder = join(backupDir, summary.name);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    const manifest: BackupManifest = JSON.parse(readFileSync(join(folder, "manifest.json"), "utf8"));
    expect(statSync(join(folder, "manifest.json")).mode & 0o777).toBe(0o600);
    expect(manifest.storage).toMatchObject({ engine: "disk", key: "in-backup" });
    expect(manifest.files.map((f) => f.path)).toEqual(
      expect.arrayContaining(["database.tar.gz", "storage.key", "document-link.key"]),
    );
    const checked = manifest.files.filter((f) => f.path.includes("/checked/"));
    expect(checked.length).toBeGreaterThanOrEqual(writes.filter((w) => w.doneAt < backupStartedAt).length);
    expect(summary).toMatchObject({ storageKey: "in-backup", createdAt: manifest.createdAt });
    // One at a time: the folder never appears half-written under its name.
    expect(readdirSync(backupDir).filter((name) => name.endsWith(".partial"))).toEqual([]);
  }, 120_000);

  it("is not restored into the data dir of the running server", async () => {
    await expect(
      restoreBackup(join(backupDir, summary.name), {
        dataDir,
        storage: server.config.storage,
        documentLinkKeyFile: server.config.documentLinkKeyFile,
        backupDir,
        force: true,
      }),
    ).rejects.toThrow(/in use by process \d+: stop the server/);
  });

  it("restores into a fresh data dir whose server serves what was written before it, files included", async () => {
    await admin.close();
    await server.close();
    stopped = true;
    const config = testConfig({ DATA_DIR: restoredDir, STORAGE_KEY: undefined });
    const { manifest, movedAside } = await restoreBackup(join(backupDir, summary.name), {
      dataDir: restoredDir,
      storage: config.storage,
      documentLinkKeyFile: config.documentLinkKeyFile,
      backupDir,
    });
    expect(movedAside).toBeNull();
    expect(manifest.createdAt).toBe(summary.createdAt);
    for (const key of ["storage.key", "document-link.key"])
      expect(readFileSync(join(restoredDir, key))).toEqual(readFileSync(join(dataDir, key)));

    const restored = await startServer(restoredDir, backupDir, false);
    try {
      const token = (await demoTokens(restored)).client;
      for (const write of writes) {
        const served = await download(restored, token, write.serviceId);
        if (write.doneAt < backupStartedAt) expect(served).toEqual({ status: 200, bytes: write.bytes });
        else if (write.startedAt > backupEndedAt) expect(served.status).toBe(404);
        // Under way during the backup: all of it or none of it.
        else expect([{ status: 200, bytes: write.bytes }, { status: 404 }]).toContainEqual(served);
      }

      // And it takes new writes.
      const ownerId = (await findUserByEmail(restored.handle.db, "cliente@demo.argine.it"))?.id as string;
      const { services } = await paidPractice(restored, token, { ticketCode: "AR-BKPNEW", ownerId }, [
        "TAKEDOWN",
      ]);
      const service = services.TAKEDOWN as PracticeService;
      const steps = await uploadThroughApi(restored.base, token, service, "prove.pdf", pdf(9999));
      expect(steps.register?.status).toBe(200);
      expect(await download(restored, token, service.serviceId)).toEqual({ status: 200, bytes: pdf(9999) });
    } finally {
      await restored.close();
    }
  }, 120_000);

  it("refuses a damaged backup before touching the data dir", async () => {
    const config = testConfig({ DATA_DIR: join(root, "never"), STORAGE_KEY: undefined });
    const target = {
      dataDir: join(root, "never"),
      storage: config.storage,
      documentLinkKeyFile: config.documentLinkKeyFile,
      backupDir,
    };
    const damaged = async (pathOf: (manifest: BackupManifest) => string) => {
      const copy = mkdtempSync(join(root, "damaged-"));
      cpSync(join(backupDir, summary.name), copy, { recursive: true });
      const manifest: BackupManifest = JSON.parse(readFileSync(join(copy, "manifest.json"), "utf8"));
      const file = join(copy, pathOf(manifest));
      const bytes = readFileSync(file);
      bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] as number) ^ 1;
      writeFileSync(file, bytes);
      return copy;
    };
    const stored = await damaged((m) => m.files.find((f) => f.path.includes("/checked/"))?.path as string);
    await expect(restoreBackup(stored, target)).rejects.toThrow(
      /damaged: storage\/.+ does not match its SHA-256/,
    );
    const database = await damaged(() => "database.tar.gz");
    await expect(restoreBackup(database, target)).rejects.toThrow(
      /damaged: database\.tar\.gz does not match/,
    );
    expect(existsSync(join(root, "never"))).toBe(false);
  });

  it("refuses a data dir that holds something, unless forced: then it moves it aside", async () => {
    const config = testConfig({ DATA_DIR: restoredDir, STORAGE_KEY: undefined });
    const target = {
      dataDir: restoredDir,
      storage: config.storage,
      documentLinkKeyFile: config.documentLinkKeyFile,
      backupDir,
    };
    await expect(restoreBackup(join(backupDir, summary.name), target)).rejects.toThrow(
      /is not empty \(document-link.key, pg, storage, storage.key\): .* --force/,
    );
    const { movedAside } = await restoreBackup(join(backupDir, summary.name), { ...target, force: true });
    expect(readdirSync(movedAside as string).sort()).toEqual([
      "document-link.key",
      "pg",
      "storage",
      "storage.key",
    ]);
    expect(readdirSync(restoredDir).sort()).toEqual([
      "document-link.key",
      "pg",
      movedAside?.split("/").at(-1),
      "storage",
      "storage.key",
    ]);
  }, 60_000);

  it("is taken and restored by npm run db:backup / db:restore, asking the running server on its admin port", async () => {
    const env = { DATA_DIR: restoredDir, BACKUP_DIR: backupDir };
    // Nothing holds the restored data dir: the CLI opens it and copies it itself.
    const stopped = await runCli(["backup"], env);
    expect(stopped).toMatchObject({ code: 0, output: expect.stringMatching(/Backup written to .*argine-/) });
    const folder = stopped.output.match(/Backup written to (\S+)/)?.[1] as string;

    const cliRestore = join(root, "cli-restored");
    const restore = await runCli(["restore", folder], { ...env, DATA_DIR: cliRestore });
    expect(restore).toMatchObject({ code: 0, output: expect.stringContaining(`into ${cliRestore}`) });
    // PGlite lays the loaded database out 0666: the restore leaves it the service user's alone (ADR 040).
    const restored = [cliRestore, ...readdirSync(cliRestore, { recursive: true }).map(String)];
    expect(restored.filter((path) => lstatSync(resolve(cliRestore, path)).mode & 0o077)).toEqual([]);
    const again = await runCli(["restore", folder], { ...env, DATA_DIR: cliRestore });
    expect(again).toMatchObject({ code: 1, output: expect.stringContaining("is not empty") });
    expect((await runCli(["restore"], env)).code).toBe(2);
    const postgres = await runCli(["backup"], { ...env, DATABASE_URL: "postgres://db.example/argine" });
    expect(postgres).toMatchObject({ code: 1, output: expect.stringContaining("pg_dump") });

    // A server holds it: the CLI asks it on its admin port, or says how to.
    const running = await startServer(cliRestore, backupDir, false);
    const { admin: adminPort, port } = await startAdmin(running);
    const held = { ...env, DATA_DIR: cliRestore, ADMIN_PORT: String(port) };
    try {
      const unasked = await runCli(["backup"], { ...env, DATA_DIR: cliRestore });
      expect(unasked).toMatchObject({ code: 1, output: expect.stringContaining("set ADMIN_PORT") });
      const wrongToken = await runCli(["backup"], { ...held, METRICS_TOKEN: `${TOKEN}x` });
      expect(wrongToken).toMatchObject({ code: 1, output: expect.stringContaining("refused the token") });
      const asked = await runCli(["backup"], { ...held, METRICS_TOKEN: TOKEN });
      expect(asked).toMatchObject({ code: 0, output: expect.stringMatching(/Backup written to .*argine-/) });
      const busy = await runCli(["restore", folder], { ...held, METRICS_TOKEN: TOKEN });
      expect(busy).toMatchObject({
        code: 1,
        output: expect.stringContaining("stop the server before restoring"),
      });
    } finally {
      await adminPort.close();
      await running.close();
    }
  }, 180_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)("the admin port's backup on PostgreSQL", () => {
  it("answers that pg_dump is the tool", async () => {
    const handle = await openTestDb("postgres");
    const app = Fastify();
    await app.register(backupRoutes, { handle, config: testConfig() });
    try {
      const res = await app.inject({ method: "POST", url: "/backup" });
      expect(res.statusCode).toBe(501);
      expect(res.json().message).toMatch(/pg_dump -Fc/);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
