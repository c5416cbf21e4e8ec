import type { DbHandle } from "@argine/db/client";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../clock.ts";
import { createJobQueue, type JobQueue } from "./job-queue.ts";

// A job whose process died while working it (SIGKILL: no completion, its heartbeat stops) is failed once its
// heartbeat is missed and worked again, while a live handler slower than the heartbeat is worked once. The
// crash drill found the first (issue 39): such a mail waited for pg-boss's 15-minute expiry. Heartbeat 10 s
// (pg-boss's least), supervision and retries every second: the whole round in real time.

const ORPHAN = { to: "orfana@example.org", subject: "Presa da un processo morto", text: "Ciao" };
const SLOW = { to: "lenta@example.org", subject: "Più lenta del battito", text: "Ciao" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDbKinds())("a job its worker left, on %s", (kind) => {
  let handle: DbHandle;
  let jobs: JobQueue;
  const sent: string[] = [];

  beforeAll(async () => {
    handle = await openTestDb(kind);
    jobs = createJobQueue(handle, systemClock, {
      mailRetry: { limit: 3, delaySeconds: 1, maxDelaySeconds: 1 },
      heartbeatSeconds: 10,
      superviseSeconds: 1,
    });
    await jobs.start(() => {});
    await jobs.work("mail", async (mail) => {
      if (mail.to === SLOW.to) await sleep(12_000);
      sent.push(mail.to);
    });
  });
  afterAll(async () => {
    await jobs?.stop(1000);
    await handle?.close();
  });

  const jobOf = async (to: string) => {
    const { rows } = (await handle.db.execute(
      sql`select state, retry_count from pgboss.job where name = 'mail' and data->>'to' = ${to}`,
    )) as unknown as { rows: { state: string; retry_count: number }[] };
    return rows;
  };

  it("is worked again once its worker's heartbeat stops", { timeout: 60_000 }, async () => {
    const taken = Date.now();
    await handle.db.transaction(async (tx) => {
      await jobs.send(tx, "mail", ORPHAN);
      // What a worker's fetch writes as it takes the job; its process then dies before anything else.
      await tx.execute(
        sql`update pgboss.job set state = 'active', started_on = pgboss.job_now(), heartbeat_on = pgboss.job_now()
          where name = 'mail' and data->>'to' = ${ORPHAN.to}`,
      );
    });
    await expect.poll(() => sent, { timeout: 45_000, interval: 200 }).toContain(ORPHAN.to);
    // Not before its heartbeat was missed: a live worker is never cut short.
    expect(Date.now() - taken).toBeGreaterThanOrEqual(10_000);
    expect(sent.filter((to) => to === ORPHAN.to)).toHaveLength(1);
    await expect.poll(() => jobOf(ORPHAN.to)).toEqual([{ state: "completed", retry_count: 1 }]);
  });

  it("leaves a live handler slower than the heartbeat alone: worked once", { timeout: 60_000 }, async () => {
    await handle.db.transaction((tx) => jobs.send(tx, "mail", SLOW));
    await expect.poll(() => sent, { timeout: 45_000, interval: 200 }).toContain(SLOW.to);
    // A few supervisions more: nothing takes it again.
    await sleep(3_000);
    expect(sent.filter((to) => to === SLOW.to)).toHaveLength(1);
    expect(await jobOf(SLOW.to)).toEqual([{ state: "completed", retry_count: 0 }]);
  });
});
