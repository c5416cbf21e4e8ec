import type { Db } from "@argine/db/client";
import { countCall, deleteEndedWindows } from "@argine/db/queries/rate-limits";
import { countingEngine, type RateLimits, SWEEP_EVERY_CALLS } from "./rate-limits.ts";

/** Kept a while after they end: a window's row is reused when the same caller comes back soon. */
const KEEP_ENDED_MS = 60 * 60 * 1000;

/** The counters in PostgreSQL's `rate_limit_counts`, shared by every process on the database. */
export function postgresRateLimits(db: Db): RateLimits {
  let calls = 0;
  const count = (key: string, windowMs: number) => {
    if (++calls % SWEEP_EVERY_CALLS === 0)
      void deleteEndedWindows(db, new Date(Date.now() - KEEP_ENDED_MS)).catch(() => {});
    return countCall(db, key, windowMs);
  };
  return countingEngine("postgres", count);
}
