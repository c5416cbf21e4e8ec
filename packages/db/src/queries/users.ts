import type { Role } from "@argine/core/identity/roles";
import {
  and,
  count,
  eq,
  getTableColumns,
  gt,
  ilike,
  inArray,
  isNull,
  lte,
  max,
  ne,
  or,
  sql,
} from "drizzle-orm";
import type { Db } from "../client.ts";
import { auditLog } from "../schema/audit.ts";
import { billingProfiles } from "../schema/billing.ts";
import { consultations } from "../schema/consultation.ts";
import {
  dataExports,
  loginFailures,
  type UserTokenKind,
  userRoles,
  users,
  userTokens,
} from "../schema/identity.ts";
import { creditNotes, invoices, receipts } from "../schema/invoice.ts";
import { legalizationFiles, legalizationSessions } from "../schema/legalization.ts";
import { orderLines, orders, payments, refunds } from "../schema/orders.ts";
import { newsletterSubscriptions } from "../schema/outreach.ts";
import { comments, practiceEmails, practices } from "../schema/practices.ts";
import { deadlineReminders } from "../schema/reminders.ts";
import { services, uploadedFiles } from "../schema/services.ts";
import { supportMessages, supportThreads } from "../schema/support.ts";
import { takedownNotices } from "../schema/takedown.ts";
import { diaryOf, diaryStorageKeys } from "./diary.ts";
import { newestFirst, type Page } from "./paging.ts";

export type UserRow = typeof users.$inferSelect;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByExternalSubject(db: Db, subject: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.externalSubject, subject));
  return row;
}

export interface NewUser {
  email: string;
  name: string;
  lastname: string;
  passwordHash?: string | null;
  cellPhone?: string | null;
  privacyConsent: boolean;
  marketingConsent: boolean;
  externalSubject?: string | null;
  emailVerifiedAt?: Date | null;
}

/** Inserts the user unless the email is taken; returns the new row or undefined. */
export async function createUser(db: Db, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: normalizeEmail(user.email) })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** `%term%` for ILIKE, with the pattern's own wildcards taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type AdminUserRow = UserRow & { roles: Role[] };

/**
 * A page of users for the admin workspace, newest first, with the total for the search. `q` matches any part
 * of the email or of "name lastname", in any case (the name arm uses the trigram index of migration 0002).
 */
export async function listUsers(
  db: Db,
  f: Page & { q?: string },
): Promise<{ total: number; data: AdminUserRow[] }> {
  const q = f.q?.trim();
  const where = q
    ? or(
        ilike(users.email, containing(q)),
        ilike(sql`${users.name} || ' ' || ${users.lastname}`, containing(q)),
      )
    : undefined;
  const [totalRow] = await db.select({ n: count() }).from(users).where(where);
  const rows = await newestFirst(db.select().from(users).where(where).$dynamic(), users, f);
  // One query for the page's roles, not one per user.
  const roles = rows.length
    ? await db
        .select({ userId: userRoles.userId, role: userRoles.role })
        .from(userRoles)
        .where(
          inArray(
            userRoles.userId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return {
    total: totalRow?.n ?? 0,
    data: rows.map((row) => ({
      ...row,
      roles: roles
        .filter((r) => r.userId === row.id)
        .map((r) => r.role)
        .sort(),
    })),
  };
}

export async function listRoles(db: Db, userId: string): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role).sort();
}

export async function grantRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

/** Everyone holding `role` but `exceptUserId`: who hears of a staff grant (users-service.ts). */
export async function listUsersWithRole(
  db: Db,
  role: Role,
  exceptUserId: string,
): Promise<Pick<UserRow, "id" | "email" | "name">[]> {
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, role), ne(userRoles.userId, exceptUserId)));
}

export async function revokeRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
}

export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<
    Pick<
      UserRow,
      | "name"
      | "lastname"
      | "cellPhone"
      | "marketingConsent"
      | "mailFullText"
      | "passwordHash"
      | "emailVerifiedAt"
    >
  >,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

