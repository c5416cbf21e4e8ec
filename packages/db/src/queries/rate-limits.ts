import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { rateLimitCounts } from "../schema/rate-limits.ts";

// The shared counters of the per-route request limits (ADR 032). One statement a call: the upsert takes the
// row's lock, so two processes counting the same key at once both count, in turn, and neither resets the
// other's window.

export interface LimitCount {
  /** The calls in the current window, this one included. */
  hits: number;
  /** What is left of the window. */
  ttlMs: number;
}

const ttlMs = sql<number>`ceil(extract(epoch from (${rateLimitCounts.resetsAt} - now())) * 1000)::integer`;
const ended = sql`${rateLimitCounts.resetsAt} <= now()`;

/** Counts a call for `key`: the first call, or the first after the window ended, opens a new window. */
export async function countCall(db: Db, key: string, windowMs: number): Promise<LimitCount> {
  const [row] = await db
    .insert(rateLimitCounts)
    .values({ key, hits: 1, resetsAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimitCounts.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitCounts.hits} + 1 end`,
        resetsAt: sql`case when ${ended} then excluded.resets_at else ${rateLimitCounts.resetsAt} end`,
      },
    })
    .returning({ hits: rateLimitCounts.hits, ttlMs });
  return { hits: row?.hits ?? 1, ttlMs: Math.max(0, Number(row?.ttlMs ?? windowMs)) };
}

/** The calls counted for `key` in its current window, counting none. */
export async function readCalls(db: Db, key: string): Promise<LimitCount> {
  const [row] = await db
    .select({ hits: rateLimitCounts.hits, ttlMs })
    .from(rateLimitCounts)
    .where(and(eq(rateLimitCounts.key, key), sql`${rateLimitCounts.resetsAt} > now()`));
  return row ? { hits: row.hits, ttlMs: Number(row.ttlMs) } : { hits: 0, ttlMs: 0 };
}

/** Forgets the windows that ended before `before` (their keys are mostly addresses). */
export async function deleteEndedWindows(db: Db, before: Date): Promise<void> {
  await db.delete(rateLimitCounts).where(lt(rateLimitCounts.resetsAt, before));
}
