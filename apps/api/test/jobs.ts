import type { Db } from "@argine/db/client";
import { sql } from "drizzle-orm";
import { DEAD_LETTER_QUEUE } from "../src/jobs/job-queue.ts";

/**
 * Waits until the job queue holds no job waiting or running (pg-boss's own table): what a request queued
 * has been worked. Only for queues whose jobs succeed: a job waiting for its retry times this out. The
 * dead letters wait for an admin, not for a worker, and a job queued to start later (a message's unread
 * check, minutes on) waits for its time: neither counts.
 */
export async function jobsSettled(db: Db, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = (await db.execute(
      sql`select count(*)::int as pending from pgboss.job where state in ('created', 'retry', 'active') and name <> ${DEAD_LETTER_QUEUE}
        and not (state = 'created' and start_after > now())`,
    )) as unknown as { rows: { pending: number }[] };
    if (rows[0]?.pending === 0) return;
    if (Date.now() > deadline)
      throw new Error(`${rows[0]?.pending} jobs still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