// Single-use tokens: the caller hashes; only hashes are stored.

export async function createUserToken(
  db: Db,
  token: { tokenHash: string; userId: string; kind: UserTokenKind; expiresAt: Date },
): Promise<void> {
  await db.insert(userTokens).values(token);
}

/** Marks a live token used and returns its user id; undefined when unknown, expired or already used. */
export async function consumeUserToken(
  db: Db,
  tokenHash: string,
  kind: UserTokenKind,
  now = new Date(),
): Promise<string | undefined> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.kind, kind),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ userId: userTokens.userId });
  return row?.userId;
}

/**
 * Holds the account's row until the caller's transaction ends: two writers for one account (two held sign-ins
 * at once, each about to mail the unlock link) take turns, so the second sees what the first wrote.
 */
export async function lockUser(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** Whether `userId` holds an unused, unexpired link of `kind` (an unlock mail goes out once per link life). */
export async function hasLiveUserToken(db: Db, userId: string, kind: UserTokenKind, at: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.kind, kind),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, at),
      ),
    );
  return (row?.n ?? 0) > 0;
}

// Sign-in failures' bookkeeping (apps/api/src/identity/sign-in-guard.ts, ADR 035).

/** One failure under each key; the rows' ids (a sign-in forgets its own when the password was right). */
export async function recordLoginFailure(db: Db, keys: string[], at = new Date()): Promise<string[]> {
  const rows = await db
    .insert(loginFailures)
    .values(keys.map((key) => ({ key, at })))
    .returning({ id: loginFailures.id });
  return rows.map((row) => row.id);
}

/** Namespace of the advisory locks below (pg_advisory_xact_lock's first key; consultation.ts has 31_031). */
const LOGIN_FAILURES_LOCK_NAMESPACE = 31_032;

/**
 * Serializes the attempts counted under these keys until the transaction ends, so that concurrent attempts
 * each see the failures recorded by the ones before: a count and the insert it allows cannot interleave. The
 * keys locked in one order, so two attempts locking overlapping keys cannot deadlock.
 */
export async function lockLoginFailureKeys(tx: Db, keys: readonly string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort())
    await tx.execute(sql`select pg_advisory_xact_lock(${LOGIN_FAILURES_LOCK_NAMESPACE}, hashtext(${key}))`);
}

/** Deletes the failures recorded as `ids` (by their primary key). */
export async function forgetLoginFailures(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length) await db.delete(loginFailures).where(inArray(loginFailures.id, [...ids]));
}

export async function countLoginFailures(db: Db, key: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)));
  return row?.n ?? 0;
}

/**
 * A key's failures since `since` and when the last of them was (identity/sign-in-guard.ts):
 * login_failures_key_at_idx.
 */
export async function loginFailureStats(
  db: Db,
  key: string,
  since: Date,
): Promise<{ failures: number; lastAt: Date | null }> {
  const [row] = await db
    .select({ n: count(), last: max(loginFailures.at) })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)));
  return { failures: row?.n ?? 0, lastAt: row?.last ? new Date(row.last) : null };
}

export async function clearLoginFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

// ─── One's own data (GDPR arts. 15 and 20, ADR 037) ──────────────────────────────────────────────────────

/** A table's columns but the secrets it keeps (a link's token hash, a password's hash): never exported. */
function columnsBut<T extends Record<string, unknown>>(columns: T, ...secret: (keyof T)[]) {
  return Object.fromEntries(Object.entries(columns).filter(([name]) => !secret.includes(name))) as T;
}

/**
 * Everything the database holds about one account, as the export's JSON carries it: the account, its billing
 * data, its practices with their answers, services, files, messages, the staff's e-mails and reminders, its
 * support thread, consultations, orders with their lines, payments and refunds, and the money documents'
 * data. Each list is read by the index on its owner or practice; secrets (hashes of links and passwords) are
 * left out.
 */
