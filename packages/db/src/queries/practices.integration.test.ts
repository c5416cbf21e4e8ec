import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../client.ts";
import { seedDemo } from "../seed.ts";
import { openTestDb, testDbKinds } from "../testing.ts";
import { listPractices } from "./practices.ts";

describe.each(testDbKinds())("listPractices on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedDemo(handle.db, { hashPassword: async (p) => `hashed:${p}` });
  });
  afterAll(() => handle.close());

  const page = { limit: 20, offset: 0 };

  it("counts up to the cap and says when there are more", async () => {
    expect(await listPractices(handle.db, page, 10)).toMatchObject({ total: 4, totalCapped: false });
    const capped = await listPractices(handle.db, page, 2);
    expect(capped).toMatchObject({ total: 2, totalCapped: true });
    // The page itself is not cut by the cap.
    expect(capped.data).toHaveLength(4);
  });

  it("finds a practice matching both the number and the name once", async () => {
    // "e" is in every AR-DEMO number and in "Giulia Esposito": the union keeps one row per practice.
    const { total, data } = await listPractices(handle.db, { ...page, q: "e" });
    expect(total).toBe(4);
    expect(new Set(data.map((p) => p.ticketCode)).size).toBe(4);
  });

  it("pages newest first without the answers or the feedback", async () => {
    const { data } = await listPractices(handle.db, { limit: 2, offset: 0 });
    const times = data.map((p) => p.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Object.keys(data[0] ?? {})).not.toContain("feedback");
    expect(Object.keys(data[0] ?? {})).not.toContain("answers");
  });
});
