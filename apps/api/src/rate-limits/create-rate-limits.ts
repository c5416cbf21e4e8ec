import type { DbHandle } from "@argine/db/client";
import type { Config } from "../config.ts";
import { postgresRateLimits } from "./postgres-rate-limits.ts";
import { memoryRateLimits, type RateLimits } from "./rate-limits.ts";
import { redisRateLimits } from "./redis-rate-limits.ts";

/** The store configuration chose (config.ts `rateLimits`); by default, the database's engine decides. */
export function createRateLimits(config: Config["rateLimits"], handle: DbHandle): RateLimits {
  if (config.store === "redis") return redisRateLimits(config.url);
  const shared = config.store === "postgres" || (config.store === "database" && handle.kind === "postgres");
  return shared ? postgresRateLimits(handle.db) : memoryRateLimits();
}