export async function ownDataOf(db: Db, userId: string) {
  const [account] = await db
    .select(columnsBut(getTableColumns(users), "passwordHash"))
    .from(users)
    .where(eq(users.id, userId));
  const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  const billing = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId));
  const practiceRows = await db
    .select(columnsBut(getTableColumns(practices), "claimTokenHash", "claimKeyHash", "claimTokenExpiresAt"))
    .from(practices)
    .where(eq(practices.ownerId, userId));
  const practiceIds = practiceRows.map((p) => p.id);
  const ofPractices = practiceIds.length ? practiceIds : ["00000000-0000-0000-0000-000000000000"];
  const serviceRows = await db.select().from(services).where(inArray(services.practiceId, ofPractices));
  const serviceIds = serviceRows.map((s) => s.id);
  const ofServices = serviceIds.length ? serviceIds : ["00000000-0000-0000-0000-000000000000"];
  const files = await db.select().from(uploadedFiles).where(inArray(uploadedFiles.serviceId, ofServices));
  const sessions = await db
    .select()
    .from(legalizationSessions)
    .where(inArray(legalizationSessions.serviceId, ofServices));
  const evidence = sessions.length
    ? await db
        .select()
        .from(legalizationFiles)
        .where(
          inArray(
            legalizationFiles.sessionId,
            sessions.map((s) => s.id),
          ),
        )
    : [];
  const notices = await db
    .select()
    .from(takedownNotices)
    .where(inArray(takedownNotices.serviceId, ofServices));
  const messages = await db
    .select({
      id: comments.id,
      practiceId: comments.practiceId,
      byYou: sql<boolean>`${comments.authorId} is not distinct from ${userId}::uuid`,
      body: comments.body,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
    })
    .from(comments)
    .where(inArray(comments.practiceId, ofPractices))
    .orderBy(comments.practiceId, comments.seq);
  const staffEmails = await db
    .select(columnsBut(getTableColumns(practiceEmails), "senderId"))
    .from(practiceEmails)
    .where(inArray(practiceEmails.practiceId, ofPractices));
  const reminders = await db
    .select()
    .from(deadlineReminders)
    .where(inArray(deadlineReminders.practiceId, ofPractices));
  const threads = await db
    .select(columnsBut(getTableColumns(supportThreads), "tokenHash", "mailLinkHash"))
    .from(supportThreads)
    .where(eq(supportThreads.userId, userId));
  const supportLines = threads.length
    ? await db
        .select(columnsBut(getTableColumns(supportMessages), "staffId"))
        .from(supportMessages)
        .where(
          inArray(
            supportMessages.threadId,
            threads.map((t) => t.id),
          ),
        )
    : [];
  const consultationRows = await db
    .select()
    .from(consultations)
    .where(or(eq(consultations.userId, userId), inArray(consultations.practiceId, ofPractices)));
  const orderRows = await db.select().from(orders).where(eq(orders.userId, userId));
  const orderIds = orderRows.length ? orderRows.map((o) => o.id) : ["00000000-0000-0000-0000-000000000000"];
  const lines = await db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds));
  const orderPayments = await db.select().from(payments).where(inArray(payments.orderId, orderIds));
  const orderRefunds = await db.select().from(refunds).where(inArray(refunds.orderId, orderIds));
  const invoiceRows = await db
    .select(columnsBut(getTableColumns(invoices), "tokenHash"))
    .from(invoices)
    .where(inArray(invoices.orderId, orderIds));
  const creditNoteRows = invoiceRows.length
    ? await db
        .select(columnsBut(getTableColumns(creditNotes), "tokenHash"))
        .from(creditNotes)
        .where(
          inArray(
            creditNotes.invoiceId,
            invoiceRows.map((i) => i.id),
          ),
        )
    : [];
  const receiptRows = await db
    .select(columnsBut(getTableColumns(receipts), "tokenHash"))
    .from(receipts)
    .where(inArray(receipts.orderId, orderIds));
  const newsletter = account
    ? await db
        .select(columnsBut(getTableColumns(newsletterSubscriptions), "confirmTokenHash"))
        .from(newsletterSubscriptions)
        .where(sql`lower(${newsletterSubscriptions.email}) = ${account.email}`)
    : [];
  return {
    account: account ? { ...account, roles: roles.map((r) => r.role) } : null,
    consents: account
      ? {
          privacy: account.privacyConsent,
          marketing: account.marketingConsent,
          newsletter: newsletter[0] ?? null,
        }
      : null,
    billing: billing[0] ?? null,
    practices: practiceRows.map((practice) => {
      const ofThis = serviceRows.filter((s) => s.practiceId === practice.id);
      return {
        ...practice,
        services: ofThis.map((service) => ({
          ...service,
          files: files.filter((f) => f.serviceId === service.id),
          legalizationSessions: sessions
            .filter((s) => s.serviceId === service.id)
            .map((s) => ({ ...s, files: evidence.filter((f) => f.sessionId === s.id) })),
          takedownNotices: notices.filter((n) => n.serviceId === service.id),
        })),
        messages: messages.filter((m) => m.practiceId === practice.id),
        staffEmails: staffEmails.filter((e) => e.practiceId === practice.id),
        reminders: reminders.filter((r) => r.practiceId === practice.id),
      };
    }),
    support: threads.map((thread) => ({
      ...thread,
      messages: supportLines.filter((m) => m.threadId === thread.id),
    })),
    consultations: consultationRows,
    orders: orderRows.map((order) => ({
      ...order,
      lines: lines.filter((l) => l.orderId === order.id),
      payments: orderPayments.filter((p) => p.orderId === order.id),
      refunds: orderRefunds.filter((r) => r.orderId === order.id),
    })),
    invoices: invoiceRows,
    creditNotes: creditNoteRows,
    receipts: receiptRows,
    diary: await diaryOf(db, userId),
  };
}
export type OwnData = Awaited<ReturnType<typeof ownDataOf>>;

