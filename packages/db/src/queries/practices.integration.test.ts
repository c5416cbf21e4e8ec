import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../client.ts";
import { users } from "../schema/identity.ts";
import { practices } from "../schema/practices.ts";
import { seedDemo } from "../seed.ts";
import { openTestDb, testDbKinds } from "../testing.ts";
import { listPractices } from "./practice-list.ts";
import { claimClientUpdateMail } from "./practices.ts";

describe.each(testDbKinds())("listPractices on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedDemo(handle.db, { hashPassword: async (p) => `hashed:${p}` });
  });
  afterAll(() => handle.close());

  const page = { limit: 20, offset: 0 };

  it("counts up to the cap and says when there are more", async () => {
    expect(await listPractices(handle.db, page, 10)).toMatchObject({ total: 6, totalCapped: false });
    const capped = await listPractices(handle.db, page, 2);
    expect(capped).toMatchObject({ total: 2, totalCapped: true });
    // The page itself is not cut by the cap.
    expect(capped.data).toHaveLength(6);
    // A page past the end still tells how many there are; a search that finds nothing, none.
    expect(await listPractices(handle.db, { limit: 20, offset: 40 })).toEqual({
      total: 6,
      totalCapped: false,
      data: [],
    });
    expect(await listPractices(handle.db, { ...page, q: "nessuno così" })).toEqual({
      total: 0,
      totalCapped: false,
      data: [],
    });
  });

  it("finds a practice matching both the number and the name once", async () => {
    // "e" is in every AR-DEMO number and in "Giulia Esposito": one row per practice.
    const { total, data } = await listPractices(handle.db, { ...page, q: "e" });
    expect(total).toBe(6);
    expect(new Set(data.map((p) => p.ticketCode)).size).toBe(6);
  });

  it("finds a client by name and surname in either order, never on an anonymous practice", async () => {
    const codes = async (q: string) =>
      (await listPractices(handle.db, { ...page, q })).data.map((p) => p.ticketCode).sort();
    const named = await codes("Giulia Esposito");
    expect(named.length).toBeGreaterThan(0);
    // The demo's anonymous practices are Giulia's too, and no search by her name finds them.
    const anonymous = await handle.db.select().from(practices).where(eq(practices.anonymous, true));
    expect(anonymous.length).toBeGreaterThan(0);
    for (const practice of anonymous) expect(named).not.toContain(practice.ticketCode);
    expect(await codes("Esposito Giulia")).toEqual(named);
    expect(await codes("  esposito   GIULIA ")).toEqual(named);
    expect(await codes("Espos Giu")).toEqual(named);
    // Every word must match: another surname with her name finds nobody.
    expect(await codes("Rossi Giulia")).toEqual([]);
    // A number and a name together: the practice that has both.
    expect(await codes(`${named[0]} Esposito`)).toEqual([named[0]]);
  });

  it("keeps the search in step with the client's name and the case's anonymity", async () => {
    const codes = async (q: string) =>
      (await listPractices(handle.db, { ...page, q })).data.map((p) => p.ticketCode).sort();
    const named = await codes("Giulia Esposito");
    const [one] = await handle.db
      .select()
      .from(practices)
      .where(eq(practices.ticketCode, named[0] as string));
    const ownerId = one?.ownerId as string;
    try {
      // Her new surname finds her cases at once, the old one no longer.
      await handle.db.update(users).set({ lastname: "Quattrociocchi" }).where(eq(users.id, ownerId));
      expect(await codes("Giulia Quattrociocchi")).toEqual(named);
      expect(await codes("Esposito")).toEqual([]);
      // A case made anonymous is no longer found by her name; its number still finds it.
      await handle.db
        .update(practices)
        .set({ anonymous: true })
        .where(eq(practices.id, one?.id as string));
      expect(await codes("Quattrociocchi")).toEqual(named.slice(1));
      expect(await codes(named[0] as string)).toEqual([named[0]]);
      // Nothing the app writes there sticks: the database alone fills the column.
      await handle.db
        .update(practices)
        .set({ searchText: "Rossi" })
        .where(eq(practices.id, one?.id as string));
      expect(await codes("Rossi")).toEqual([]);
    } finally {
      await handle.db
        .update(practices)
        .set({ anonymous: false })
        .where(eq(practices.id, one?.id as string));
      await handle.db.update(users).set({ lastname: "Esposito" }).where(eq(users.id, ownerId));
    }
    expect(await codes("Giulia Esposito")).toEqual(named);
  });

  it("pages newest first without the answers or the feedback", async () => {
    const { data } = await listPractices(handle.db, { limit: 2, offset: 0 });
    const times = data.map((p) => p.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Object.keys(data[0] ?? {})).not.toContain("feedback");
    expect(Object.keys(data[0] ?? {})).not.toContain("answers");
  });
});

