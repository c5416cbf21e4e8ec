import { z } from "zod";

// The admin workspace's view of the job queue (ADR 012): the jobs that failed every attempt and wait in the
// dead-letter queue, and putting one back. Where and when a job failed and why, never what it carried (an
// address, a name, a link with a token).

export const DeadLetterSchema = z.object({
  id: z.uuid(),
  /** The queue the job failed on ("mail"). */
  queue: z.string(),
  /** When the job was first queued (ISO instant). */
  queuedAt: z.iso.datetime(),
  /** When its last attempt failed. */
  failedAt: z.iso.datetime(),
  attempts: z.number().int().min(1),
  /** The last failure's message, as the failing service gave it. */
  error: z.string(),
});
export type DeadLetter = z.infer<typeof DeadLetterSchema>;

/** The dead letters, the most recent failure first. */
export const DeadLetterListSchema = z.array(DeadLetterSchema);

export const DeadLetterParamsSchema = z.object({ id: z.uuid() });

export const DeadLetterRetrySchema = z.object({ message: z.string() });

/** What the admin reads for each queue. */
const QUEUE_LABELS: Record<string, string> = { mail: "Email" };

export const jobQueueLabel = (queue: string): string => QUEUE_LABELS[queue] ?? queue;
