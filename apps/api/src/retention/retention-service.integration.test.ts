import { createHash } from "node:crypto";
import type { Actor } from "@argine/core/identity/policy";
import { UNCLAIMED_PRACTICE_RETENTION_DAYS } from "@argine/core/retention/files-retention";
import type { DbHandle } from "@argine/db/client";
import {
  legalizationFiles,
  legalizationSessions,
  oidcPayloads,
  practices,
  services,
  users,
  userTokens,
} from "@argine/db/schema";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceDeps } from "../../test/service-deps.ts";
import type { Deps } from "../deps.ts";
import { applyFilesRetention, applyRetention, legalizationArchive } from "./retention-service.ts";

// The legalization files' retention (ADR 021): kept a year, the client warned 30 and 7 days
// before, once each, then the files deleted once; until then they download as one ZIP with their manifest.
// The capture that makes the files is another part's: here a session and its files are made by hand.

const DAY_MS = 24 * 3600 * 1000;
const EXPIRES = new Date("2027-11-24T10:00:00Z");
const at = (daysBefore: number, hours = 0) =>
  new Date(EXPIRES.getTime() - daysBefore * DAY_MS + hours * 3600_000);

/** A session with its files stored through the storage adapter, as the capture leaves them. */
async function sessionWithFiles(deps: Deps, serviceId: string, made: Date) {
  const files = {
    "pagina.html": "<html><body>Pagina acquisita</body></html>",
    "report.pdf": "%PDF-1.7 report",
  };
  const sha = (text: string) => createHash("sha256").update(text).digest("hex");
  const manifest = JSON.stringify({
    files: Object.entries(files).map(([name, t]) => ({ name, sha256: sha(t) })),
  });
  const all = { ...files, "manifest.json": manifest };
  const [session] = await deps.db
    .insert(legalizationSessions)
    .values({
      serviceId,
      provider: "sandbox",
      providerSessionId: crypto.randomUUID(),
      state: "CLOSED",
      startedAt: made,
      endedAt: made,
      filesReadyAt: made,
      filesExpireAt: EXPIRES,
    })
    .returning();
  const id = session?.id as string;
  for (const [name, text] of Object.entries(all)) {
    const storageKey = `legalization/${id}/${name}`;
    await deps.storage.put(storageKey, new TextEncoder().encode(text));
    await deps.db.insert(legalizationFiles).values({
      sessionId: id,
      name,
      storageKey,
      contentType: name.endsWith(".pdf") ? "application/pdf" : "text/plain",
      size: text.length,
      sha256: sha(text),
    });
  }
  return { id, contents: all };
}

describe.each(testDbKinds())("legalization files' retention on %s", (kind) => {
  let handle: DbHandle;
  let client: Actor;
  let other: Actor;
  let serviceId: string;
  let ticketCode: string;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    const [owner, stranger] = await handle.db
      .insert(users)
      .values([
        { email: "conserva@example.org", name: "Marta", lastname: "Prova" },
        { email: "altro@example.org", name: "Altro", lastname: "Utente" },
      ])
      .returning();
    client = { userId: owner?.id as string, roles: [] };
    other = { userId: stranger?.id as string, roles: [] };
    ticketCode = `AR-RET${kind.slice(0, 2)}`;
    const [practice] = await handle.db
      .insert(practices)
      .values({ ticketCode, ownerId: client.userId, status: "OPEN" })
      .returning();
    const [service] = await handle.db
      .insert(services)
      .values({ practiceId: practice?.id as string, serviceType: "LEGALIZATION" })
      .returning();
    serviceId = service?.id as string;
  });
  afterAll(() => handle.close());

  it("warns 30 and 7 days before, once each, then deletes once", async () => {
    const { deps, clock, jobs } = serviceDeps(handle.db, at(365));
    const { id, contents } = await sessionWithFiles(deps, serviceId, at(365));

    // The owner downloads everything, the manifest among the files, byte for byte.
    const archive = await legalizationArchive(deps, client, serviceId);
    expect(archive.filename).toBe(`legalizzazione-${ticketCode}.zip`);
    const unzipped = unzipSync(new Uint8Array(archive.body as Buffer));
    expect(Object.fromEntries(Object.entries(unzipped).map(([n, b]) => [n, strFromU8(b)]))).toEqual(contents);
    await expect(legalizationArchive(deps, other, serviceId)).rejects.toMatchObject({ code: "NOT_FOUND" });

    const results = [];
    for (const moment of [
      at(31),
      at(30, 1),
      at(29),
      at(10),
      at(7, 1),
      at(6),
      at(1),
      at(0, -1),
      at(0, 1),
      at(-1),
    ]) {
      await clock.setTime(moment);
      results.push(await applyFilesRetention(deps));
    }
    expect(results.map((r) => r.warned)).toEqual([0, 1, 0, 0, 1, 0, 0, 0, 0, 0]);
    expect(results.map((r) => r.deleted)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 0]);
    expect(jobs.mails.map((m) => [m.to, m.subject])).toEqual(
      Array(2).fill(["conserva@example.org", "Alcuni file della tua pratica saranno eliminati"]),
    );
    expect(jobs.mails[0]?.text).toContain("24 novembre 2027");

    const [session] = await handle.db
      .select()
      .from(legalizationSessions)
      .where(eq(legalizationSessions.id, id));
    expect(session?.filesDeletedAt).toEqual(at(0, 1));
    expect(
      await handle.db.select().from(legalizationFiles).where(eq(legalizationFiles.sessionId, id)),
    ).toEqual([]);
    for (const name of Object.keys(contents))
      expect(await deps.storage.get(`legalization/${id}/${name}`)).toBeNull();
    await expect(legalizationArchive(deps, client, serviceId)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("warns only 7 days before when the 30 days' pass was missed", async () => {
    const { deps, clock, jobs } = serviceDeps(handle.db, at(365));
    await sessionWithFiles(deps, serviceId, at(365));
    for (const moment of [at(5), at(4)]) {
      await clock.setTime(moment);
      await applyFilesRetention(deps);
    }
    expect(jobs.mails).toHaveLength(1);
  });
});

