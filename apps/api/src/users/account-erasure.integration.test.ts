import type { AccountsDocument } from "@argine/core/invoice/accounts-api";
import type { Order } from "@argine/core/orders/orders-api";
import { ERASED_ORDER_RETENTION_YEARS } from "@argine/core/retention/files-retention";
import { romeCalendarDay } from "@argine/core/shared/calendar";
import {
  auditLog,
  billingProfiles,
  comments,
  consultations,
  creditNotes,
  dataExports,
  invoices,
  oidcPayloads,
  orders,
  practices,
  receipts,
  refunds,
  services,
  supportThreads,
  uploadedFiles,
  userRoles,
  users,
  userTokens,
} from "@argine/db/schema";
import { eq, inArray, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_BILLING } from "../../test/checkout.ts";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  registerVerified,
  signIn,
  startIdentityServer,
} from "../../test/identity.ts";
import { paidPractice } from "../../test/sandbox.ts";
import { PDF_BYTES, uploadThroughApi } from "../../test/uploads.ts";
import type { Clock } from "../clock.ts";
import { applyRetention } from "../retention/retention-service.ts";

// "Elimina il mio account" (GDPR art. 17, ADR 037): the password asked again; the invoices kept unaltered and
// readable by the admins only; nothing else of the account left, its files gone from the storage, its
// sessions revoked; the lawyers' list no longer names the client.

const EMAIL = "cancellami@example.org";
const PASSWORD = "Girasole-Lento-42";
const DAY_MS = 86_400_000;

let s: IdentityServer;
let call: ReturnType<typeof apiCaller>;
let staff: { lawyer: string; admin: string };

beforeAll(async () => {
  s = await startIdentityServer("pglite");
  call = apiCaller(s);
  const { lawyer, admin } = await demoTokens(s);
  staff = { lawyer, admin };
});
afterAll(() => s.close());

