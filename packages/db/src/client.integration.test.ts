import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openDb } from "./client.ts";
import { products } from "./schema/index.ts";
import { createEmptyPostgresDatabase } from "./testing.ts";

/** The committed migrations' names, in the order they apply. */
const MIGRATION_NAMES = readdirSync(new URL("../migrations", import.meta.url))
  .filter((f) => f.endsWith(".sql"))
  .sort()
  .map((f) => f.replace(/\.sql$/, ""));

describe("PGlite data folder", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "argine-db-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("keeps data across a close and a reopen, and says which migrations each opening applied", async () => {
    const dir = tempDir();
    const first = await openDb({ dataDir: dir });
    // Every one on a new database, oldest first; none once it is up to date.
    expect(first.migrationsApplied).toEqual(MIGRATION_NAMES);
    expect(first.migrationsApplied[0]).toBe("0000_core_entities");
    await first.db.insert(products).values({
      code: "FEEDBACK",
      name: "Prova",
      description: "",
      priceCents: 100,
      discountedPriceCents: 100,
      sortOrder: 1,
    });
    await first.close();
    const second = await openDb({ dataDir: dir });
    const rows = await second.db.select().from(products);
    await second.close();
    expect(rows.map((r) => r.code)).toEqual(["FEEDBACK"]);
    expect(second.migrationsApplied).toEqual([]);
  });

  it("keeps its buffer cache to 16 MB, in memory and on disk alike (ADR 046)", async () => {
    for (const dataDir of [tempDir(), null]) {
      const handle = await openDb({ dataDir });
      const result = await handle.db.execute(sql`show shared_buffers`);
      await handle.close();
      expect((result as unknown as { rows: { shared_buffers: string }[] }).rows).toEqual([
        { shared_buffers: "16MB" },
      ]);
    }
  });

  it("refuses a folder held by another live process", async () => {
    const dir = tempDir();
    const holder = spawn("sleep", ["30"]);
    try {
      mkdirSync(join(dir, "pg"), { recursive: true });
      writeFileSync(join(dir, "pg.lock"), String(holder.pid));
      await expect(openDb({ dataDir: dir })).rejects.toThrow(/in use by process/);
    } finally {
      holder.kill();
    }
  });

  it("takes over a lock left by a process that has died", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, "pg"), { recursive: true });
    writeFileSync(join(dir, "pg.lock"), "999999999");
    const handle = await openDb({ dataDir: dir });
    await handle.close();
  });
});

// Two replicas starting together on one empty database: one migrates, the other waits for the lock and
// finds nothing left to apply. Real processes, since the race is between connections of different pools.
describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL migrations at boot", () => {
  it("two processes started together on one empty database both come up, one saying it migrated", async () => {
    const empty = await createEmptyPostgresDatabase();
    const client = fileURLToPath(new URL("./client.ts", import.meta.url));
    const boot = `import { openDb } from ${JSON.stringify(client)};
      const handle = await openDb({ databaseUrl: process.env.URL, poolSize: 2 });
      await handle.close();
      process.stdout.write("up " + handle.migrationsApplied.length);`;
    const start = () =>
      new Promise<{ code: number | null; out: string }>((done) => {
        const child = spawn(process.execPath, ["--input-type=module", "-e", boot], {
          env: { ...process.env, URL: empty.url },
        });
        let out = "";
        child.stdout.on("data", (chunk) => {
          out += chunk;
        });
        child.stderr.on("data", (chunk) => {
          out += chunk;
        });
        child.on("exit", (code) => done({ code, out }));
      });
    try {
      const results = await Promise.all([start(), start()]);
      // The one that waited for the lock found nothing left to apply, and says so by saying nothing.
      expect(results.sort((a, b) => a.out.localeCompare(b.out))).toEqual([
        { code: 0, out: "up 0" },
        { code: 0, out: `up ${MIGRATION_NAMES.length}` },
      ]);
      const check = new pg.Client({ connectionString: empty.url });
      await check.connect();
      const applied = await check.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      await check.end();
      expect(applied.rows[0].n).toBe(MIGRATION_NAMES.length);
    } finally {
      await empty.drop();
    }
  }, 60_000);
});
