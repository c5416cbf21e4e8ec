import type { Db } from "@argine/db/client";
import { TestClock } from "pg-boss";
import type { Deps } from "../src/deps.ts";
import type { JobPayloads, JobQueue, QueueName } from "../src/jobs/job-queue.ts";
import { testConfig } from "./helpers.ts";
import { MemoryMailer } from "./identity.ts";
import { MemoryPayments } from "./payments.ts";

/** A job queue that only records what a use case queued, and in which transaction handle. */
export class RecordingJobs implements JobQueue {
  readonly sent: { tx: Db; queue: QueueName; data: JobPayloads[QueueName] }[] = [];
  /** Set to make every send throw, as a queue that cannot store its job would. */
  failing = false;
  async send<Q extends QueueName>(tx: Db, queue: Q, data: JobPayloads[Q]) {
    if (this.failing) throw new Error("job not stored");
    this.sent.push({ tx, queue, data });
  }
  async work() {}
  async deadLetters() {
    return [];
  }
  async retryDeadLetter() {
    return false;
  }
  async start() {}
  async stop() {}
}

/**
 * What a service takes, on a test database, for calling it without HTTP: a clock the test sets (only its
 * `now` is read) and a recording job queue.
 */
export function serviceDeps(db: Db, at: Date | string = new Date()) {
  const clock = new TestClock(at);
  const jobs = new RecordingJobs();
  const payments = new MemoryPayments();
  const deps: Deps = {
    config: testConfig(),
    db,
    clock,
    mailer: new MemoryMailer(),
    jobs,
    identity: null,
    payments,
    csp: [],
  };
  return { deps, clock, jobs, payments };
}
