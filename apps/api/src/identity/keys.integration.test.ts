import { openDb } from "@argine/db/client";
import { listOidcKeys } from "@argine/db/queries/oidc";
import { openTestDb } from "@argine/db/testing";
import { describe, expect, it } from "vitest";
import { loadProviderKeys } from "./keys.ts";

// Processes started together on an empty database (npm run cluster, a deployment's first start) must agree on
// the provider's keys: each signs with the newest and verifies with all, so two "first" keys would leave one
// process signing with a key the other never loaded. A race: PostgreSQL only (PGlite has one connection).

describe.skipIf(!process.env.TEST_DATABASE_URL)("the provider's first keys on PostgreSQL", () => {
  it("are made once when several processes start together, and every process loads them", async () => {
    const handle = await openTestDb("postgres");
    if (handle.engine.kind !== "postgres") throw new Error("a PostgreSQL database");
    const others = await Promise.all(
      [1, 2, 3].map(() =>
        openDb({ databaseUrl: (handle.engine as { databaseUrl: string }).databaseUrl, poolSize: 2 }),
      ),
    );
    try {
      const now = new Date();
      const loaded = await Promise.all([handle, ...others].map((h) => loadProviderKeys(h.db, now)));
      expect(await listOidcKeys(handle.db, "signing")).toHaveLength(1);
      expect(await listOidcKeys(handle.db, "cookie")).toHaveLength(1);
      const kids = loaded.map((keys) => keys.jwks.map((jwk) => jwk.kid).join());
      expect(new Set(kids).size).toBe(1);
      expect(new Set(loaded.map((keys) => keys.cookieKeys.join())).size).toBe(1);
    } finally {
      for (const other of others) await other.close();
      await handle.close();
    }
  });
});