describe.each(testDbKinds())("the retention pass's other rows on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
  });
  afterAll(() => handle.close());

  it("deletes unclaimed questionnaires past their term, expired links and provider rows, and counts them", async () => {
    const today = new Date("2027-06-01T03:30:00Z");
    const daysAgo = (days: number) => new Date(today.getTime() - days * DAY_MS);
    const [owner] = await handle.db
      .insert(users)
      .values({ email: `tiene-${kind}@example.org`, name: "Tiene", lastname: "Prova" })
      .returning();
    const ownerId = owner?.id as string;
    const opened = (
      code: string,
      createdAt: Date,
      more: { ownerId?: string; claimPendingUserId?: string } = {},
    ) => ({
      ticketCode: `AR-R${kind.slice(0, 2)}${code}`,
      status: "PENDING" as const,
      createdAt,
      ...more,
    });
    await handle.db
      .insert(practices)
      .values([
        opened("OLD1", daysAgo(UNCLAIMED_PRACTICE_RETENTION_DAYS + 1)),
        opened("NEW1", daysAgo(UNCLAIMED_PRACTICE_RETENTION_DAYS - 1)),
        opened("OWN1", daysAgo(UNCLAIMED_PRACTICE_RETENTION_DAYS + 1), { ownerId }),
        opened("PEN1", daysAgo(UNCLAIMED_PRACTICE_RETENTION_DAYS + 1), { claimPendingUserId: ownerId }),
      ]);
    await handle.db.insert(userTokens).values([
      { tokenHash: `gone-${kind}`, userId: ownerId, kind: "reset", expiresAt: daysAgo(1) },
      {
        tokenHash: `kept-${kind}`,
        userId: ownerId,
        kind: "verify",
        expiresAt: new Date(today.getTime() + DAY_MS),
      },
    ]);
    await handle.db.insert(oidcPayloads).values([
      { type: "Session", id: `gone-${kind}`, payload: {}, expiresAt: daysAgo(1) },
      { type: "Session", id: `kept-${kind}`, payload: {}, expiresAt: new Date(today.getTime() + DAY_MS) },
    ]);

    const { deps } = serviceDeps(handle.db, today);
    expect(await applyRetention(deps)).toMatchObject({
      unclaimedPracticesDeleted: 1,
      expiredUserTokensDeleted: 1,
      expiredIdentityRowsDeleted: 1,
    });
    const codes = (await handle.db.select({ code: practices.ticketCode }).from(practices)).map((p) => p.code);
    expect(codes.filter((code) => code.startsWith(`AR-R${kind.slice(0, 2)}`)).sort()).toEqual(
      ["NEW1", "OWN1", "PEN1"].map((code) => `AR-R${kind.slice(0, 2)}${code}`),
    );
    expect((await handle.db.select().from(userTokens)).map((t) => t.tokenHash)).toEqual([`kept-${kind}`]);
    expect((await handle.db.select().from(oidcPayloads)).map((p) => p.id)).toEqual([`kept-${kind}`]);
    // A second pass the same day finds nothing more.
    expect(await applyRetention(deps)).toMatchObject({
      unclaimedPracticesDeleted: 0,
      expiredUserTokensDeleted: 0,
      expiredIdentityRowsDeleted: 0,
    });
  });
});
