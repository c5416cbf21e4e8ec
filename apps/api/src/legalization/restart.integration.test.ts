import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Actor } from "@argine/core/identity/policy";
import type { DbHandle } from "@argine/db/client";
import { findUserByEmail } from "@argine/db/queries/users";
import {
  legalizationFiles,
  legalizationSessions,
  practices,
  sandboxCaptureSessions,
  services,
} from "@argine/db/schema";
import { seedDemo } from "@argine/db/seed";
import { testDbKinds } from "@argine/db/testing";
import { eq, sql } from "drizzle-orm";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { persistentDatabase, testConfig } from "../../test/helpers.ts";
import { MemoryMailer } from "../../test/identity.ts";
import { buildApp } from "../app.ts";
import { getSession, startSession, stopSession } from "./legalization-service.ts";

// A capture in progress survives a restart of the server and completes once. The
// first process starts the capture and is stopped while it closes; the next one, on the same database,
// finishes it: one set of files, one "files ready" mail, and nothing more however long it runs.

describe.each(testDbKinds())("a capture across a restart, on %s", (kind) => {
  const config = testConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), "argine-capture-")) });
  const clock = new TestClock();
  let database: Awaited<ReturnType<typeof persistentDatabase>>;
  beforeAll(async () => {
    database = await persistentDatabase(kind);
    const handle = await database.open();
    await seedDemo(handle.db, { hashPassword: async (p) => `test:${p}` });
    await handle.close();
  });
  afterAll(() => database.drop());

  async function withApp<T>(
    run: (app: Awaited<ReturnType<typeof buildApp>>, handle: DbHandle, mailer: MemoryMailer) => Promise<T>,
  ) {
    const handle = await database.open();
    const mailer = new MemoryMailer(handle.db);
    const app = await buildApp({ config, handle, clock, adapters: { mailer } });
    try {
      await app.ready();
      return { result: await run(app, handle, mailer), mailer };
    } finally {
      await app.close();
      await handle.close();
    }
  }
  const ready = (m: MemoryMailer) =>
    m.sent.filter((mail) => mail.subject.startsWith("Dei documenti sono pronti"));
  const tick = async () => {
    await clock.setTime(Math.max(clock.now(), Date.now()) + 1000);
    await clock.tick(2500);
  };

  const stateAfterTick = async (app: Awaited<ReturnType<typeof buildApp>>) => {
    await tick();
    return (await getSession(app.deps, actor, serviceId))?.state;
  };
  let serviceId = "";
  let actor: Actor = { userId: "", roles: [] };

  it("is finished by the next process, once", { timeout: 120_000 }, async () => {
    const first = await withApp(async (app, handle) => {
      const client = await findUserByEmail(handle.db, "cliente@demo.argine.it");
      actor = { userId: client?.id ?? "", roles: [] };
      // A practice of its own: the demo's capture has ended already.
      const [practice] = await handle.db
        .insert(practices)
        .values({ ticketCode: "AR-RIAVVIO", ownerId: actor.userId })
        .returning({ id: practices.id });
      const [row] = await handle.db
        .insert(services)
        .values({ practiceId: practice?.id as string, serviceType: "LEGALIZATION" })
        .returning({ id: services.id });
      serviceId = row?.id ?? "";
      await startSession(app.deps, actor, serviceId, { url: "https://example.org/riavvio" });
      await expect
        .poll(async () => await stateAfterTick(app), {
          timeout: 30_000,
        })
        .toBe("LIVE");
      return (await stopSession(app.deps, actor, serviceId)).state;
    });
    expect(first.result).toBe("CLOSING");

    const second = await withApp(async (app, handle, mailer) => {
      await expect
        .poll(async () => await stateAfterTick(app), {
          timeout: 60_000,
        })
        .toBe("CLOSED");
      await expect.poll(() => ready(mailer).length, { timeout: 10_000 }).toBe(1);
      // Long after (past the live state's own deadline, whose job then finds it closed), nothing moves.
      await clock.setTime(clock.now() + 2 * 3600_000);
      for (let i = 0; i < 3; i++) await tick();
      await getSession(app.deps, actor, serviceId);
      const [session] = await handle.db
        .select()
        .from(legalizationSessions)
        .where(eq(legalizationSessions.serviceId, serviceId));
      const files = await handle.db
        .select()
        .from(legalizationFiles)
        .where(eq(legalizationFiles.sessionId, session?.id ?? ""));
      const [sandbox] = await handle.db
        .select()
        .from(sandboxCaptureSessions)
        .where(eq(sandboxCaptureSessions.id, session?.providerSessionId ?? ""));
      const { rows } = (await handle.db.execute(
        sql`select count(*)::int as pending from pgboss.job where name = 'legalization-sandbox' and state in ('created', 'retry', 'active')`,
      )) as unknown as { rows: { pending: number }[] };
      return { files: files.map((f) => f.name).sort(), state: sandbox?.state, pending: rows[0]?.pending };
    });
    expect(second.result.state).toBe("CLOSED");
    expect(second.result.pending).toBe(0);
    expect(second.result.files).toEqual(
      expect.arrayContaining(["manifest.json", "report.pdf", "snapshot.html"]),
    );
    expect(new Set(second.result.files).size).toBe(second.result.files.length);
    expect(ready(first.mailer)).toHaveLength(0);
    expect(ready(second.mailer)).toHaveLength(1);
  });
});
