import { DEFENCE_MANDATE_VERSION } from "@argine/core/services/mandate";
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "./client.ts";
import { listActiveProducts } from "./queries/catalogue.ts";
import {
  consultationWeeklyHours,
  legalizationSessions,
  orderLines,
  orders,
  practices,
  products,
  services,
  takedownNotices,
  uploadedFiles,
  userRoles,
  users,
} from "./schema/index.ts";
import {
  DEMO_ACCOUNTS,
  DEMO_FILES,
  DEMO_FULFILMENT,
  seedCatalogue,
  seedDemo,
  seedDemoFiles,
} from "./seed.ts";
import { seedDemoConsultations } from "./seed-consultation.ts";
import { openTestDb, testDbKinds } from "./testing.ts";

const hashPassword = async (p: string) => `hashed:${p}`;

describe.each(testDbKinds())("the catalogue on %s", (kind) => {
  it("is there in a database without demo data, and a second start keeps an admin's price", async () => {
    const handle = await openTestDb(kind);
    try {
      await seedCatalogue(handle.db);
      expect(await handle.db.select({ n: count() }).from(products)).toEqual([{ n: 8 }]);
      expect(await handle.db.select({ n: count() }).from(users)).toEqual([{ n: 0 }]);
      await handle.db.update(products).set({ priceCents: 12_345 }).where(eq(products.code, "TAKEDOWN"));
      await seedCatalogue(handle.db);
      const [takedown] = await handle.db.select().from(products).where(eq(products.code, "TAKEDOWN"));
      expect(takedown?.priceCents).toBe(12_345);
    } finally {
      await handle.close();
    }
  });
});

// A race: two processes started side by side (npm run cluster) seed one PostgreSQL database at once.
describe.skipIf(!testDbKinds().includes("postgres"))("two seeds side by side on postgres", () => {
  it("make the team's consultation hours once, not every range twice", async () => {
    const handle = await openTestDb("postgres");
    try {
      await seedDemo(handle.db, { hashPassword });
      const [client] = await handle.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, "cliente@demo.argine.it"));
      await handle.db.delete(consultationWeeklyHours);
      const now = new Date();
      await Promise.all(
        [1, 2, 3, 4].map(() => seedDemoConsultations(handle.db, { client: client?.id ?? "", now })),
      );
      expect(await handle.db.select({ n: count() }).from(consultationWeeklyHours)).toEqual([{ n: 10 }]);
    } finally {
      await handle.close();
    }
  });
});

