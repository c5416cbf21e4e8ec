import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DbHandle, openDb } from "./client.ts";

export type TestDbKind = "pglite" | "postgres";

/** The engines integration tests run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export function testDbKinds(): TestDbKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/** A fresh, migrated, empty database; on PostgreSQL a throwaway database dropped on close. */
export async function openTestDb(kind: TestDbKind): Promise<DbHandle> {
  if (kind === "pglite") return openDb({ dataDir: null });
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
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
