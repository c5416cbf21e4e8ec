import { openTestDb } from "@argine/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../clock.ts";
import { createJobQueue, type JobQueue } from "../jobs/job-queue.ts";
import { createMetrics, type Metrics } from "./metrics.ts";

// argine_db_pool_connections shows what a busy process holds: the app's pool while its queries run, and the
// job queue's own pool, which a process working jobs uses while the app's stands idle (and empties).

describe.runIf(process.env.TEST_DATABASE_URL)("the database pools' gauge on PostgreSQL", () => {
  let handle: Awaited<ReturnType<typeof openTestDb>>;
  let jobs: JobQueue;
  let metrics: Metrics;
  let poolSize = 0;

  beforeAll(async () => {
    handle = await openTestDb("postgres");
    jobs = createJobQueue(handle, systemClock);
    await jobs.start(() => {});
    if (handle.engine.kind !== "postgres") throw new Error("expected PostgreSQL");
    metrics = createMetrics({ jobs, pool: handle.engine.pool });
    poolSize = handle.engine.pool.options.max ?? 10;
  });
  afterAll(async () => {
    await jobs?.stop(1000);
    await handle?.close();
  });

  const gauge = async () => {
    const text = await metrics.text();
    return Object.fromEntries(
      [...text.matchAll(/^argine_db_pool_connections\{pool="(\w+)",state="(\w+)"\} (\d+)$/gm)].map((m) => [
        `${m[1]} ${m[2]}`,
        Number(m[3]),
      ]),
    );
  };

  it("counts the app's connections in use and the queries waiting while they run", async () => {
    // Two more queries than the pool has connections: every connection busy, two waiting.
    const running = Promise.all(
      Array.from({ length: poolSize + 2 }, () => handle.db.execute(sql`select pg_sleep(0.6)`)),
    );
    await expect
      .poll(gauge, { timeout: 5_000, interval: 50 })
      .toMatchObject({ "app total": poolSize, "app idle": 0, "app waiting": 2 });
    await running;
    expect(await gauge()).toMatchObject({ "app total": poolSize, "app idle": poolSize, "app waiting": 0 });
  });

  it("counts the job queue's own pool apart", async () => {
    const jobsPool = await gauge();
    expect(jobsPool["jobs total"]).toBeGreaterThan(0);
    expect(jobsPool["jobs idle"]).toBeGreaterThanOrEqual(0);
    expect(jobsPool["jobs waiting"]).toBe(0);
  });
});
