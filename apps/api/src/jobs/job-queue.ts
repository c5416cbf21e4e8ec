import type { Db, DbHandle } from "@argine/db/client";
import { sql } from "drizzle-orm";
import { type DrizzleTransactionLike, fromDrizzle, fromPglite, PgBoss, type Queue } from "pg-boss";
import type { Clock } from "../clock.ts";
import type { Mail } from "../mail/mailer.ts";

/** Every queue the API works, with the payload its jobs carry. A new kind of job starts here. */
export interface JobPayloads {
  mail: Mail;
}
export type QueueName = keyof JobPayloads;

/** A job that failed every attempt, as the admin workspace shows it: where and when, never its payload. */
export interface DeadLetter {
  id: string;
  queue: string;
  /** When the original job was first queued. */
  queuedAt: Date;
  /** When its last attempt failed. */
  failedAt: Date;
  attempts: number;
  error: string;
}

export interface JobQueue {
  /**
   * Queues a job inside the caller's transaction (the `tx` of `db.transaction`), so a use case that rolls
   * back sends nothing and one that commits cannot lose its job.
   */
  send<Q extends QueueName>(tx: Db, queue: Q, data: JobPayloads[Q]): Promise<void>;
  /** Works `queue` in this process; a throw is retried with backoff, the last failure is dead-lettered. */
  work<Q extends QueueName>(queue: Q, handler: (data: JobPayloads[Q]) => Promise<void>): Promise<void>;
  deadLetters(): Promise<DeadLetter[]>;
  /** Puts a dead-lettered job back on its queue for a new round of attempts; false if there is none. */
  retryDeadLetter(id: string): Promise<boolean>;
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones (up to `timeoutMs`). */
  stop(timeoutMs: number): Promise<void>;
}

export const DEAD_LETTER_QUEUE = "dead-letters";

// Mails go out within the hour when SMTP comes back: 30 s, 1, 2, 4… minutes, capped at an hour, for a day.
const RETRIES = { retryLimit: 30, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 } as const;
// A dead letter's payload is personal data (an address, a name): it leaves after 30 days.
const DEAD_LETTER_RETENTION_SECONDS = 30 * 24 * 3600;

const QUEUES: Record<QueueName, Omit<Queue, "name">> = {
  mail: { ...RETRIES, deadLetter: DEAD_LETTER_QUEUE, notify: true },
};

export interface JobQueueOptions {
  /** Per-queue overrides (tests shorten the retries). */
  queues?: Partial<Record<QueueName, Partial<Omit<Queue, "name">>>>;
  pollingIntervalSeconds?: number;
}

/**
 * pg-boss on the application's own database: on PostgreSQL with its own small pool (LISTEN/NOTIFY wakes the
 * workers; replicas share the work), on PGlite through the same instance (pg-boss's `fromPglite`). Its
 * tables live in the `pgboss` schema, which it creates and migrates itself.
 */
export function createJobQueue(
  handle: DbHandle,
  clock: Clock,
  { queues = {}, pollingIntervalSeconds = 2 }: JobQueueOptions = {},
): JobQueue {
  const boss =
    handle.engine.kind === "pglite"
      ? new PgBoss({ db: fromPglite(handle.engine.pglite), backend: "pglite", clock, useListenNotify: true })
      : new PgBoss({ connectionString: handle.engine.databaseUrl, max: 4, clock, useListenNotify: true });
  // pg-boss reports a failing poll (the database restarting…) as an event; unheard it would end the process.
  boss.on("error", () => {});
  let started: Promise<unknown> | null = null;

  return {
    async send(tx, queue, data) {
      // Db's execute is typed for either driver; both answer with the rows pg-boss reads.
      await boss.send(queue, data, { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) });
    },
    async work(queue, handler) {
      await boss.work<JobPayloads[typeof queue]>(queue, { pollingIntervalSeconds }, async ([job]) => {
        if (job) await handler(job.data);
      });
    },
    async deadLetters() {
      const jobs = await boss.findJobs<unknown>(DEAD_LETTER_QUEUE, { queued: true, limit: 200 });
      return jobs.map((job) => ({
        id: job.id,
        queue: job.sourceName ?? "?",
        queuedAt: job.sourceCreatedOn ?? job.createdOn,
        failedAt: job.createdOn,
        attempts: (job.sourceRetryCount ?? 0) + 1,
        error: errorMessage((job as { sourceOutput?: unknown }).sourceOutput),
      }));
    },
    async retryDeadLetter(id) {
      return (await boss.redrive(DEAD_LETTER_QUEUE, { ids: [id] })) > 0;
    },
    async start() {
      started ??= (async () => {
        await boss.start();
        await boss.createQueue(DEAD_LETTER_QUEUE, { retentionSeconds: DEAD_LETTER_RETENTION_SECONDS });
        for (const [name, options] of Object.entries(QUEUES) as [QueueName, Omit<Queue, "name">][]) {
          await boss.createQueue(name, { ...options, ...queues[name] });
        }
      })();
      await started;
    },
    async stop(timeoutMs) {
      if (!started) return;
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}

/** The failure's message alone: a stack or a payload has no place on an admin page. */
function errorMessage(output: unknown): string {
  const message = (output as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message.slice(0, 500) : "Errore sconosciuto";
}
