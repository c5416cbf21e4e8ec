import type { Db, DbHandle } from "@argine/db/client";
import { sql } from "drizzle-orm";
import { type DrizzleTransactionLike, fromDrizzle, fromPglite, PgBoss, type Queue } from "pg-boss";
import type { Clock } from "../clock.ts";
import { DEFAULT_MAIL_RETRY, type RetryPolicy } from "../config.ts";
import { withLogContext } from "../log-context.ts";
import type { Mail } from "../mail/mailer.ts";
import type { StripeEvent } from "../payments/stripe-events.ts";

/** Every queue the API works, with the payload its jobs carry. A new kind of job starts here. */
export interface JobPayloads {
  mail: Mail;
  /** An event of the payment sandbox for the app's webhook, signed when it is posted (payments/). */
  "sandbox-event": { event: StripeEvent };
  /**
   * The orders left awaiting their payment: paid if the provider says so, abandoned otherwise (ADR 014).
   * With an order's id, that order at its expiry (queued when it is created); without, the periodic sweep.
   */
  "orders-settle": { orderId?: string };
  /** The complaint deadline's reminders due today, mailed once each (reminders/). */
  "deadline-reminders": Record<string, never>;
  /** The legalization files' retention: warnings 30 and 7 days before, deletion at expiry (retention/). */
  "files-retention": Record<string, never>;
  /** The capture sandbox's next move of one of its sessions (capture/sandbox-provider.ts). */
  "legalization-sandbox": { id: string };
  /** The capture sessions not yet ended, asked of their provider again (legalization/legalization-service.ts). */
  "legalization-sync": Record<string, never>;
  /** A successful capture's files, copied from its provider into the app's storage (legalization/). */
  "legalization-files": { sessionId: string };
  /** A message still unread a while after it was written: its reader is mailed that it waits (practices/). */
  "conversation-mail": { commentId: string };
  /** The team's support answer still unread a while after it was written: the person is mailed (support/). */
  "support-mail": { threadId: string; messageId: string };
  /** The free consultations starting within a day, reminded once each (consultation/, ADR 031). */
  "consultation-reminders": Record<string, never>;
  /** "Scarica i miei dati": one account's ZIP built, stored and its link mailed (users/own-data-service.ts). */
  "data-export": { userId: string };
  /** The exports whose link expired, their ZIPs deleted (users/own-data-service.ts). */
  "data-exports-sweep": Record<string, never>;
  /**
   * A piece of evidence's hash sealed by the TSA (timestamps/, ADR 042): a diary version or attachment
   * (diary/diary-seal.ts), or a capture's manifest (legalization/).
   */
  "evidence-seal": { kind: "diary-version" | "diary-attachment" | "legalization-manifest"; id: string };
  /** "Prepara il dossier": a diary's PDF and ZIP made and stored, its progress written as it goes (diary/). */
  "diary-dossier": { dossierId: string };
}
export type QueueName = keyof JobPayloads;

/** Which attempt of its job a handler runs, so that its failure's line says what comes next. */
export interface JobAttempt {
  /** 1 for the first. */
  attempt: number;
  /** The job's attempts in all: the first and its retries. */
  attempts: number;
  /** Whether the job waits among the dead letters after its last failed attempt (else it is dropped). */
  deadLettered: boolean;
}

/**
 * The log line of a failed attempt: whether it will be tried again, or was the last (ADR 012). A queue
 * without dead letters is a scheduled pass, whose next run does the work again.
 */
