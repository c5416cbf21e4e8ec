import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "@argine/db/client";
import * as schema from "@argine/db/schema";
import { createEmptyPostgresDatabase, testDbKinds } from "@argine/db/testing";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { testConfig } from "../../test/helpers.ts";
import { serviceDeps } from "../../test/service-deps.ts";
import { hashToken } from "../identity/link-tokens.ts";
import { documentLinkToken, hashLegacyDocumentLinks, invoiceFile } from "./invoice-service.ts";

// A database that held clear link tokens (before ADR 023) migrated as a deployment would be: the tokens are
// gone, and at start each document gets its derived link, which then opens it.

const MIGRATIONS = fileURLToPath(new URL("../../../../packages/db/migrations", import.meta.url));
/** The last migration with clear tokens. */
const BEFORE = "0013_uploaded_file_sha256";

/** The migrations folder as it was up to BEFORE. */
function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), "argine-migrations-"));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return dir;
}

async function openUnmigrated(kind: "pglite" | "postgres") {
  if (kind === "pglite") {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzlePglite(client, { schema });
    return {
      db: db as unknown as Db,
      migrate: (folder: string) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const empty = await createEmptyPostgresDatabase();
  const pool = new pg.Pool({ connectionString: empty.url, max: 2 });
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    migrate: (folder: string) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await empty.drop();
    },
  };
}

describe.each(testDbKinds())("the money documents' links after the migration, on %s", (kind) => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it("drops the clear tokens and gives each earlier document a derived link that opens it", async () => {
    const database = await openUnmigrated(kind);
    try {
      const before = migrationsUpTo(BEFORE);
      folders.push(before);
      await database.migrate(before);
      // Rows written as that schema had them (raw SQL: today's schema has columns added since).
      const idOf = async (query: ReturnType<typeof sql>) =>
        ((await database.db.execute(query)) as unknown as { rows: { id: string }[] }).rows[0]?.id as string;
      const userId = await idOf(
        sql`insert into users (email, name, lastname) values ('cliente@demo.argine.it', 'Maria', 'Rossi') returning id`,
      );
      const practiceId = await idOf(
        sql`insert into practices (ticket_code, owner_id) values ('AR-MIGRA001', ${userId}) returning id`,
      );
      const orderId = await idOf(sql`
        insert into orders (user_id, practice_id, idempotency_key, payment_type, total_cents, discount_cents,
          amount_cents, card_cents, invoice)
        values (${userId}, ${practiceId}, gen_random_uuid(), 'STRIPE', 9900, 0, 9900, 9900, '{}'::jsonb) returning id`);
      const clearToken = "un-token-in-chiaro-di-quarantatre-caratteri!";
      const company = JSON.stringify(testConfig().company);
      const customer = JSON.stringify({
        name: "Maria Rossi",
        email: "cliente@demo.argine.it",
        billing: { taxCode: "RSSMRA85T10A562S", address: "Via dei Mille 10", city: "Roma", country: "IT" },
      });
      await database.db.execute(sql`
        insert into invoices (order_id, year, number, issued_at, token, seller, customer, lines,
          taxable_cents, vat_cents, total_cents)
        values (${orderId}, 2026, 1, now(), ${clearToken}, ${company}::jsonb, ${customer}::jsonb, '[]'::jsonb,
          8115, 1785, 9900)`);

      await database.migrate(MIGRATIONS);
      const columns = await database.db.execute<{ column_name: string }>(
        sql`select column_name from information_schema.columns where table_name = 'invoices'`,
      );
      const names = (columns as unknown as { rows: { column_name: string }[] }).rows.map(
        (c) => c.column_name,
      );
      expect(names).toContain("token_hash");
      expect(names).not.toContain("token");

      const { deps } = serviceDeps(database.db);
      const { config } = deps;
      expect(await hashLegacyDocumentLinks(deps)).toBe(1);
      const [invoice] = await database.db.select().from(schema.invoices);
      const token = documentLinkToken(config.documentLinkKey, "invoice", invoice?.id as string);
      expect(invoice?.tokenHash).toBe(hashToken(token));
      expect(JSON.stringify(invoice)).not.toContain(clearToken);
      const file = await invoiceFile(deps, token, "pdf");
      expect(file.filename).toBe("fattura-2026-1.pdf");
      await expect(invoiceFile(deps, clearToken, "pdf")).rejects.toMatchObject({ code: "NOT_FOUND" });
    } finally {
      await database.close();
    }
  });
});
