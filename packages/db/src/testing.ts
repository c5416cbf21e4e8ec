import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import pg from "pg";
import { type DbHandle, MIGRATIONS, openDb } from "./client.ts";

export type TestDbKind = "pglite" | "postgres";

/** The engines integration tests run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export function testDbKinds(): TestDbKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/** A fresh, migrated, empty database; on PostgreSQL a throwaway database dropped on close. */
export async function openTestDb(kind: TestDbKind): Promise<DbHandle> {
  if (kind === "pglite") return openDb({ dataDir: null, loadDataDir: await migratedPglite() });
  const empty = await createEmptyPostgresDatabase();
  const handle = await openDb({ databaseUrl: empty.url, poolSize: 3 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await empty.drop();
    },
  };
}

/** A new, empty PostgreSQL database beside TEST_DATABASE_URL: its URL, and how to drop it. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `argine_test_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string, before?: (admin: pg.Client) => Promise<void>) => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await before?.(admin);
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  // A pool's end() returns before its clients' sessions are gone: forced out at that moment, an ending client
  // gets "terminating connection due to administrator command" with no listener left, an uncaught error in
  // whatever test runs next. The sessions get two seconds to leave; `force` is for any that stays.
  const sessionsGone = async (admin: pg.Client) => {
    for (let waited = 0; waited < 2_000; waited += 50) {
      const { rows } = await admin.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = $1",
        [name],
      );
      if (!rows[0]?.n) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await run(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => run(`drop database if exists ${name} with (force)`, sessionsGone),
  };
}

/**
 * A dump of the migrated empty PGlite database, made by the first test that needs it and kept in a file named
 * by the migrations and PGlite's version, so that every test process of this and later runs starts from it.
 * A PGlite loaded from it is ready in a third of the time initdb and the migrations take (3.6 s against
 * 8-12 s on the busy 2-core machine), and the integration tests open hundreds. openDb still runs the
 * migrator on it, which finds nothing to apply.
 */
async function migratedPglite(): Promise<Blob> {
  const file = join(tmpdir(), `argine-pglite-migrated-${templateKey()}.tar`);
  if (existsSync(file)) return new Blob([await readFile(file)]);
  const handle = await openDb({ dataDir: null });
  try {
    if (handle.engine.kind !== "pglite") throw new Error("expected PGlite");
    const dump = await handle.engine.pglite.dumpDataDir("none");
    // Written aside, then renamed: two test processes making it at once never read half a file.
    const part = `${file}.${process.pid}`;
    await writeFile(part, new Uint8Array(await dump.arrayBuffer()));
    await rename(part, file);
    return dump;
  } finally {
    await handle.close();
  }
}

/** What the dump depends on: every migration file, and the PGlite release that wrote it. */
function templateKey(): string {
  const hash = createHash("sha256");
  const pgliteEntry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  hash.update(readFileSync(join(dirname(pgliteEntry), "..", "package.json")));
  for (const folder of [MIGRATIONS, join(MIGRATIONS, "meta")])
    for (const name of readdirSync(folder).sort())
      if (name.endsWith(".sql") || name.endsWith(".json"))
        hash.update(name).update(readFileSync(join(folder, name)));
  return hash.digest("hex").slice(0, 16);
}