describe.each(testDbKinds())("seed on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
  });
  afterAll(() => handle.close());

  it("seeds the catalogue, sorted, with prices in cents including VAT", async () => {
    await seedDemo(handle.db, { hashPassword });
    const rows = await listActiveProducts(handle.db);
    expect(rows.map((r) => r.code)).toEqual([
      "FEEDBACK",
      "LEGALIZATION",
      "TAKEDOWN",
      "INJUCTION",
      "ADVICE",
      "DEFENCE",
      "COMPENSATION",
      "PACKAGE",
    ]);
    expect(rows[0]?.priceCents).toBe(0);
    expect(rows.every((r) => r.vatRate === 22)).toBe(true);
  });

  it("is idempotent: a second run adds nothing", async () => {
    const before = await handle.db.select({ n: count() }).from(users);
    await seedDemo(handle.db, { hashPassword });
    const after = await handle.db.select({ n: count() }).from(users);
    const catalogue = await handle.db.select({ n: count() }).from(products);
    expect(after).toEqual(before);
    expect(catalogue[0]?.n).toBe(8);
  });

  it("creates the three demo accounts with their roles and a hashed password", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await handle.db.select().from(users).where(eq(users.email, account.email));
      expect(user?.passwordHash).toBe("hashed:Demo!Argine2026");
      const roles = await handle.db
        .select()
        .from(userRoles)
        .where(eq(userRoles.userId, user?.id ?? ""));
      expect(roles.map((r) => r.role)).toEqual([...account.roles]);
    }
  });

  it("gives the demo client a paid practice with every service in a different state, bought by one order", async () => {
    await seedDemo(handle.db, { hashPassword });
    const [practice] = await handle.db
      .select()
      .from(practices)
      .where(eq(practices.ticketCode, DEMO_FULFILMENT.ticketCode));
    const [client] = await handle.db.select().from(users).where(eq(users.email, "cliente@demo.argine.it"));
    const [lawyer] = await handle.db.select().from(users).where(eq(users.email, "avvocato@demo.argine.it"));
    expect(practice).toMatchObject({ ownerId: client?.id, status: "OPEN" });
    const rows = await handle.db
      .select()
      .from(services)
      .where(eq(services.practiceId, practice?.id ?? ""));
    const byType = new Map(rows.map((row) => [row.serviceType, row]));
    expect(Object.fromEntries(rows.map((row) => [row.serviceType, row.status]))).toEqual({
      // Its capture ended; its files are made at the demo's start (apps/api legalization/demo-capture.ts).
      LEGALIZATION: "IN_PROGRESS",
      TAKEDOWN: "IN_PROGRESS",
      INJUCTION: "DOCUMENTS_READY",
      ADVICE: "IN_PROGRESS",
      DEFENCE: "IN_PROGRESS",
      COMPENSATION: "TO_START",
    });
    // The lawyer holds the work done by hand in progress; the capture is the product's own.
    for (const row of rows) {
      const held = row.status !== "TO_START" && row.serviceType !== "LEGALIZATION";
      expect(row.assignedLawyerId).toBe(held ? lawyer?.id : null);
    }
    expect(byType.get("DEFENCE")).toMatchObject({ mandateVersion: DEFENCE_MANDATE_VERSION });
    expect(byType.get("DEFENCE")?.mandateAcceptedAt).toBeInstanceOf(Date);
    // The takedown's URLs: one the platform removed, one sent and waiting for its answer.
    const notices = await handle.db
      .select()
      .from(takedownNotices)
      .where(eq(takedownNotices.serviceId, byType.get("TAKEDOWN")?.id ?? ""))
      .orderBy(takedownNotices.position);
    expect(notices.map((row) => [row.platform, row.status])).toEqual([
      ["FACEBOOK", "REMOVED"],
      ["INSTAGRAM", "SENT"],
    ]);
    // The capture: ended with success at the sandbox, its files still to make.
    const [capture] = await handle.db
      .select()
      .from(legalizationSessions)
      .where(eq(legalizationSessions.serviceId, byType.get("LEGALIZATION")?.id ?? ""));
    expect(capture).toMatchObject({ state: "CLOSED", providerSessionId: DEMO_FULFILMENT.captureId });
    expect(capture?.filesReadyAt).toBeNull();

    const paid = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.practiceId, practice?.id ?? ""));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: "PAID", userId: client?.id });
    const lines = await handle.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, paid[0]?.id ?? ""));
    expect(lines.map((line) => line.productCode).sort()).toEqual(rows.map((row) => row.serviceType).sort());
    expect(lines.reduce((sum, line) => sum + line.finalPriceCents, 0)).toBe(paid[0]?.amountCents);
  });

  it("records the demo files once, and asks for their bytes at every start", async () => {
    const stored: string[] = [];
    const store = async (file: { storageKey: string }) => {
      stored.push(file.storageKey);
      return 1234;
    };
    await seedDemoFiles(handle.db, store);
    await seedDemo(handle.db, { hashPassword });
    await seedDemoFiles(handle.db, store);
    expect(stored).toEqual([...DEMO_FILES, ...DEMO_FILES].map((file) => file.storageKey));
    const serviceIds = (await handle.db.select({ id: services.id }).from(services)).map((row) => row.id);
    const files = await handle.db
      .select()
      .from(uploadedFiles)
      .where(inArray(uploadedFiles.serviceId, serviceIds));
    expect(
      files.map((file) => [file.fileName, file.side, file.size, file.uploadDate !== null]).sort(),
    ).toEqual(DEMO_FILES.map((file) => [file.fileName, file.side, 1234, true]).sort());
    const [{ n } = { n: 0 }] = await handle.db.select({ n: count() }).from(orders);
    expect(n).toBe(1);
  });

  it("refuses to run with NODE_ENV=production", async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await expect(seedDemo(handle.db, { hashPassword })).rejects.toThrow(/production/);
    } finally {
      process.env.NODE_ENV = previous;
    }
  });
});
