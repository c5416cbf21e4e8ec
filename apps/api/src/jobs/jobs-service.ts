import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import type { DeadLetter } from "@argine/core/jobs/jobs-api";
import { jobsPolicy } from "@argine/core/jobs/policy";
import { MESSAGES } from "@argine/core/shared/messages";
import type { Db } from "@argine/db/client";
import { audit } from "../audit/audit.ts";
import { authorizeAction } from "../identity/authorize.ts";
import type { JobQueue } from "./job-queue.ts";

// The jobs that failed every attempt (ADR 012): admins see where, when and why, and put one back on its
// queue. The payload stays in the database: the list never carries it (jobs/job-queue.ts). They take the
// queue and the database alone (a Deps fits): jobs/ is under every use case that queues a job, and imports none.

type QueueDeps = { db: Db; jobs: JobQueue };

export async function listDeadLetters(deps: QueueDeps, actor: Actor): Promise<DeadLetter[]> {
  authorizeAction(jobsPolicy(actor, "read-dead-letters"));
  const letters = await deps.jobs.deadLetters();
  return letters.map((letter) => ({
    ...letter,
    queuedAt: letter.queuedAt.toISOString(),
    failedAt: letter.failedAt.toISOString(),
  }));
}

/** Puts the dead letter back on its queue for a new round of attempts, with the audit line of who did. */
export async function retryDeadLetter(
  deps: QueueDeps,
  actor: Actor,
  id: string,
): Promise<{ message: string }> {
  authorizeAction(jobsPolicy(actor, "retry-dead-letter"));
  await deps.db.transaction(async (tx) => {
    if (!(await deps.jobs.retryDeadLetter(tx, id))) throw new AppError("NOT_FOUND", MESSAGES.deadLetterGone);
    await audit(tx, actor, "dead-letter.retry", id);
  });
  return { message: MESSAGES.deadLetterRetried };
}
