import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, notExists } from "drizzle-orm";
import type { Db } from "../client.ts";
import { users, userTokens } from "../schema/identity.ts";
import { creditNotes, invoices, receipts } from "../schema/invoice.ts";
import { legalizationFiles, legalizationSessions } from "../schema/legalization.ts";
import { oidcPayloads } from "../schema/oidc.ts";
import { orderLines, orders, refunds } from "../schema/orders.ts";
import { practices } from "../schema/practices.ts";
import { services } from "../schema/services.ts";

// The retention of the legalization files (spec §9): kept a year, the client warned 30 and 7 days
// before, then deleted. Each step is a conditional update: whatever the job's retries, it happens once.

export type LegalizationSessionRow = typeof legalizationSessions.$inferSelect;
export type LegalizationFileRow = typeof legalizationFiles.$inferSelect;

/** A session whose files are still kept and expire by `until`, with its practice's owner. */
export interface ExpiringSession {
  session: LegalizationSessionRow;
  ticketCode: string;
  email: string | null;
  name: string | null;
}

/** The sessions with files kept that expire by `until`, the soonest first (legalization_sessions_expiry_idx). */
export async function expiringSessions(db: Db, until: Date, limit: number): Promise<ExpiringSession[]> {
  return db
    .select({
      session: legalizationSessions,
      ticketCode: practices.ticketCode,
      email: users.email,
      name: users.name,
    })
    .from(legalizationSessions)
    .innerJoin(services, eq(services.id, legalizationSessions.serviceId))
    .innerJoin(practices, eq(practices.id, services.practiceId))
    .leftJoin(users, eq(users.id, practices.ownerId))
    .where(
      and(
        isNotNull(legalizationSessions.filesExpireAt),
        isNull(legalizationSessions.filesDeletedAt),
        lte(legalizationSessions.filesExpireAt, until),
      ),
    )
    .orderBy(asc(legalizationSessions.filesExpireAt))
    .limit(limit);
}

/** Marks a warning sent (30 or 7 days before); false when it already was, or the files are gone. */
export async function markRetentionWarned(
  db: Db,
  sessionId: string,
  days: 30 | 7,
  at: Date,
): Promise<boolean> {
  const column = days === 30 ? legalizationSessions.warned30At : legalizationSessions.warned7At;
  const rows = await db
    .update(legalizationSessions)
    .set(days === 30 ? { warned30At: at, updatedAt: at } : { warned7At: at, updatedAt: at })
    .where(
      and(
        eq(legalizationSessions.id, sessionId),
        isNull(column),
        isNull(legalizationSessions.filesDeletedAt),
      ),
    )
    .returning({ id: legalizationSessions.id });
  return rows.length > 0;
}

/** Marks the files deleted and drops their rows; false when another pass already did it. */
export async function markFilesDeleted(db: Db, sessionId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(legalizationSessions)
    .set({ filesDeletedAt: at, updatedAt: at })
    .where(and(eq(legalizationSessions.id, sessionId), isNull(legalizationSessions.filesDeletedAt)))
    .returning({ id: legalizationSessions.id });
  if (!rows.length) return false;
  await db.delete(legalizationFiles).where(eq(legalizationFiles.sessionId, sessionId));
  return true;
}

/** A service's sessions whose files are still kept, the oldest first, with their files by name. */
export async function keptSessionFiles(
  db: Db,
  serviceId: string,
): Promise<{ session: LegalizationSessionRow; files: LegalizationFileRow[] }[]> {
  const rows = await db
    .select({ session: legalizationSessions, file: legalizationFiles })
    .from(legalizationSessions)
    .innerJoin(legalizationFiles, eq(legalizationFiles.sessionId, legalizationSessions.id))
    .where(and(eq(legalizationSessions.serviceId, serviceId), isNull(legalizationSessions.filesDeletedAt)))
    .orderBy(asc(legalizationSessions.createdAt), asc(legalizationFiles.name));
  const bySession = new Map<string, { session: LegalizationSessionRow; files: LegalizationFileRow[] }>();
  for (const { session, file } of rows) {
    const entry = bySession.get(session.id) ?? { session, files: [] };
    entry.files.push(file);
    bySession.set(session.id, entry);
  }
  return [...bySession.values()];
}