describe.each(testDbKinds())("listPractices: urgent cases first, across pages, on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedDemo(handle.db, { hashPassword: async (p) => `hashed:${p}` });
    // Urgent cases among the demo ones: two open and untaken, one taken by a lawyer and one closed (both no
    // longer urgent). The demo's AR-DEMO0005 was taken too.
    const base = Date.now() - 10 * 24 * 3600 * 1000;
    const [lawyer] = await handle.db.select().from(users).where(eq(users.email, "avvocato@demo.argine.it"));
    await handle.db.insert(practices).values([
      { ticketCode: "AR-URG00001", humanReview: true, createdAt: new Date(base) },
      { ticketCode: "AR-URG00004", humanReview: true, createdAt: new Date(base + 3000) },
      {
        ticketCode: "AR-URG00002",
        humanReview: true,
        createdAt: new Date(base + 1000),
        assignedLawyerId: lawyer?.id ?? null,
        assignedAt: new Date(),
      },
      { ticketCode: "AR-URG00003", humanReview: true, status: "CLOSED", createdAt: new Date(base + 2000) },
    ]);
  });
  afterAll(() => handle.close());

  const codes = (rows: { ticketCode: string }[]) => rows.map((r) => r.ticketCode);

  it("gives every case once, the open untaken urgent ones first, whatever the page size", async () => {
    const all = await listPractices(handle.db, { limit: 100, offset: 0 });
    // The oldest cases of all, yet first; then the demo cases, created now.
    expect(codes(all.data).slice(0, 2)).toEqual(["AR-URG00004", "AR-URG00001"]);
    expect(
      all.data.slice(2).every((p) => !p.humanReview || p.assignedLawyerId || p.status === "CLOSED"),
    ).toBe(true);
    for (const size of [1, 2, 3]) {
      const pages: string[] = [];
      for (let offset = 0; offset < all.total; offset += size) {
        pages.push(...codes((await listPractices(handle.db, { limit: size, offset })).data));
      }
      expect(pages).toEqual(codes(all.data));
    }
  });

  it("keeps urgent first in the oldest-first order, and filters on 'mine', 'unassigned' and urgent", async () => {
    const oldest = await listPractices(handle.db, { limit: 100, offset: 0, order: "oldest" });
    expect(codes(oldest.data).slice(0, 3)).toEqual(["AR-URG00001", "AR-URG00004", "AR-URG00002"]);
    const [lawyer] = await handle.db.select().from(users).where(eq(users.email, "avvocato@demo.argine.it"));
    const mine = await listPractices(handle.db, { limit: 100, offset: 0, assignedTo: lawyer?.id ?? "" });
    expect(codes(mine.data).sort()).toEqual(["AR-DEMO0005", "AR-DEMO0006", "AR-URG00002"]);
    const unassigned = await listPractices(handle.db, { limit: 100, offset: 0, unassigned: true });
    expect(codes(unassigned.data)).not.toContain("AR-URG00002");
    expect(unassigned.total).toBe(oldest.total - 3);
    const urgent = await listPractices(handle.db, { limit: 100, offset: 0, urgent: true });
    expect(codes(urgent.data)).toEqual(["AR-URG00004", "AR-URG00001"]);
    const others = await listPractices(handle.db, { limit: 100, offset: 0, urgent: false });
    expect(others.total + urgent.total).toBe(oldest.total);
  });
});

describe.each(testDbKinds())("the client's update mail window on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
  });
  afterAll(() => handle.close());

  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, seconds));

  it("lets one mail go per window, counted from the last one sent", async () => {
    const [practice] = await handle.db.insert(practices).values({ ticketCode: "AR-MAILWIN1" }).returning();
    const id = practice?.id as string;
    expect(await claimClientUpdateMail(handle.db, id, at(0), 60)).toBe(true);
    expect(await claimClientUpdateMail(handle.db, id, at(30), 60)).toBe(false);
    expect(await claimClientUpdateMail(handle.db, id, at(59), 60)).toBe(false);
    expect(await claimClientUpdateMail(handle.db, id, at(60), 60)).toBe(true);
    expect(await claimClientUpdateMail(handle.db, id, at(90), 60)).toBe(false);
  });

  // Concurrent transactions need more than one connection: PostgreSQL only.
  it.runIf(kind === "postgres")("gives the mail to one of 20 changes committed at once", async () => {
    const [practice] = await handle.db.insert(practices).values({ ticketCode: "AR-MAILWIN2" }).returning();
    const id = practice?.id as string;
    const claims = await Promise.all(
      Array.from({ length: 20 }, () =>
        handle.db.transaction((tx) => claimClientUpdateMail(tx, id, at(0), 60)),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