describe("Elimina il mio account", () => {
  it("keeps the invoices for the admins only and erases everything else of the account", async () => {
    const userId = await registerVerified(s, EMAIL, PASSWORD);
    const signedIn = await signIn(s, EMAIL, PASSWORD);
    const token = signedIn.tokens?.access_token ?? "";
    await call(token, "/users/me/invoice", "PATCH", TEST_BILLING);
    const bought = await paidPractice(s, token, { ticketCode: "AR-ERASE01", ownerId: userId }, ["INJUCTION"]);
    const injunction = bought.services.INJUCTION;
    if (!injunction) throw new Error("no formal notice bought");
    const sent = await uploadThroughApi(s.base, token, injunction, "prove.pdf", PDF_BYTES);
    expect(sent.register?.status).toBe(200);
    expect(
      (await call(token, `/practices/${bought.practiceId}/comments`, "POST", { comment: "Altri messaggi." }))
        .status,
    ).toBe(201);
    const [order] = (await call<{ data: Order[] }>(token, "/orders")).body.data;
    const invoiceUrl = order?.invoiceUrl ?? "";
    expect((await fetch(invoiceUrl)).status).toBe(200);
    const [fileRow] = await s.handle.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.serviceId, injunction.serviceId));
    const fileKey = fileRow?.storageKey ?? "";
    expect(await s.app.deps.storage.head(fileKey)).not.toBeNull();
    // The lawyer's list names the client.
    const before = await call<{ data: { clientName?: string | null }[] }>(
      staff.lawyer,
      "/practices?q=Anna%20Bianchi",
    );
    expect(JSON.stringify(before.body)).toContain("Bianchi");
    const invoiceBefore = await s.handle.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, order?.id ?? ""));
    expect(invoiceBefore).toHaveLength(1);

    // Her mails in the queue: those sent (kept an hour) and a notice still waiting (a mail due later).
    // Drizzle's execute is typed for either driver; both answer with their rows.
    const waiting = async () =>
      (
        (await s.handle.db.execute(sql`select id from pgboss.job where data->>'to' = ${EMAIL}`)) as {
          rows: unknown[];
        }
      ).rows;
    await s.handle.db.transaction((tx) =>
      s.app.deps.jobs.send(
        tx,
        "mail",
        { to: EMAIL, subject: "Un avviso", text: "Più tardi." },
        { startAfterSeconds: 3600 },
      ),
    );
    expect((await waiting()).length).toBeGreaterThan(1);

    // The password first, in the same dialog: a wrong one erases nothing.
    const wrong = await call(token, "/users/me/erasure", "POST", { password: "Sbagliata-123" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: "WRONG_PASSWORD",
      message: "La password attuale non è corretta.",
    });
    // Staff erase no account of their own this way.
    expect(
      (await call(staff.lawyer, "/users/me/erasure", "POST", { password: "Demo!Argine2026" })).status,
    ).toBe(403);

    expect((await call(token, "/users/me/erasure", "POST", { password: PASSWORD })).status).toBe(204);

    // Signed out everywhere: the token's grant is gone, and so is the account.
    expect((await call(token, "/users/me")).status).toBe(401);
    expect((await signIn(s, EMAIL, PASSWORD)).status).not.toBe(200);

    // The invoice is kept as issued, for the admins' accounts only; its public link no longer works.
    const db = s.handle.db;
    expect(
      await db
        .select()
        .from(invoices)
        .where(eq(invoices.orderId, order?.id ?? "")),
    ).toEqual(invoiceBefore);
    expect((await fetch(invoiceUrl)).status).toBe(404);
    const today = romeCalendarDay(new Date());
    const accounts = await call<AccountsDocument[]>(
      staff.admin,
      `/admin/accounts/documents?from=${today}&to=${today}`,
    );
    expect(accounts.body.find((d) => d.orderId === order?.id)).toMatchObject({
      customerName: "Anna Bianchi",
      ticketCode: "—",
    });
    expect((await call(staff.lawyer, `/admin/accounts/documents?from=${today}&to=${today}`)).status).toBe(
      403,
    );
    const [kept] = await db
      .select()
      .from(orders)
      .where(eq(orders.id, order?.id ?? ""));
    expect(kept).toMatchObject({ userId: null, practiceId: null, invoice: {} });

    // Nothing else of the account: every table that points at it, and its files.
    const practiceIds = [bought.practiceId];
    const left = await Promise.all([
      db
        .select()
        .from(users)
        .where(or(eq(users.id, userId), eq(users.email, EMAIL))),
      db.select().from(userRoles).where(eq(userRoles.userId, userId)),
      db.select().from(userTokens).where(eq(userTokens.userId, userId)),
      db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId)),
      db
        .select()
        .from(practices)
        .where(or(eq(practices.ownerId, userId), inArray(practices.id, practiceIds))),
      db.select().from(services).where(inArray(services.practiceId, practiceIds)),
      db.select().from(uploadedFiles).where(eq(uploadedFiles.uploadedBy, userId)),
      db
        .select()
        .from(comments)
        .where(or(eq(comments.authorId, userId), inArray(comments.practiceId, practiceIds))),
      db
        .select()
        .from(orders)
        .where(or(eq(orders.userId, userId), inArray(orders.practiceId, practiceIds))),
      db.select().from(refunds).where(eq(refunds.requestedBy, userId)),
      db.select().from(consultations).where(eq(consultations.userId, userId)),
      db.select().from(supportThreads).where(eq(supportThreads.userId, userId)),
      db.select().from(dataExports).where(eq(dataExports.userId, userId)),
      db.select().from(auditLog).where(eq(auditLog.actorId, userId)),
      db.select().from(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${userId}`),
    ]);
    expect(left.map((rows) => rows.length)).toEqual(left.map(() => 0));
    expect(await waiting()).toEqual([]);
    // The money documents of the order are all still there.
    expect(
      await db
        .select()
        .from(receipts)
        .where(eq(receipts.orderId, order?.id ?? "")),
    ).toHaveLength(1);
    expect(await db.select().from(creditNotes)).toEqual([]);
    expect(await s.app.deps.storage.head(fileKey)).toBeNull();

    // The lawyer's list no longer names the client.
    const after = await call(staff.lawyer, "/practices?q=Anna%20Bianchi");
    expect(JSON.stringify(after.body)).not.toContain("Bianchi");

    // Ten years after its last document the order goes too, with its documents; not a day before.
    const [receipt] = await db
      .select()
      .from(receipts)
      .where(eq(receipts.orderId, order?.id ?? ""));
    const lastIssued = Math.max(invoiceBefore[0]?.issuedAt.getTime() ?? 0, receipt?.issuedAt.getTime() ?? 0);
    const tenYearsOn = (days: number) => {
      const at = new Date(lastIssued);
      at.setUTCFullYear(at.getUTCFullYear() + ERASED_ORDER_RETENTION_YEARS);
      return { now: () => at.getTime() + days * DAY_MS };
    };
    const retention = (days: number) => applyRetention({ ...s.app.deps, clock: tenYearsOn(days) as Clock });
    expect(await retention(-1)).toMatchObject({ erasedOrdersDeleted: 0 });
    expect(await retention(1)).toMatchObject({ erasedOrdersDeleted: 1 });
    const orderId = order?.id ?? "";
    const leftOfOrder = await Promise.all([
      db.select().from(invoices).where(eq(invoices.orderId, orderId)),
      db.select().from(receipts).where(eq(receipts.orderId, orderId)),
      db.select().from(orders).where(eq(orders.id, orderId)),
    ]);
    expect(leftOfOrder).toEqual([[], [], []]);
  });
});
