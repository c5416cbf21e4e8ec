import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, DbHandle } from "../client.ts";
import { users } from "../schema/identity.ts";
import { commentReads, practiceListsVersion, practices } from "../schema/practices.ts";
import { seedDemo } from "../seed.ts";
import { openTestDb, testDbKinds } from "../testing.ts";
import { addComment, markCommentsRead } from "./comments.ts";

// Migration 0031: what a list of practices shows changes, and the lists' version with it, at the commit.

const versionOf = async (db: Db) => (await db.select().from(practiceListsVersion))[0]?.version;

describe.each(testDbKinds())("the practice lists' version on %s", (kind) => {
  let handle: DbHandle;
  let practiceId: string;
  let clientId: string;
  let lawyerId: string;
  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedDemo(handle.db, { hashPassword: async (p) => `hashed:${p}` });
    const [practice] = await handle.db.select().from(practices).limit(1);
    if (!practice?.ownerId) throw new Error("the demo has no owned practice");
    practiceId = practice.id;
    clientId = practice.ownerId;
    const [lawyer] = await handle.db.select().from(users).where(eq(users.email, "avvocato@demo.argine.it"));
    if (!lawyer) throw new Error("no demo lawyer");
    lawyerId = lawyer.id;
  });
  afterAll(() => handle.close());

  /** Runs `change` and tells whether the version moved. */
  const moves = async (change: () => Promise<unknown>) => {
    const before = await versionOf(handle.db);
    await change();
    return (await versionOf(handle.db)) !== before;
  };

  it("changes when a practice, a message, a read mark or a shown name changes", async () => {
    expect(
      await moves(() =>
        handle.db.update(practices).set({ status: "OPEN" }).where(eq(practices.id, practiceId)),
      ),
    ).toBe(true);
    let commentId = "";
    expect(
      await moves(async () => {
        commentId = (await addComment(handle.db, { practiceId, authorId: lawyerId, body: "Buongiorno" })).id;
      }),
    ).toBe(true);
    expect(await moves(() => markCommentsRead(handle.db, practiceId, clientId, commentId))).toBe(true);
    expect(
      await moves(() => handle.db.update(users).set({ name: "Giuliana" }).where(eq(users.id, clientId))),
    ).toBe(true);
    expect(
      await moves(() => handle.db.update(users).set({ lastname: "Bianchi" }).where(eq(users.id, lawyerId))),
    ).toBe(true);
  });

  it("stays when nothing a list shows changes: another column of a user, a rolled back change", async () => {
    expect(
      await moves(() =>
        handle.db.update(users).set({ cellPhone: "+393331234567" }).where(eq(users.id, clientId)),
      ),
    ).toBe(false);
    expect(
      await moves(() =>
        handle.db
          .transaction(async (tx) => {
            await tx.update(practices).set({ status: "CLOSED" }).where(eq(practices.id, practiceId));
            tx.rollback();
          })
          .catch(() => undefined),
      ),
    ).toBe(false);
  });

  it("changes at the commit, not before: a reader of the version never sees it ahead of the rows", async () => {
    const before = await versionOf(handle.db);
    await handle.db.transaction(async (tx) => {
      await tx.update(practices).set({ status: "TO_PAID" }).where(eq(practices.id, practiceId));
      await tx.update(practices).set({ status: "OPEN" }).where(eq(practices.id, practiceId));
      expect(await versionOf(tx)).toBe(before);
    });
    expect(await versionOf(handle.db)).not.toBe(before);
  });

  it("changes when a table it follows is emptied", async () => {
    expect(await moves(() => handle.db.execute(sql`truncate ${commentReads}`))).toBe(true);
  });
});