/**
 * A new export for the account, unless one is already being built or waits for its download (one at a time,
 * the table's primary key): null then. An expired one is replaced; the caller deletes its ZIP (`replacedKey`).
 */
export async function startDataExport(
  tx: Db,
  userId: string,
  at: Date,
): Promise<{ replacedKey: string | null } | null> {
  const [expired] = await tx
    .delete(dataExports)
    .where(
      and(eq(dataExports.userId, userId), eq(dataExports.status, "READY"), lte(dataExports.expiresAt, at)),
    )
    .returning({ storageKey: dataExports.storageKey });
  const [started] = await tx
    .insert(dataExports)
    .values({ userId, createdAt: at })
    .onConflictDoNothing()
    .returning({ userId: dataExports.userId });
  return started ? { replacedKey: expired?.storageKey ?? null } : null;
}

/** The export built: PENDING → READY with its ZIP's key and link (a guard: false when it is gone). */
export async function markDataExportReady(
  tx: Db,
  userId: string,
  ready: { storageKey: string; tokenHash: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(dataExports)
    .set({ status: "READY", ...ready })
    .where(and(eq(dataExports.userId, userId), eq(dataExports.status, "PENDING")))
    .returning({ userId: dataExports.userId });
  return rows.length > 0;
}

export async function findDataExport(db: Db, userId: string) {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId));
  return row;
}

/**
 * The export's download, once: its row is deleted when the token's hash is the one mailed and it has not
 * expired; the one caller that deletes it serves the ZIP (two downloads at once: one wins).
 */
export async function consumeDataExport(
  tx: Db,
  userId: string,
  tokenHash: string,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .delete(dataExports)
    .where(
      and(
        eq(dataExports.userId, userId),
        eq(dataExports.status, "READY"),
        eq(dataExports.tokenHash, tokenHash),
        gt(dataExports.expiresAt, at),
      ),
    )
    .returning({ userId: dataExports.userId });
  return rows.length > 0;
}