export function jobFailedMessage({ attempt, attempts, deadLettered }: JobAttempt): string {
  if (attempt < attempts) return `job failed: it will be retried (attempt ${attempt} of ${attempts})`;
  return deadLettered
    ? `job failed for the last time (attempt ${attempt} of ${attempts}): dead-lettered`
    : `job failed (attempt ${attempt} of ${attempts}): not retried, its next scheduled run does the work`;
}

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
  send<Q extends QueueName>(
    tx: Db,
    queue: Q,
    data: JobPayloads[Q],
    options?: { startAfterSeconds?: number },
  ): Promise<void>;
  /**
   * Works `queue` in this process; a throw is retried with backoff, the last failure is dead-lettered. The
   * handler is told which attempt it runs.
   */
  work<Q extends QueueName>(
    queue: Q,
    handler: (data: JobPayloads[Q], attempt: JobAttempt) => Promise<void>,
  ): Promise<void>;
  /** The dead letters, the most recent failure first (at most DEAD_LETTERS_LISTED). */
  deadLetters(): Promise<DeadLetter[]>;
  /**
   * Puts a dead-lettered job back on its queue for a new round of attempts, inside the caller's transaction
   * (with the audit line of who did it); false if there is no such dead letter.
   */
  retryDeadLetter(tx: Db, id: string): Promise<boolean>;
  /**
   * Deletes, inside the caller's transaction, the mails to `address`, waiting, sent or dead-lettered: an
   * erased account leaves no address in the queue (ADR 037). Answers how many.
   */
  forgetMailsTo(tx: Db, address: string): Promise<number>;
  /**
   * The jobs waiting on each queue (as pg-boss last counted them, about every minute) and the dead letters
   * by the queue they came from (at most DEAD_LETTERS_LISTED counted): what the metrics read at each scrape.
   */
  counts(): Promise<JobCounts>;
  /**
   * pg-boss's own pool on PostgreSQL, apart from the app's: its connections now, for the metrics. Null on
   * PGlite (pg-boss shares the app's one connection) and while the queue is stopped; a test's stand-in for
   * the queue has none.
   */
  pool?(): PoolCounts | null;
  /** Creates the queues (or brings their settings up to date) and starts; `onError` hears what fails. */
  start(onError: (error: Error) => void): Promise<void>;
  /** Stops taking jobs and waits for the running ones (up to `timeoutMs`). */
  stop(timeoutMs: number): Promise<void>;
}

/** A pool's connections: open, idle among them, and the queries waiting for one. */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
}

/** Each queue's jobs waiting, and its dead letters: every queue named, with 0 when it has none. */
export interface JobCounts {
  queued: Record<string, number>;
  deadLetters: Record<string, number>;
}

export const DEAD_LETTER_QUEUE = "dead-letters";
export const DEAD_LETTERS_LISTED = 1000;
const BATCH_SIZE = 10;

// A dead letter's payload is personal data (an address, a name, a link): it leaves after 30 days.
const DEAD_LETTER_RETENTION_SECONDS = 30 * 24 * 3600;
// A mail sent has nothing left to do in the database, and its text may carry a link with a token whose hash
// alone is stored elsewhere: it goes at the next maintenance pass after an hour, not pg-boss's default week.
const COMPLETED_MAIL_SECONDS = 3600;

type QueueOptions = Omit<Queue, "name">;

/** The queues a schedule feeds (pg-boss cron, in the clock's time): each gets a job at every occurrence. */
const SCHEDULES: Partial<Record<QueueName, string>> = {
  "orders-settle": "*/5 * * * *",
  // Daily passes, early morning in Rome (pg-boss cron reads UTC): a missed one is caught up by the next.
  "deadline-reminders": "0 7 * * *",
  "files-retention": "30 3 * * *",
  "legalization-sync": "* * * * *",
  // Hourly: each booked consultation is reminded once, about a day before it starts.
  "consultation-reminders": "10 * * * *",
  "data-exports-sweep": "20 * * * *",
};

/**
 * A worker tells every half of this that it still works its jobs (pg-boss's heartbeat): a job whose worker
 * fell silent this long (its process killed, its machine gone) is failed at pg-boss's next supervision (a
 * minute at most) and retried like any failure. Without it such a job stayed active until pg-boss's
 * 15-minute expiry: the crash drill (scripts/cluster/crash-drill.ts, issue 39) found mails held that long.
 * Long enough for a live handler's refresh to wait behind a busy database connection.
 */
export const JOB_HEARTBEAT_SECONDS = 30;

