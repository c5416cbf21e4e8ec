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
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `argine_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString(), poolSize: 3 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
