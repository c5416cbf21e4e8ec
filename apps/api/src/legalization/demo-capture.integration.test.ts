import { createHash } from "node:crypto";
import { findCurrentSession, findSandboxCapture, listSessionFiles } from "@argine/db/queries/legalization";
import { practices, services } from "@argine/db/schema";
import { DEMO_FULFILMENT } from "@argine/db/seed";
import { testDbKinds } from "@argine/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IdentityServer, startIdentityServer } from "../../test/identity.ts";
import { storeSandboxEvidence } from "../capture/sandbox-provider.ts";
import { finishDemoCapture } from "./demo-capture.ts";

// The demo data: the demo practice's capture, ended at the sandbox by the seed, gets its files at the
// demo's start as any capture does (stored, hashes matching, the service's documents ready, one mail), once.

describe.each(testDbKinds())("the demo capture on %s", (kind) => {
  let s: IdentityServer;
  beforeAll(async () => {
    s = await startIdentityServer(kind);
  });
  afterAll(() => s.close());

  it("is given its files at the demo's start, once", { timeout: 60_000 }, async () => {
    const { db } = s.handle;
    const [service] = await db
      .select({ id: services.id, status: services.status })
      .from(services)
      .innerJoin(practices, eq(practices.id, services.practiceId))
      .where(
        and(eq(practices.ticketCode, DEMO_FULFILMENT.ticketCode), eq(services.serviceType, "LEGALIZATION")),
      );
    expect(service?.status).toBe("IN_PROGRESS");

    await finishDemoCapture(s.app.deps);
    await finishDemoCapture(s.app.deps);

    const session = await findCurrentSession(db, service?.id ?? "");
    expect(session).toMatchObject({ state: "CLOSED", url: DEMO_FULFILMENT.captureUrl });
    expect(session?.filesReadyAt).toBeInstanceOf(Date);
    const files = await listSessionFiles(db, session?.id ?? "");
    expect(files.map((f) => f.name)).toEqual(
      expect.arrayContaining(["snapshot.html", "manifest.json", "report.pdf"]),
    );
    for (const file of files) {
      const bytes = await s.app.deps.storage.get(file.storageKey);
      expect(
        createHash("sha256")
          .update(bytes ?? "")
          .digest("hex"),
      ).toBe(file.sha256);
    }
    expect(session?.reportSha256).toBe(files.find((f) => f.name === "report.pdf")?.sha256);
    const [after] = await db
      .select({ status: services.status })
      .from(services)
      .where(eq(services.id, service?.id ?? ""));
    expect(after?.status).toBe("DOCUMENTS_READY");
    await expect
      .poll(
        () =>
          s.mailer.sent.filter(
            (m) => m.to === "cliente@demo.argine.it" && m.subject.startsWith("Dei documenti sono pronti"),
          ).length,
        { timeout: 10_000 },
      )
      .toBe(1);
  });
});

// Two processes starting together (npm run cluster) both read the capture without files and make them: the
// first to record its files stands, and the other removes its own copies. (Unguarded, the second replaced the
// list while the first was copying it, and the first then found the report not matching its hash.)
describe.each(testDbKinds())("the demo capture's files made by two processes, on %s", (kind) => {
  it("are the first's, all stored with their hashes, the second's copies removed", {
    timeout: 90_000,
  }, async () => {
    const s = await startIdentityServer(kind);
    try {
      const { deps } = s.app;
      const { legalization } = deps.config;
      if (legalization.provider !== "sandbox") throw new Error("the capture sandbox");
      // Every key stored, to find the second's copies after.
      const put: string[] = [];
      const storage = {
        ...deps.storage,
        put: (key: string, bytes: Uint8Array) => {
          put.push(key);
          return deps.storage.put(key, bytes);
        },
      } as typeof deps.storage;
      const engine = { ...deps, storage, timings: legalization.timings, chromiumPath: null };
      // What both processes read: the capture as the seed left it, without files.
      const seen = await findSandboxCapture(deps.db, DEMO_FULFILMENT.captureId);
      if (!seen) throw new Error("the demo capture");
      await storeSandboxEvidence(engine, seen);
      const first = (await findSandboxCapture(deps.db, seen.id))?.files ?? [];
      await storeSandboxEvidence(engine, seen);
      const files = (await findSandboxCapture(deps.db, seen.id))?.files ?? [];
      expect(files).toEqual(first);
      for (const file of files) {
        const bytes = await deps.storage.get(file.storageKey);
        expect(
          createHash("sha256")
            .update(bytes ?? "")
            .digest("hex"),
        ).toBe(file.sha256);
      }
      // The second's copies were stored, then removed.
      const kept = new Set(files.map((f) => f.storageKey));
      const others = put.filter((key) => !kept.has(key));
      expect(others).toHaveLength(files.length);
      for (const key of others) expect(await deps.storage.get(key)).toBeNull();
    } finally {
      await s.close();
    }
  });
});
