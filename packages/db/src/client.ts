import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { hearCommits } from "./heard-commits.ts";
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
  /**
   * `migrate` false: as below (an operator's command, keys/cli.ts, leaves the schema to the servers).
   * `timeouts` false: none of the serving pool's statement and query timeouts (below), for a bulk tool whose
   * statements run long on purpose (bench/practices-data.ts writes a million rows).
   */
  | { databaseUrl: string; poolSize?: number; migrate?: boolean; timeouts?: boolean }
  /**
   * `dataDir` null opens an in-memory database (tests); `loadDataDir`, a dump of a database to start from
   * (testing.ts: a migrated one, so only the migrations added since are applied). `migrate` false opens it as
   * it is (a backup of a stopped server is of its database, not of what this code would make of it).
   */
  | { dataDir: string | null; loadDataDir?: Blob; migrate?: boolean };

/** How long a query waits for a new connection to the database before it fails as unavailable. */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * A statement running longer is cancelled by PostgreSQL itself (57014, unavailable.ts: 503), its connection
 * kept: a row lock held too long, a query gone slow. None of the app's requests runs one this long.
 */
export const STATEMENT_TIMEOUT_MS = 5_000;
/**
 * A query with no answer at all this long (a network partition: a connection open, nothing coming back) fails
 * as unavailable and its connection is dropped (BoundedClient), so a request answers 503 instead of hanging
 * on a connection the pool already held (issue 39's fault drill, scripts/cluster/fault-drill.ts). Above
 * STATEMENT_TIMEOUT_MS, so a server that answers cancels first.
 */
export const QUERY_TIMEOUT_MS = 6_000;
/** A transaction whose process went silent (partitioned, frozen) releases its locks after this. */
const IDLE_IN_TRANSACTION_MS = 30_000;
const READ_TIMEOUT = "Query read timeout";

/**
 * node-postgres leaves a connection whose query timed out waiting for that answer, blocking whatever it is
 * given next (drizzle's transactions hand it back to the pool without an error): it is dropped instead, its
 * queries failing at once, and the pool opens another.
 */
class BoundedClient extends pg.Client {
  override query(...args: unknown[]): never {
    const drop = (error: unknown) => {
      if ((error as Error | undefined)?.message === READ_TIMEOUT)
        (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function")
      args[last] = (error: unknown, result: unknown) => {
        drop(error);
        callback(error, result);
      };
    const answer = (super.query as (...a: unknown[]) => unknown)(...args);
    if (answer instanceof Promise) answer.catch(drop);
    return answer as never;
  }
}

export const MIGRATIONS = fileURLToPath(new URL("../migrations", import.meta.url));

/** What openDb opened, and what it did to the schema. */
export interface OpenedDb extends DbHandle {
  /**
   * The migrations this opening applied, by their names (`0028_second_factor`), oldest first; none when the
   * database was up to date (or another process applied them while this one waited for the lock). The
   * server logs them once its logger exists (apps/api/src/main.ts).
   */
  migrationsApplied: string[];
}

/** Opens the database and applies the committed migrations. */
export async function openDb(options: DbOptions): Promise<OpenedDb> {
  if ("databaseUrl" in options) {
    // The migrations on a pool of their own, without the serving pool's timeouts: a replica waits for
    // another's migrations under the lock, and a migration may run long.
    const migrationsApplied = options.migrate === false ? [] : await migrateOnOwnPool(options.databaseUrl);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A database that cannot be reached (a network fault) fails the query after this, not never: the
      // request answers 503 (unavailable.ts) instead of hanging. A stopped server refuses at once anyway.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...(options.timeouts === false
        ? {}
        : {
            statement_timeout: STATEMENT_TIMEOUT_MS,
            query_timeout: QUERY_TIMEOUT_MS,
            idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
            Client: BoundedClient,
          }),
    });
    // An idle connection the server ends (a restart, a failover, a test dropping its database while the pool
    // closes) leaves the pool and the next query opens another; unheard, its error would end the process.
    pool.on("error", () => {});
    // So does one ending while a request holds it (its query fails on its own): pg-pool listens only to idle ones.
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: "postgres",
      engine: { kind: "postgres", databaseUrl: options.databaseUrl, pool },
      close: () => pool.end(),
      migrationsApplied,
    };
  }

  const release = options.dataDir === null ? () => {} : lockDataDir(options.dataDir);
  try {
    const client = pglite(options.dataDir, options.loadDataDir);
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    const migrationsApplied =
      options.migrate === false
        ? []
        : await applyMigrations(db as unknown as Db, () =>
            migratePglite(db, { migrationsFolder: MIGRATIONS }),
          );
    await hearCommits(db as unknown as Db, client);
    return {
      db: db as unknown as Db,
      kind: "pglite",
      engine: { kind: "pglite", pglite: client },
      close: async () => {
        await client.close();
        release();
      },
      migrationsApplied,
    };
  } catch (error) {
    release();
    throw error;
  }
}

function pglite(dataDir: string | null, loadDataDir: Blob | undefined): PGlite {
  return new PGlite({
    ...(dataDir === null ? {} : { dataDir: resolve(dataDir, "pg") }),
    ...(loadDataDir ? { loadDataDir } : {}),
    // pg_trgm backs the practice search (migration 0002 creates the extension).
    extensions: { pg_trgm },
    // The buffer cache lives in the server's own memory, and the operating system caches the files beneath
    // it anyway: 16 MB instead of PostgreSQL's 128 MB kept the 100 000 bench's peak 115 MB lower, its lists
    // and searches no slower (ADR 046).
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
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

/**
 * Runs drizzle's migrator and answers the names of the migrations it applied. It applies, in the journal's
 * order, each migration newer than the last one the database records (drizzle.__drizzle_migrations), and
 * records none by name: the names are the journal's entries after that one, read before it runs.
 */
async function applyMigrations(db: Db, migrate: () => Promise<void>): Promise<string[]> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  // A new database has no record yet (the migrator makes it): every migration is applied.
  const [recorded] = await rows(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  const [newest] = recorded?.found
    ? await rows(sql`select max(created_at) as last from drizzle.__drizzle_migrations`)
    : [];
  const last = Number(newest?.last ?? Number.NEGATIVE_INFINITY);
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  await migrate();
  return journal.entries.filter((entry) => entry.when > last).map((entry) => entry.tag);
}

// Any fixed number, the same in every process of this application: the key of the migrations' lock.
export const MIGRATION_LOCK_KEY = 0x4172_6769; // "Argi"

async function migrateOnOwnPool(databaseUrl: string): Promise<string[]> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 2,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  pool.on("error", () => {});
  try {
    const db = drizzlePg(pool, { schema });
    return await migrateUnderLock(pool, () =>
      applyMigrations(db as unknown as Db, () => migratePg(db, { migrationsFolder: MIGRATIONS })),
    );
  } finally {
    await pool.end();
  }
}

/**
 * Replicas starting together on one database would apply the same migrations at once and fail on each
 * other's tables. A session-level advisory lock, held on its own connection while the migrator runs on the
 * pool, lets one migrate while the others wait, then find nothing left to apply.
 */
async function migrateUnderLock<T>(pool: pg.Pool, migrate: () => Promise<T>): Promise<T> {
  const lock = await pool.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      return await migrate();
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