/** The checks of an unread message, which only queue a mail. */
const UNREAD_CHECK: QueueOptions = {
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 600,
  deadLetter: DEAD_LETTER_QUEUE,
  deleteAfterSeconds: COMPLETED_MAIL_SECONDS,
  notify: true,
};

/** 5 s, then twice as long each time up to an hour apart, 20 times (most of a day), then a dead letter. */
const MOST_OF_A_DAY: QueueOptions = {
  retryLimit: 20,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 3600,
  deadLetter: DEAD_LETTER_QUEUE,
  deleteAfterSeconds: COMPLETED_MAIL_SECONDS,
  notify: true,
};

const queueOptions = (mailRetry: RetryPolicy): Record<QueueName, QueueOptions> => ({
  mail: {
    retryLimit: mailRetry.limit,
    retryDelay: mailRetry.delaySeconds,
    retryBackoff: true,
    retryDelayMax: mailRetry.maxDelaySeconds,
    deadLetter: DEAD_LETTER_QUEUE,
    deleteAfterSeconds: COMPLETED_MAIL_SECONDS,
    notify: true,
  },
  // Like Stripe, the sandbox keeps posting an event the webhook did not take (MOST_OF_A_DAY), then it waits
  // among the dead letters.
  "sandbox-event": MOST_OF_A_DAY,
  // The next occurrence does the work again: a failed pass is not retried, and its record soon goes.
  "orders-settle": { retryLimit: 0, deleteAfterSeconds: 3600 },
  // The same for the daily passes: each step is recorded once, the next day's pass does what one missed.
  "deadline-reminders": { retryLimit: 0, deleteAfterSeconds: 3600 },
  "files-retention": { retryLimit: 0, deleteAfterSeconds: 3600 },
  "consultation-reminders": { retryLimit: 0, deleteAfterSeconds: 3600 },
  "data-exports-sweep": { retryLimit: 0, deleteAfterSeconds: 3600 },
  // A build that failed (the storage down) is tried again; the account waits for its mail.
  "data-export": {
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 600,
    deadLetter: DEAD_LETTER_QUEUE,
    deleteAfterSeconds: COMPLETED_MAIL_SECONDS,
    notify: true,
  },
  // A capture's move that failed (the storage down while the evidence is written) is tried again soon: the
  // client is watching the live panel.
  "legalization-sandbox": {
    retryLimit: 10,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 300,
    deadLetter: DEAD_LETTER_QUEUE,
    deleteAfterSeconds: COMPLETED_MAIL_SECONDS,
    notify: true,
  },
  "legalization-sync": { retryLimit: 0, deleteAfterSeconds: 3600 },
  // The files a provider has not made yet are asked for again by the sync; a copy that failed (the storage
  // or the provider down) is retried like the sandbox's moves.
  "legalization-files": {
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 600,
    deadLetter: DEAD_LETTER_QUEUE,
    deleteAfterSeconds: COMPLETED_MAIL_SECONDS,
    notify: true,
  },
  // A TSA that does not answer is asked again for most of a day; the evidence keeps its hash meanwhile, and
  // the dead letter can be retried by an admin.
  "evidence-seal": MOST_OF_A_DAY,
  // A dossier that failed (the storage down) is made again; the client watches its progress.
  "diary-dossier": {
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 120,
    deadLetter: DEAD_LETTER_QUEUE,
    deleteAfterSeconds: COMPLETED_MAIL_SECONDS,
    notify: true,
  },
  // Only queue the mail (which has its own retries): a failure here is the database's, tried again soon.
  "conversation-mail": UNREAD_CHECK,
  "support-mail": UNREAD_CHECK,
});

/**
 * The heartbeat on the queues whose jobs are retried (those with dead letters): one a dead worker held is
 * retried soon. A scheduled pass's next run does its work anyway.
 */
const withHeartbeat = (queues: Record<QueueName, QueueOptions>, heartbeatSeconds: number) =>
  Object.fromEntries(
    Object.entries(queues).map(([name, options]) => [
      name,
      options.deadLetter ? { ...options, heartbeatSeconds } : options,
    ]),
  ) as Record<QueueName, QueueOptions>;

