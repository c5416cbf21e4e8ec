import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "./client.ts";
import { heardCommits } from "./heard-commits.ts";
import { grantRole, revokeRole } from "./queries/users.ts";
import { users } from "./schema/identity.ts";
import { practiceListsVersion, practices } from "./schema/practices.ts";
import { seedDemo } from "./seed.ts";
import { openTestDb, testDbKinds } from "./testing.ts";

describe("the embedded database's commits, heard by its process", () => {
  let handle: DbHandle;
  let userId: string;
  beforeAll(async () => {
    handle = await openTestDb("pglite");
    await seedDemo(handle.db, { hashPassword: async (p) => `hashed:${p}` });
    const [user] = await handle.db.select().from(users).where(eq(users.email, "cliente@demo.argine.it"));
    if (!user) throw new Error("no demo client");
    userId = user.id;
  });
  afterAll(() => handle.close());

  const heard = () => {
    const state = heardCommits(handle.db);
    if (!state) throw new Error("the embedded database hears nothing");
    return state;
  };

  it("knows the lists' new version as soon as the change's commit resolves", async () => {
    const [practice] = await handle.db.select().from(practices).limit(1);
    await handle.db
      .update(practices)
      .set({ status: "CLOSED" })
      .where(eq(practices.id, practice?.id ?? ""));
    const [row] = await handle.db.select().from(practiceListsVersion);
    expect(heard().listsVersion).toBe(row?.version);
    const before = heard().listsVersion;
    await handle.db.transaction(async (tx) => {
      await tx
        .update(practices)
        .set({ status: "OPEN" })
        .where(eq(practices.id, practice?.id ?? ""));
      expect(heard().listsVersion).toBe(before);
    });
    const [committed] = await handle.db.select().from(practiceListsVersion);
    expect(heard().listsVersion).toBe(committed?.version);
    expect(heard().listsVersion).not.toBe(before);
    // Written directly (a tool, the bench), the new value is heard too.
    await handle.db.execute(sql`update practice_lists_version set version = gen_random_uuid()`);
    const [written] = await handle.db.select().from(practiceListsVersion);
    expect(heard().listsVersion).toBe(written?.version);
    expect(heard().listsVersion).not.toBe(committed?.version);
  });

  it("counts each commit that changes a role or removes a user, and none that only reads", async () => {
    const before = heard().grants;
    await grantRole(handle.db, userId, "lawyer");
    expect(heard().grants).toBe(before + 1);
    await revokeRole(handle.db, userId, "lawyer");
    expect(heard().grants).toBe(before + 2);
    await handle.db.select().from(users);
    await handle.db.update(users).set({ cellPhone: "+393330000000" }).where(eq(users.id, userId));
    expect(heard().grants).toBe(before + 2);
    const [gone] = await handle.db
      .insert(users)
      .values({
        email: "via@example.org",
        name: "Via",
        lastname: "Presto",
        privacyConsent: true,
        marketingConsent: false,
      })
      .returning();
    expect(heard().grants).toBe(before + 2);
    await handle.db.delete(users).where(eq(users.id, gone?.id ?? ""));
    expect(heard().grants).toBe(before + 3);
  });
});

describe.each(testDbKinds().filter((kind) => kind === "postgres"))("a database server (%s)", (kind) => {
  it("tells nothing of its commits: another process may have made them", async () => {
    const handle = await openTestDb(kind);
    try {
      expect(heardCommits(handle.db)).toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});