/**
 * Deletes at most `limit` questionnaire practices nobody claimed, opened before `before`, with all that hangs on
 * them (cascades); none that an order names. practices_unclaimed_created_idx.
 */
export async function deleteUnclaimedPractices(db: Db, before: Date, limit: number): Promise<number> {
  const due = db
    .select({ id: practices.id })
    .from(practices)
    .where(
      and(
        isNull(practices.ownerId),
        isNull(practices.claimPendingUserId),
        lt(practices.createdAt, before),
        notExists(db.select({ id: orders.id }).from(orders).where(eq(orders.practiceId, practices.id))),
      ),
    )
    .orderBy(asc(practices.createdAt))
    .limit(limit);
  const rows = await db
    .delete(practices)
    .where(and(inArray(practices.id, due), isNull(practices.ownerId), isNull(practices.claimPendingUserId)))
    .returning({ id: practices.id });
  return rows.length;
}

/** Deletes the mailed links (verification, reset) expired before `at`: user_tokens_expires_idx. */
export async function deleteExpiredUserTokens(db: Db, at: Date): Promise<number> {
  const rows = await db
    .delete(userTokens)
    .where(lt(userTokens.expiresAt, at))
    .returning({ tokenHash: userTokens.tokenHash });
  return rows.length;
}

/** Deletes the identity provider's rows (sessions, grants, tokens) expired before `at`: oidc_payloads_expires_idx. */
export async function deleteExpiredOidcRows(db: Db, at: Date): Promise<number> {
  const rows = await db
    .delete(oidcPayloads)
    .where(and(isNotNull(oidcPayloads.expiresAt), lt(oidcPayloads.expiresAt, at)))
    .returning({ id: oidcPayloads.id });
  return rows.length;
}

/**
 * Deletes at most `limit` orders of erased accounts (user_id null, ADR 037) whose every money document was
 * issued before `before` (ten years: art. 2220 c.c.), with those documents, the refunds, payments and lines:
 * nothing of the person is left after that. orders_user_created_idx finds them (user_id null, created
 * before); each document table's index on its order or invoice, the rest.
 */
export async function deleteExpiredErasedOrders(db: Db, before: Date, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          isNull(orders.userId),
          lt(orders.createdAt, before),
          notExists(
            tx
              .select({ id: invoices.id })
              .from(invoices)
              .where(and(eq(invoices.orderId, orders.id), gte(invoices.issuedAt, before))),
          ),
          notExists(
            tx
              .select({ id: receipts.id })
              .from(receipts)
              .where(and(eq(receipts.orderId, orders.id), gte(receipts.issuedAt, before))),
          ),
          notExists(
            tx
              .select({ id: creditNotes.id })
              .from(creditNotes)
              .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
              .where(and(eq(invoices.orderId, orders.id), gte(creditNotes.issuedAt, before))),
          ),
        ),
      )
      .orderBy(asc(orders.createdAt))
      .limit(limit)
      .for("update");
    const ids = due.map((row) => row.id);
    if (ids.length === 0) return 0;
    const ofOrders = tx.select({ id: invoices.id }).from(invoices).where(inArray(invoices.orderId, ids));
    // Each table before the ones it points to: credit notes, receipts and lines name refunds and invoices.
    await tx.delete(creditNotes).where(inArray(creditNotes.invoiceId, ofOrders));
    await tx.delete(receipts).where(inArray(receipts.orderId, ids));
    await tx.delete(orderLines).where(inArray(orderLines.orderId, ids));
    await tx.delete(refunds).where(inArray(refunds.orderId, ids));
    await tx.delete(invoices).where(inArray(invoices.orderId, ids));
    await tx.delete(orders).where(inArray(orders.id, ids)); // payments: on delete cascade
    return ids.length;
  });
}
