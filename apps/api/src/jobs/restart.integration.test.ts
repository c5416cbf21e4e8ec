import { testDbKinds } from "@argine/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { persistentDatabase, testConfig } from "../../test/helpers.ts";
import { MemoryMailer } from "../../test/identity.ts";
import { jobsSettled } from "../../test/jobs.ts";
import { buildApp } from "../app.ts";
import { systemClock } from "../clock.ts";
import { createJobQueue } from "./job-queue.ts";

// A job outlives the process that queued it. Queued with no worker running, it is worked once by
// the next process on the same database, and not again by the one after; a job queued in a transaction that
// rolls back is never worked.

const MAIL = { to: "dopo-il-riavvio@example.org", subject: "Scritta prima del riavvio", text: "Ciao" };

describe.each(testDbKinds())("a job across a restart, on %s", (kind) => {
  const config = testConfig();
  let database: Awaited<ReturnType<typeof persistentDatabase>>;
  beforeAll(async () => {
    database = await persistentDatabase(kind);
  });
  afterAll(() => database.drop());

  /** The whole app on the database, until its queue has nothing left to do: the mails it sent. */
  async function runApp(): Promise<MemoryMailer> {
    const handle = await database.open();
    const mailer = new MemoryMailer(handle.db);
    const app = await buildApp({ config, handle, adapters: { mailer } });
    try {
      await app.ready();
      await jobsSettled(handle.db);
      return mailer;
    } finally {
      await app.close();
      await handle.close();
    }
  }

  it("is worked once by the next process, and a rolled-back one never", { timeout: 120_000 }, async () => {
    const handle = await database.open();
    const queue = createJobQueue(handle, systemClock, { mailRetry: config.mail.retry });
    try {
      await queue.start(() => {});
      await handle.db.transaction((tx) => queue.send(tx, "mail", MAIL));
      await expect(
        handle.db.transaction(async (tx) => {
          await queue.send(tx, "mail", { ...MAIL, subject: "Mai partita" });
          throw new Error("the use case fails after queueing its mail");
        }),
      ).rejects.toThrow("the use case fails");
      const { rows } = (await handle.db.execute(
        sql`select state from pgboss.job where name = 'mail'`,
      )) as unknown as { rows: { state: string }[] };
      expect(rows).toEqual([{ state: "created" }]);
    } finally {
      await queue.stop(1000);
      await handle.close();
    }

    expect((await runApp()).sent).toEqual([MAIL]);
    expect((await runApp()).sent).toEqual([]);
  });
});
