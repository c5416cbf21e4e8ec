import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** What every query function takes: PGlite and PostgreSQL look the same from here on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /** The engine underneath, for what shares the database without drizzle (the job queue, LISTEN/NOTIFY). */
  engine: { kind: "pglite"; pglite: PGlite } | { kind: "postgres"; databaseUrl: string; pool: pg.Pool };
  close(): Promise<void>;
}

export type DbOptions =
  /** `migrate` false: as below (an operator's command, keys/cli.ts, leaves the schema to the servers). */
  | { databaseUrl: string; poolSize?: number; migrate?: boolean }
  /**
   * `dataDir` null opens an in-memory database (tests); `loadDataDir`, a dump of a database to start from
   * (testing.ts: a migrated one, so only the migrations added since are applied). `migrate` false opens it as
   * it is (a backup of a stopped server is of its database, not of what this code would make of it).
   */
  | { dataDir: string | null; loadDataDir?: Blob; migrate?: boolean };

/** How long a query waits for a new connection to the database before it fails as unavailable. */
const CONNECT_TIMEOUT_MS = 5_000;

export const MIGRATIONS = fileURLToPath(new URL("../migrations", import.meta.url));

/** Opens the database and applies the committed migrations. */
export async function openDb(options: DbOptions): Promise<DbHandle> {
  if ("databaseUrl" in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A database that cannot be reached (a network fault) fails the query after this, not never: the
      // request answers 503 (unavailable.ts) instead of hanging. A stopped server refuses at once anyway.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle connection the server ends (a restart, a failover, a test dropping its database while the pool
    // closes) leaves the pool and the next query opens another; unheard, its error would end the process.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema });
    if (options.migrate !== false)
      await migrateUnderLock(pool, () => migratePg(db, { migrationsFolder: MIGRATIONS }));
    return {
      db: db as unknown as Db,
      kind: "postgres",
      engine: { kind: "postgres", databaseUrl: options.databaseUrl, pool },
      close: () => pool.end(),
    };
  }

  const release = options.dataDir === null ? () => {} : lockDataDir(options.dataDir);
  try {
    const client = pglite(options.dataDir, options.loadDataDir);
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    if (options.migrate !== false) await migratePglite(db, { migrationsFolder: MIGRATIONS });
    return {
      db: db as unknown as Db,
      kind: "pglite",
      engine: { kind: "pglite", pglite: client },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

function pglite(dataDir: string | null, loadDataDir: Blob | undefined): PGlite {
  // pg_trgm backs the practice search (migration 0002 creates the extension).
  return new PGlite({
    ...(dataDir === null ? {} : { dataDir: resolve(dataDir, "pg") }),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
  });
}

/**
 * Loads a dump of a PGlite database (`dumpDataDir`) into DATA_DIR/pg, which must hold none (a restore, whose
 * caller holds the folder's lock). The next openDb applies the migrations added since.
 */
export async function loadPgliteDump(dataDir: string, dump: Blob): Promise<void> {
  const client = pglite(dataDir, dump);
  await client.waitReady;
  await client.close();
}

// Any fixed number, the same in every process of this application: the key of the migrations' lock.
export const MIGRATION_LOCK_KEY = 0x4172_6769; // "Argi"

/**
 * Replicas starting together on one database would apply the same migrations at once and fail on each
 * other's tables. A session-level advisory lock, held on its own connection while the migrator runs on the
 * pool, lets one migrate while the others wait, then find nothing left to apply.
 */
async function migrateUnderLock(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migrate();
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    lock.release();
  }
}

/**
 * PGlite is single-process: two processes on one folder corrupt it. A lock file holding our pid refuses the
 * second opener; a lock left by a dead process is taken over. Exported for the restore, which holds it while
 * it writes the folder.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir, "pg");
  mkdirSync(dir, { recursive: true });
  const lock = lockFile(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = dataDirHolder(dataDir);
      if (holder !== null && holder !== process.pid) {
        throw new Error(`The database folder ${dir} is in use by process ${holder}; stop it first.`);
      }
      rmSync(lock, { force: true });
    }
  }
  throw new Error(`Could not lock the database folder ${dir}.`);
}

const lockFile = (dataDir: string) => resolve(dataDir, "pg.lock");

/** The live process holding DATA_DIR's database (this one included), or null: a running server's pid. */
export function dataDirHolder(dataDir: string): number | null {
  let holder: number;
  try {
    holder = Number(readFileSync(lockFile(dataDir), "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  return isAlive(holder) ? holder : null;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
