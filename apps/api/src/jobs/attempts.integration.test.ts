import { openTestDb, testDbKinds } from "@argine/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../clock.ts";
import { createJobQueue, type JobAttempt, type JobQueue, jobFailedMessage } from "./job-queue.ts";

// A failed job's log line says what comes next, from the attempt pg-boss is running: another attempt, the
// dead letters after the last one, or nothing but the next scheduled run. One retry a second after the first
// attempt, so the whole round is seen in real time.

describe.each(testDbKinds())("a failed job's line on %s", (kind) => {
  let handle: Awaited<ReturnType<typeof openTestDb>>;
  let jobs: JobQueue;
  const seen: { queue: string; attempt: JobAttempt }[] = [];

  beforeAll(async () => {
    handle = await openTestDb(kind);
    jobs = createJobQueue(handle, systemClock, {
      mailRetry: { limit: 1, delaySeconds: 1, maxDelaySeconds: 1 },
    });
    await jobs.start(() => {});
    for (const queue of ["mail", "files-retention"] as const)
      await jobs.work(queue, async (_data, attempt) => {
        seen.push({ queue, attempt });
        throw new Error("refused");
      });
  });
  afterAll(async () => {
    await jobs?.stop(1000);
    await handle?.close();
  });

  const lines = (queue: string) =>
    seen.filter((s) => s.queue === queue).map((s) => jobFailedMessage(s.attempt));

  it("says a mail will be retried, then that its last failure is dead-lettered", async () => {
    await handle.db.transaction((tx) =>
      jobs.send(tx, "mail", { to: "a@example.org", subject: "Prova", text: "Ciao" }),
    );
    await expect.poll(() => lines("mail"), { timeout: 15_000, interval: 100 }).toHaveLength(2);
    expect(lines("mail")).toEqual([
      "job failed: it will be retried (attempt 1 of 2)",
      "job failed for the last time (attempt 2 of 2): dead-lettered",
    ]);
    await expect.poll(async () => (await jobs.deadLetters()).map((letter) => letter.queue)).toEqual(["mail"]);
  });

  it("says a scheduled pass that failed is not retried, without a dead letter", async () => {
    await handle.db.transaction((tx) => jobs.send(tx, "files-retention", {}));
    await expect
      .poll(() => lines("files-retention"), { timeout: 15_000, interval: 100 })
      .toEqual(["job failed (attempt 1 of 1): not retried, its next scheduled run does the work"]);
  });
});
