import type { DbHandle } from "@argine/db/client";
import type { Config } from "../config.ts";
import { postgresRateLimits } from "./postgres-rate-limits.ts";
import { memoryRateLimits, type RateLimits } from "./rate-limits.ts";
import { redisRateLimits } from "./redis-rate-limits.ts";

/** The store configuration chose (config.ts `rateLimits`); by default, the database's engine decides. */
export function createRateLimits(config: Config["rateLimits"], handle: DbHandle): RateLimits {
  // Redis is optional: while it is out, the database's own store counts (redis-rate-limits.ts).
  if (config.store === "redis") return redisRateLimits(config.url, { fallback: databaseStore(handle) });
  if (config.store === "postgres") return postgresRateLimits(handle.db);
  return config.store === "database" ? databaseStore(handle) : memoryRateLimits();
}

/** PostgreSQL's table when it is the database (every process shares it), this process's memory on PGlite. */
const databaseStore = (handle: DbHandle) =>
  handle.kind === "postgres" ? postgresRateLimits(handle.db) : memoryRateLimits();