export interface JobQueueOptions {
  /** How mails are retried: config.mail.retry (createAdapters hands it), the default otherwise. */
  mailRetry?: RetryPolicy;
  /** JOB_HEARTBEAT_SECONDS unless a test sets it (pg-boss takes 10 at least). */
  heartbeatSeconds?: number;
  /** How often pg-boss supervises the queues (expiry, silent workers): its minute unless a test sets it. */
  superviseSeconds?: number;
}

/**
 * pg-boss on the application's own database: on PostgreSQL with its own small pool (LISTEN/NOTIFY wakes the
 * workers; replicas share the work), on PGlite through the same instance (pg-boss's `fromPglite`). Its
 * tables live in the `pgboss` schema, which it creates and migrates itself. Its timers and its SQL read
 * `clock`, so a test's `TestClock` moves polls and retries (ADR 012).
 */
export function createJobQueue(
  handle: DbHandle,
  clock: Clock,
  {
    mailRetry = DEFAULT_MAIL_RETRY,
    heartbeatSeconds = JOB_HEARTBEAT_SECONDS,
    superviseSeconds,
  }: JobQueueOptions = {},
): JobQueue {
  // Both of the supervision's timers: its pass, and each queue's turn in it, where silent jobs are failed.
  const supervision = superviseSeconds
    ? { superviseIntervalSeconds: superviseSeconds, monitorIntervalSeconds: superviseSeconds }
    : {};
  const boss =
    handle.engine.kind === "pglite"
      ? new PgBoss({
          db: fromPglite(handle.engine.pglite),
          backend: "pglite",
          clock,
          useListenNotify: true,
          ...supervision,
        })
      : new PgBoss({
          connectionString: handle.engine.databaseUrl,
          max: 4,
          clock,
          useListenNotify: true,
          ...supervision,
        });
  const queues = withHeartbeat(queueOptions(mailRetry), heartbeatSeconds);
  // pg-boss reports a failing poll or maintenance pass (the database restarting…) as an event: unheard it
  // would end the process, so it is swallowed until start() hands it to the log.
  let report: (error: Error) => void = () => {};
  boss.on("error", (error) => report(error));
  let started: Promise<unknown> | null = null;
  // Drizzle's execute is typed for either driver; both answer with the rows pg-boss reads.
  const within = (tx: Db) => fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);

  return {
    async send(tx, queue, data, options) {
      await boss.send(queue, data, {
        db: within(tx),
        ...(options?.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
    },
    async work(queue, handler) {
      // NOTIFY wakes the worker for a new job; a retry coming due wakes nobody, so the backstop poll runs
      // as often as the shortest retry delay (30 s in production, within pg-boss's 0.5 s floor in tests).
      const backstop = Math.min(30, Math.max(0.5, queues[queue].retryDelay ?? 30));
      const options = {
        pollingIntervalSeconds: Math.min(2, backstop),
        notifyPollingIntervalSeconds: backstop,
        // A worker waits a whole poll after each fetch: one job at a time, the mails waiting after an SMTP
        // outage would leave one per poll. A batch, and the next one at once while they come full.
        batchSize: BATCH_SIZE,
        burstWhenBatchFull: true,
        // Each job's own retry limit and dead-letter queue, as they were when it was queued.
        includeMetadata: true,
      } as const;
      await boss.work<JobPayloads[typeof queue], void, typeof options>(queue, options, async (jobs) => {
        // Each job is settled as soon as it is done, not with its batch: a mail out is recorded before the
        // next one starts, so a shutdown in the middle of a batch sends none of them twice.
        for (const job of jobs) {
          try {
            // pg-boss counts the retries so far, the first attempt's 0.
            const attempt: JobAttempt = {
              attempt: job.retryCount + 1,
              attempts: job.retryLimit + 1,
              deadLettered: Boolean(job.deadLetter),
            };
            // The handler's log lines name the job they were written for.
            await withLogContext({ jobId: job.id, queue }, () => handler(job.data, attempt));
          } catch (error) {
            await boss.fail(queue, job, { message: errorMessage(error) });
            continue;
          }
          await boss.complete(queue, job);
        }
      });
    },
    async deadLetters() {
      const jobs = await boss.findJobs(DEAD_LETTER_QUEUE, { queued: true, limit: DEAD_LETTERS_LISTED });
      return jobs
        .map((job) => ({
          id: job.id,
          queue: job.sourceName ?? DEAD_LETTER_QUEUE,
          queuedAt: job.sourceCreatedOn ?? job.createdOn,
          failedAt: job.createdOn,
          // retry_count counts the attempts after the first.
          attempts: (job.sourceRetryCount ?? 0) + 1,
          error: errorMessage(job.sourceOutput) || "Errore sconosciuto",
        }))
        .sort((a, b) => b.failedAt.getTime() - a.failedAt.getTime());
    },
    async retryDeadLetter(tx, id) {
      return (await boss.redrive(DEAD_LETTER_QUEUE, { ids: [id], db: within(tx) })) > 0;
    },
    async forgetMailsTo(tx, address) {
      let forgotten = 0;
      // The mail's own data is the job's (a dead letter keeps its source's): matched by its recipient. Sent
      // ones go too (kept an hour otherwise); one being sent at this moment is left to finish.
      for (const queue of ["mail", DEAD_LETTER_QUEUE]) {
        const jobs = await boss.findJobs(queue, { data: { to: address }, db: within(tx) });
        const ids = jobs.filter((job) => job.state !== "active").map((job) => job.id);
        if (ids.length === 0) continue;
        await boss.deleteJob(queue, ids, { db: within(tx) });
        forgotten += ids.length;
      }
      return forgotten;
    },
    async counts() {
      const names = Object.keys(queues);
      const queued = Object.fromEntries(names.map((name) => [name, 0]));
      const deadLetters = { ...queued };
      for (const queue of await boss.getQueues(names)) queued[queue.name] = queue.queuedCount;
      const letters = await boss.findJobs(DEAD_LETTER_QUEUE, { queued: true, limit: DEAD_LETTERS_LISTED });
      for (const letter of letters) {
        const source = letter.sourceName ?? DEAD_LETTER_QUEUE;
        deadLetters[source] = (deadLetters[source] ?? 0) + 1;
      }
      return { queued, deadLetters };
    },
    pool() {
      const counts = handle.engine.kind === "postgres" ? boss.getDb().poolCounts?.() : null;
      return counts ? { total: counts.total, idle: counts.idle, waiting: counts.waiting } : null;
    },
    async start(onError) {
      report = onError;
      started ??= (async () => {
        await boss.start();
        // createQueue leaves an existing queue as it is: its settings are brought up to date after, so a
        // changed retry policy holds from the next start on (for jobs queued from then on).
        const ensure = async (name: string, options: QueueOptions) => {
          await boss.createQueue(name, options);
          await boss.updateQueue(name, options);
        };
        await ensure(DEAD_LETTER_QUEUE, { retentionSeconds: DEAD_LETTER_RETENTION_SECONDS });
        for (const [name, options] of Object.entries(queues)) await ensure(name, options);
        for (const [name, cron] of Object.entries(SCHEDULES)) await boss.schedule(name, cron);
      })();
      await started;
    },
    async stop(timeoutMs) {
      if (!started) return;
      // Closes the pool pg-boss opened on PostgreSQL; a PGlite instance stays open for its owner.
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}

// Something shaped like an e-mail address, as SMTP servers quote the recipient they refuse.
const ADDRESS = /[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+/g;

/**
 * A failure's message alone, what a job's output keeps of it and the admin page shows: no stack, and no
 * address an SMTP server quoted (the page shows no payload, and the recipient is the payload's).
 */
function errorMessage(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message.slice(0, 500).replace(ADDRESS, "[indirizzo]") : "";
}