/** The exports whose link expired (data_exports_expires_idx), with their ZIPs' keys. */
export async function expiredDataExports(db: Db, at: Date) {
  return db
    .select({ userId: dataExports.userId, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(lte(dataExports.expiresAt, at));
}

/** An expired export's row removed (a guard: a new request since then is kept). */
export async function removeExpiredDataExport(db: Db, userId: string, at: Date): Promise<void> {
  await db.delete(dataExports).where(and(eq(dataExports.userId, userId), lte(dataExports.expiresAt, at)));
}

/**
 * Erases an account (GDPR art. 17, ADR 037), in the caller's transaction: everything of it is deleted but its
 * money documents. An order with an invoice, a receipt or a refund is kept for the ten years the law asks
 * (art. 2220 c.c.), without its person (user_id, practice_id null, the billing data sent with it emptied:
 * the documents hold their own snapshot); every other order goes with its lines and payment. Then the
 * practices (their services, files' rows, messages, e-mails, reminders go with them: on delete cascade),
 * consultations, the support thread, the newsletter subscription, the sign-in failures, and the account
 * (billing data, tokens, roles, export: cascade); the audit lines it wrote keep no actor. Answers the storage
 * keys of the files to delete once the transaction commits.
 */
export async function eraseAccount(tx: Db, userId: string): Promise<string[]> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!user) return [];
  const owned = await tx.select({ id: practices.id }).from(practices).where(eq(practices.ownerId, userId));
  const practiceIds = owned.map((p) => p.id);
  const serviceIds = practiceIds.length
    ? (
        await tx.select({ id: services.id }).from(services).where(inArray(services.practiceId, practiceIds))
      ).map((row) => row.id)
    : [];
  const keys = serviceIds.length
    ? [
        ...(
          await tx
            .select({ key: uploadedFiles.storageKey })
            .from(uploadedFiles)
            .where(inArray(uploadedFiles.serviceId, serviceIds))
        ).map((row) => row.key),
        ...(
          await tx
            .select({ key: legalizationFiles.storageKey })
            .from(legalizationFiles)
            .innerJoin(legalizationSessions, eq(legalizationSessions.id, legalizationFiles.sessionId))
            .where(inArray(legalizationSessions.serviceId, serviceIds))
        ).map((row) => row.key),
      ]
    : [];
  const [exported] = await tx.select().from(dataExports).where(eq(dataExports.userId, userId));
  if (exported?.storageKey) keys.push(exported.storageKey);
  // Her diary's rows go with the account (their foreign keys cascade); its files go after the commit.
  keys.push(...(await diaryStorageKeys(tx, userId)));

  const orderRows = await tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
  const orderIds = orderRows.map((o) => o.id);
  if (orderIds.length) {
    const documented = sql`(exists (select 1 from ${invoices} where ${invoices.orderId} = ${orders.id})
      or exists (select 1 from ${receipts} where ${receipts.orderId} = ${orders.id})
      or exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id}))`;
    await tx
      .update(orders)
      .set({ userId: null, practiceId: null, invoice: {} })
      .where(and(inArray(orders.id, orderIds), documented));
    await tx.delete(orders).where(and(inArray(orders.id, orderIds), sql`not ${documented}`));
  }
  await tx.update(refunds).set({ requestedBy: null }).where(eq(refunds.requestedBy, userId));
  if (practiceIds.length) {
    await tx
      .delete(consultations)
      .where(or(eq(consultations.userId, userId), inArray(consultations.practiceId, practiceIds)));
    await tx.delete(practices).where(inArray(practices.id, practiceIds));
  }
  await tx.delete(consultations).where(eq(consultations.userId, userId));
  await tx.delete(supportThreads).where(eq(supportThreads.userId, userId));
  await tx
    .delete(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = ${user.email}`);
  await tx.delete(loginFailures).where(eq(loginFailures.key, `email:${user.email}`));
  await tx.update(auditLog).set({ actorId: null }).where(eq(auditLog.actorId, userId));
  await tx.delete(users).where(eq(users.id, userId));
  return keys;
}
