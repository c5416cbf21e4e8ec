import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type DbHandle, openDb } from "@argine/db/client";
import { seedDemo } from "@argine/db/seed";
import { createEmptyPostgresDatabase, openTestDb, type TestDbKind } from "@argine/db/testing";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import type { Readiness } from "../src/routes/health.ts";

/** A web build shaped like React Router's output, so static serving is tested without building the site. */
export function fixtureWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), "argine-web-"));
  const files: Record<string, string> = {
    "index.html":
      '<html><body>Home<script>window.__ctx = {"a":1}</script><script src="/assets/app-abc123.js"></script></body></html>',
    "whoweare/index.html": "<html><body>Chi siamo</body></html>",
    "404/index.html": "<html><body>Pagina non trovata</body></html>",
    "__spa-fallback.html": "<html><body>App shell</body></html>",
    "assets/app-abc123.js": "console.log('app')",
    "robots.txt": "User-agent: *",
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

/** A fixed storage master key: no test writes a key file into the working folder's ./data. */
export const TEST_STORAGE_KEY = Buffer.alloc(32, 7).toString("base64");

/**
 * The data folder of a test process's apps (stored files, the outbox): a temporary one, never the working
 * folder's ./data, whose files a developer's `npm start` opens with its own storage key (and refuses to start
 * over files sealed with the tests' key: storage/master-key-check.ts).
 */
let testDataDir: string | null = null;
const dataDirOfTests = () => {
  testDataDir ??= mkdtempSync(join(tmpdir(), "argine-test-data-"));
  return testDataDir;
};

/** `overrides` may unset a setting (undefined), as the storage key for a test of the S3 engine. */
export function testConfig(overrides: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    WEB_DIR: fixtureWebBuild(),
    STORAGE_KEY: TEST_STORAGE_KEY,
    DATA_DIR: dataDirOfTests(),
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  handle: DbHandle;
  readiness: Readiness;
  close(): Promise<void>;
}

/** A seeded database and the whole app on it, ready for `app.inject`. */
export async function startTestApp(kind: TestDbKind, config = testConfig()): Promise<TestApp> {
  const handle = await openTestDb(kind);
  await seedDemo(handle.db, { hashPassword: async (p) => `test:${p}` });
  const readiness = { ready: true };
  const app = await buildApp({ config, handle, readiness });
  return {
    app,
    handle,
    readiness,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/**
 * A database that outlives its handles: each open() is a new process's connection to the same data (the
 * restart tests). PGlite keeps its files in a folder of the test's own; PostgreSQL a database of its own.
 */
export async function persistentDatabase(
  kind: TestDbKind,
): Promise<{ open(): Promise<DbHandle>; drop(): Promise<void> }> {
  if (kind === "postgres") {
    const empty = await createEmptyPostgresDatabase();
    return { open: () => openDb({ databaseUrl: empty.url, poolSize: 3 }), drop: empty.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), "argine-restart-"));
  return {
    open: () => openDb({ dataDir: dir }),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
