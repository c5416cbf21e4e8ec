import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "./client.ts";
import { listActiveProducts } from "./queries/catalogue.ts";
import { products, userRoles, users } from "./schema/index.ts";
import { DEMO_ACCOUNTS, seedDemo } from "./seed.ts";
import { openTestDb, testDbKinds } from "./testing.ts";

const hashPassword = async (p: string) => `hashed:${p}`;

describe.each(testDbKinds())("seed on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
  });
  afterAll(() => handle.close());

  it("seeds the catalogue, sorted, with prices in cents including VAT", async () => {
    await seedDemo(handle.db, { hashPassword });
    const rows = await listActiveProducts(handle.db);
    expect(rows.map((r) => r.code)).toEqual([
      "FEEDBACK",
      "LEGALIZATION",
      "TAKEDOWN",
      "INJUCTION",
      "ADVICE",
      "DEFENCE",
      "PACKAGE",
    ]);
    expect(rows[0]?.priceCents).toBe(0);
    expect(rows.every((r) => r.vatRate === 22)).toBe(true);
  });

  it("is idempotent: a second run adds nothing", async () => {
    const before = await handle.db.select({ n: count() }).from(users);
    await seedDemo(handle.db, { hashPassword });
    const after = await handle.db.select({ n: count() }).from(users);
    const catalogue = await handle.db.select({ n: count() }).from(products);
    expect(after).toEqual(before);
    expect(catalogue[0]?.n).toBe(7);
  });

  it("creates the three demo accounts with their roles and a hashed password", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await handle.db.select().from(users).where(eq(users.email, account.email));
      expect(user?.passwordHash).toBe("hashed:Demo!Argine2026");
      const roles = await handle.db
        .select()
        .from(userRoles)
        .where(eq(userRoles.userId, user?.id ?? ""));
      expect(roles.map((r) => r.role)).toEqual([...account.roles]);
    }
  });

  it("refuses to run with NODE_ENV=production", async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await expect(seedDemo(handle.db, { hashPassword })).rejects.toThrow(/production/);
    } finally {
      process.env.NODE_ENV = previous;
    }
  });
});
