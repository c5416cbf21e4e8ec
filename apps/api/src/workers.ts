import type { FastifyBaseLogger } from "fastify";
import { advanceSandboxCaptureJob } from "./capture/sandbox-provider.ts";
import { sendConsultationReminders } from "./consultation/consultation-service.ts";
import type { Deps } from "./deps.ts";
import { sealEvidence } from "./diary/diary-seal.ts";
import { buildDossier } from "./diary/dossier-service.ts";
import { type JobPayloads, jobFailedMessage, type QueueName } from "./jobs/job-queue.ts";
import { storeSessionFiles, syncOpenSessions } from "./legalization/legalization-service.ts";
import { settleExpiredOrder, settleStaleOrders } from "./orders/order-settlement.ts";
import { deliverSandboxEvent } from "./payments/sandbox-webhook.ts";
import { mailUnreadMessage } from "./practices/practice-comments-service.ts";
import { sendDeadlineReminders } from "./reminders/reminders-service.ts";
import { applyRetention } from "./retention/retention-service.ts";
import { mailSupportAnswer } from "./support/support-service.ts";
import { buildDataExport, sweepDataExports } from "./users/own-data-service.ts";

// The job queue's workers (ADR 012): above the use cases they call, as the routes are, so jobs/ stays the
// queue alone, under every use case that queues a job.

/** Each queue's handler: a queue without one does not compile. */
const HANDLERS: {
  [Q in QueueName]: (deps: Deps, data: JobPayloads[Q], log: FastifyBaseLogger) => Promise<void>;
} = {
  // A failure (SMTP down, a refused recipient) throws: pg-boss retries, then dead-letters it.
  mail: async (deps, mail) => {
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      deps.metrics.mails.inc({ outcome: "failed" });
      throw error;
    }
    deps.metrics.mails.inc({ outcome: "sent" });
  },
  // A webhook that does not answer 2xx throws: retried like Stripe's deliveries, then dead-lettered.
  "sandbox-event": deliverSandboxEvent,
  // The schedule's jobs carry no data (null): the sweep.
  "orders-settle": async (deps, data) => {
    if (data?.orderId) await settleExpiredOrder(deps, data.orderId);
    else await settleStaleOrders(deps);
  },
  "deadline-reminders": async (deps) => {
    await sendDeadlineReminders(deps);
  },
  // Each pass logged with its counts (ADR 039): what was deleted, never whose.
  "files-retention": async (deps, _data, log) => {
    log.info({ queue: "files-retention", ...(await applyRetention(deps)) }, "retention pass done");
  },
  "legalization-sandbox": (deps, { id }) => advanceSandboxCaptureJob(deps, id),
  "legalization-sync": syncOpenSessions,
  "legalization-files": (deps, { sessionId }) => storeSessionFiles(deps, sessionId),
  "conversation-mail": (deps, { commentId }) => mailUnreadMessage(deps, commentId),
  "support-mail": mailSupportAnswer,
  "consultation-reminders": async (deps) => {
    await sendConsultationReminders(deps);
  },
  "data-export": buildDataExport,
  "data-exports-sweep": async (deps) => {
    await sweepDataExports(deps);
  },
  "evidence-seal": sealEvidence,
  "diary-dossier": buildDossier,
};

/** Starts the queue and works every queue in this process. */
export async function startWorkers(deps: Deps, log: FastifyBaseLogger): Promise<void> {
  const code = (error: unknown) => (error as { code?: unknown } | null)?.code;
  // The queue's own failures (a poll, a maintenance pass) carry no job's data.
  await deps.jobs.start((error) =>
    log.error({ err: { message: error.message, code: code(error) } }, "job queue error"),
  );
  for (const queue of Object.keys(HANDLERS) as QueueName[]) {
    await deps.jobs.work(queue, async (data, attempt) => {
      try {
        await HANDLERS[queue](deps, data as never, log);
      } catch (error) {
        // A job's failure may quote what it carried (an SMTP server naming the recipient): the log keeps its
        // code only; the admin workspace shows the message, without the payload, once it is dead-lettered.
        log.warn({ queue, code: code(error), ...attempt }, jobFailedMessage(attempt));
        deps.metrics.jobFailures.inc({ queue });
        throw error;
      }
    });
  }
}
