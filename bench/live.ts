// The chat's fan-out (ADR 030): how long a signal published by one API process takes to reach another, p50
// and p95, on the embedded default (one process, an event emitter) and on PostgreSQL (NOTIFY through one
// process's pool, LISTEN on the other's own connection, in a throwaway database), and the ratio of the two.
// Signals go one at a time, each timed from publish to arrival. PostgreSQL is skipped, with a line saying
// so, when unreachable. Never pass/fail on times.

import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { createInProcessFanOut, type FanOut } from "@argine/api/fan-out/fan-out";
import { createPostgresFanOut } from "@argine/api/fan-out/postgres-fan-out";
import pg from "pg";

export interface LiveBenchOptions {
  smoke: boolean;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Publishes `count` signals through `here`, each timed until `there` hears it. */
async function latencies(here: FanOut, there: FanOut, count: number): Promise<number[]> {
  const times: number[] = [];
  const conversationId = randomUUID();
  for (let i = 0; i < count; i++) {
    const ref = `bench-${i}`;
    const heard = new Promise<void>((resolve) => {
      const stop = there.subscribe((signal) => {
        if (signal.ref !== ref) return;
        stop();
        resolve();
      });
    });
    const start = performance.now();
    await here.publish({ conversation: { practiceId: conversationId }, kind: "message", ref });
    await heard;
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

function report(name: string, times: number[]) {
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  console.info(
    `${name.padEnd(34)} p50 ${p50.toFixed(3)} ms, p95 ${p95.toFixed(3)} ms (${times.length} signals)`,
  );
  return p50;
}

export async function liveBench({ smoke }: LiveBenchOptions): Promise<void> {
  const count = smoke ? 50 : 500;
  console.info("\nLive delivery (the chat's fan-out, ADR 030)");
  const local = createInProcessFanOut();
  const localP50 = report("in-process:", await latencies(local, local, count));
  await local.close();

  const base =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/test";
  const name = `argine_bench_live_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch {
    console.info("PostgreSQL: unreachable, skipped");
    return;
  }
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const pools = [1, 2].map(() => {
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    // As db's openDb does: a connection ended by the database's drop must not end the bench.
    pool.on("error", () => {});
    return pool;
  });
  try {
    const [here, there] = await Promise.all(pools.map((pool) => createPostgresFanOut(url.toString(), pool)));
    if (!here || !there) throw new Error("two fan-outs");
    await latencies(here, there, 10); // warm-up
    const pgP50 = report("PostgreSQL, process to process:", await latencies(here, there, count));
    console.info(`ratio PostgreSQL/in-process (p50):  ${(pgP50 / localP50).toFixed(1)}`);
    await here.close();
    await there.close();
  } finally {
    for (const pool of pools) await pool.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
