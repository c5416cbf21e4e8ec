import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

// The app's Prometheus series, all of them here (docs/runbook.md lists them). Each app gets its own
// registry, never prom-client's global one: tests build several apps in one process, and each must count
// its own. Labels are closed sets (a route's pattern, a queue, a code), never an id, an address or a token.
// This folder imports nothing of the app: the use cases count through deps.metrics, and what is read at
// scrape time (the job queue, the pool) is handed in by shape (adapters.ts).

/** What the job queue holds, by queue: jobs waiting (deferred ones too), and dead letters by their source. */
export interface JobCounts {
  queued: Record<string, number>;
  deadLetters: Record<string, number>;
}

/** A connection pool's connections now: open, idle among them, and the queries waiting for one. */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
}

/** What the gauges read at each scrape. */
export interface MetricSources {
  /** The job queue: its counts, and on PostgreSQL its own pool (null on PGlite, or while it is stopped). */
  jobs?: { counts(): Promise<JobCounts>; pool?(): PoolCounts | null };
  /** PostgreSQL's pg.Pool; none on PGlite (one connection inside the process: no pool to watch). */
  pool?: { totalCount: number; idleCount: number; waitingCount: number } | null;
}

export interface Metrics {
  readonly registry: Registry;
  httpRequests: Counter<"method" | "route" | "status">;
  httpDuration: Histogram<"method" | "route">;
  /** Errors answered, by AppError code (http/errors.ts, the not-found handler). */
  errors: Counter<"code">;
  jobFailures: Counter<"queue">;
  /** Card payments' outcomes where they are decided (orders/order-settlement.ts, orders-service.ts). */
  payments: Counter<"provider" | "outcome">;
  /** The mail job's attempts: sent, or failed (to be retried or dead-lettered). */
  mails: Counter<"outcome">;
  websocketConnections: Gauge;
  /** The series in Prometheus' text format, with the process's own (metrics/metrics.ts processRegistry). */
  text(): Promise<string>;
  readonly contentType: string;
}

/** The route label of a request no route matched (the site's pages, /oidc, a 404). */
export const UNMATCHED_ROUTE = "unmatched";

export type PaymentOutcome = "succeeded" | "requires_action" | "failed" | "abandoned";

export function createMetrics(sources: MetricSources = {}): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const processSeries = processRegistry();
  const { jobs, pool } = sources;

  // The job queue is asked once per scrape for both of its gauges (prom-client collects them together).
  let counts: Promise<JobCounts | null> | null = null;
  const readCounts = () => {
    counts ??= (jobs?.counts() ?? Promise.resolve(null))
      // A queue that cannot answer (the database restarting) leaves its series out of this scrape, rather
      // than failing the others.
      .catch(() => null)
      .finally(() =>
        setImmediate(() => {
          counts = null;
        }),
      );
    return counts;
  };
  const queueGauge = (name: string, help: string, pick: (counts: JobCounts) => Record<string, number>) =>
    new Gauge({
      name,
      help,
      labelNames: ["queue"],
      registers,
      async collect() {
        this.reset();
        const current = await readCounts();
        for (const [queue, value] of Object.entries(current ? pick(current) : {})) this.set({ queue }, value);
      },
    });
  queueGauge(
    "argine_jobs_queued",
    "Jobs waiting on each queue (deferred ones and retries included), as pg-boss last counted them.",
    (c) => c.queued,
  );
  queueGauge(
    "argine_dead_letters",
    "Jobs that failed every attempt and wait for an admin, by the queue they came from.",
    (c) => c.deadLetters,
  );
  // Two pools on PostgreSQL: the app's (requests, use cases) and pg-boss's own (fetching, settling and
  // scheduling jobs). A process working jobs while few requests come uses the second one only: the app's
  // closes its idle connections after 10 s and reads 0, so both are shown, by `pool`.
  if (pool)
    new Gauge({
      name: "argine_db_pool_connections",
      help: "PostgreSQL pool connections by pool (app, jobs): total open, idle, and queries waiting for one.",
      labelNames: ["pool", "state"],
      registers,
      collect() {
        this.reset();
        const pools: [string, PoolCounts | null | undefined][] = [
          ["app", { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }],
          ["jobs", jobs?.pool?.()],
        ];
        for (const [name, counts] of pools) {
          if (!counts) continue;
          this.set({ pool: name, state: "total" }, counts.total);
          this.set({ pool: name, state: "idle" }, counts.idle);
          this.set({ pool: name, state: "waiting" }, counts.waiting);
        }
      },
    });

  return {
    registry,
    httpRequests: new Counter({
      name: "argine_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status.",
      labelNames: ["method", "route", "status"],
      registers,
    }),
    httpDuration: new Histogram({
      name: "argine_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method and route pattern.",
      labelNames: ["method", "route"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    errors: new Counter({
      name: "argine_errors_total",
      help: "Error answers, by AppError code.",
      labelNames: ["code"],
      registers,
    }),
    jobFailures: new Counter({
      name: "argine_job_failures_total",
      help: "Job attempts that failed (each then retried or dead-lettered), by queue.",
      labelNames: ["queue"],
      registers,
    }),
    payments: new Counter({
      name: "argine_payments_total",
      help: "Card payments' outcomes (succeeded, requires_action, failed, abandoned), by provider.",
      labelNames: ["provider", "outcome"],
      registers,
    }),
    mails: new Counter({
      name: "argine_mails_total",
      help: "Mail job attempts, sent or failed.",
      labelNames: ["outcome"],
      registers,
    }),
    websocketConnections: new Gauge({
      name: "argine_websocket_connections",
      help: "Live sockets (/v1/live) open now.",
      registers,
    }),
    async text() {
      return (await Promise.all([registry.metrics(), processSeries.metrics()])).join("\n");
    },
    contentType: registry.contentType,
  };
}

let processMetrics: Registry | null = null;

/**
 * prom-client's default series (CPU, memory, event loop lag, GC, handles): one registry for the process,
 * made at the first call, since they describe the process whatever app asks (each collection keeps an
 * event-loop monitor and a GC observer running for good: one per process, not one per app a test builds).
 */
export function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}
