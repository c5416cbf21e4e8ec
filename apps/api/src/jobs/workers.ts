import type { Deps } from "../deps.ts";
import type { JobPayloads, QueueName } from "./job-queue.ts";

/** Each queue's handler: a queue without one does not compile. */
const HANDLERS: { [Q in QueueName]: (deps: Deps, data: JobPayloads[Q]) => Promise<void> } = {
  // A failure (SMTP down, a refused recipient) throws: pg-boss retries, then dead-letters it.
  mail: (deps, mail) => deps.mailer.send(mail),
};

/** Starts the queue and works every queue in this process. */
export async function startWorkers(deps: Deps): Promise<void> {
  await deps.jobs.start();
  for (const queue of Object.keys(HANDLERS) as QueueName[]) {
    await deps.jobs.work(queue, (data) => HANDLERS[queue](deps, data as never));
  }
}
