import { randomUUID } from "node:crypto";
import { openDb } from "@argine/db/client";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { describe } from "vitest";
import { postgresRateLimits } from "./postgres-rate-limits.ts";
import { rateLimitContract } from "./rate-limit-contract.ts";
import { memoryRateLimits } from "./rate-limits.ts";
import { redisRateLimits } from "./redis-rate-limits.ts";

// Every store passes the contract. The calls at once can race only where two connections count (PostgreSQL,
// Redis): PGlite and memory run them one after the other, so there they only check the count.

describe("the rate limits in memory", () => {
  rateLimitContract(async () => ({ here: memoryRateLimits(), there: null, close: async () => {} }), {
    shared: false,
  });
});

describe.each(testDbKinds())("the rate limits on %s", (kind) => {
  rateLimitContract(
    async () => {
      const handle = await openTestDb(kind);
      // Two processes: on PostgreSQL, a second pool on the same database; PGlite is one process's.
      const other =
        handle.engine.kind === "postgres"
          ? await openDb({ databaseUrl: handle.engine.databaseUrl, poolSize: 3 })
          : null;
      return {
        here: postgresRateLimits(handle.db),
        there: other ? postgresRateLimits(other.db) : null,
        close: async () => {
          await other?.close();
          await handle.close();
        },
      };
    },
    { shared: kind === "postgres" },
  );
});

describe.skipIf(!process.env.TEST_REDIS_URL)("the rate limits on Redis", () => {
  rateLimitContract(
    async () => {
      const url = process.env.TEST_REDIS_URL as string;
      // Each test counts under a name of its own: the Redis is shared by every run.
      const nameSpace = `argine-test-${randomUUID()}-`;
      const [here, there] = [
        redisRateLimits(url, { nameSpace, fallback: memoryRateLimits() }),
        redisRateLimits(url, { nameSpace, fallback: memoryRateLimits() }),
      ];
      return {
        here,
        there,
        close: async () => {
          await here.close();
          await there.close();
        },
      };
    },
    { shared: true },
  );
});
