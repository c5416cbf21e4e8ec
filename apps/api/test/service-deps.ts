import type { Db } from "@argine/db/client";
import { TestClock } from "pg-boss";
import { createCaptureProvider } from "../src/capture/capture-providers.ts";
import type { Clock } from "../src/clock.ts";
import type { Config } from "../src/config.ts";
import type { Deps } from "../src/deps.ts";
import { createInProcessFanOut } from "../src/fan-out/fan-out.ts";
import type { JobPayloads, JobQueue, QueueName } from "../src/jobs/job-queue.ts";
import type { Mail } from "../src/mail/mailer.ts";
import { createMetrics } from "../src/metrics/metrics.ts";
import { createPaymentProvider } from "../src/payments/payments.ts";
import { memoryRateLimits } from "../src/rate-limits/rate-limits.ts";
import { createDiskStorage } from "../src/storage/disk-storage.ts";
import type { Storage } from "../src/storage/storage.ts";
import { createTimestampAuthority } from "../src/timestamps/create-timestamps.ts";
import { testConfig } from "./helpers.ts";
import { MemoryMailer } from "./identity.ts";

/** A job queue that only records what a use case queued, and in which transaction handle. */
export class RecordingJobs implements JobQueue {
  readonly sent: {
    tx: Db;
    queue: QueueName;
    data: JobPayloads[QueueName];
    options?: { startAfterSeconds?: number } | undefined;
  }[] = [];
  /** What the mail jobs carry, in the order they were queued. */
  get mails(): Mail[] {
    return this.sent.flatMap((job) => (job.queue === "mail" ? [job.data as Mail] : []));
  }
  /** Set to make every send throw, as a queue that cannot store its job would. */
  failing = false;
  async send<Q extends QueueName>(
    tx: Db,
    queue: Q,
    data: JobPayloads[Q],
    options?: { startAfterSeconds?: number },
  ) {
    if (this.failing) throw new Error("job not stored");
    this.sent.push({ tx, queue, data, options });
  }
  async work() {}
  async deadLetters() {
    return [];
  }
  async retryDeadLetter() {
    return false;
  }
  async forgetMailsTo(_tx: Db, address: string) {
    const kept = this.sent.filter((job) => job.queue !== "mail" || (job.data as Mail).to !== address);
    const forgotten = this.sent.length - kept.length;
    this.sent.splice(0, this.sent.length, ...kept);
    return forgotten;
  }
  async counts() {
    return { queued: {}, deadLetters: {} };
  }
  async start() {}
  async stop() {}
}

/** The disk storage of a test configuration (its fixed key), on the test's clock. */
export function testStorage(config: Config, clock: Clock): Storage {
  if (config.storage.engine !== "disk" || !config.storage.masterKey)
    throw new Error("a test configuration has the disk storage and its key");
  const { dir, masterKey } = config.storage;
  return createDiskStorage({ dir, masterKey, publicUrl: config.publicUrl }, clock);
}

/**
 * What a service takes, on a test database, for calling it without HTTP: a clock the test sets (only its
 * `now` is read), a recording job queue (the sandbox's events stay in it, undelivered), and the payment
 * sandbox.
 */
export function serviceDeps(db: Db, at: Date | string = new Date()) {
  const clock = new TestClock(at);
  const jobs = new RecordingJobs();
  const config = testConfig();
  const deps: Deps = {
    config,
    db,
    clock,
    mailer: new MemoryMailer(),
    jobs,
    identity: null,
    payments: createPaymentProvider(config.payments, { db, jobs, clock }),
    storage: testStorage(config, clock),
    legalization: createCaptureProvider(config.legalization, {
      db,
      jobs,
      clock,
      storage: testStorage(config, clock),
    }),
    timestamps: createTimestampAuthority(config.timestamps, clock),
    fanOut: createInProcessFanOut(),
    rateLimits: memoryRateLimits(),
    csp: [],
    metrics: createMetrics(),
  };
  return { deps, clock, jobs, payments: deps.payments };
}
