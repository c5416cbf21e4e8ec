import type { TakedownNoticeStatus } from "@argine/core/takedown/notice";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { takedownNotices } from "../schema/takedown.ts";

// A takedown's notices, one per URL (ADR 021). The client's URLs are written once; each later change is
// one conditional update from the row the caller read, so two staff recording at once cannot both win.

export type TakedownNoticeRow = typeof takedownNotices.$inferSelect;

/** A service's notices, in the client's order (takedown_notices_service_position_key). */
export async function listTakedownNotices(db: Db, serviceId: string): Promise<TakedownNoticeRow[]> {
  return db
    .select()
    .from(takedownNotices)
    .where(eq(takedownNotices.serviceId, serviceId))
    .orderBy(asc(takedownNotices.position));
}

/**
 * The client's URLs, positions 1 to n; none written when the service already has some (the unique index
 * makes two submissions at once one): the answer is then empty.
 */
export async function insertTakedownNotices(
  db: Db,
  serviceId: string,
  urls: readonly { url: string; platform: string | null }[],
  at: Date,
): Promise<TakedownNoticeRow[]> {
  return db
    .insert(takedownNotices)
    .values(urls.map((u, i) => ({ serviceId, position: i + 1, ...u, createdAt: at, updatedAt: at })))
    .onConflictDoNothing()
    .returning();
}

export async function findTakedownNotice(
  db: Db,
  serviceId: string,
  id: string,
): Promise<TakedownNoticeRow | undefined> {
  const [row] = await db
    .select()
    .from(takedownNotices)
    .where(and(eq(takedownNotices.serviceId, serviceId), eq(takedownNotices.id, id)));
  return row;
}

/** The staff's record, from the status read; undefined when another record moved it meanwhile. */
export async function recordTakedownNotice(
  db: Db,
  read: TakedownNoticeRow,
  change: {
    status: TakedownNoticeStatus;
    sentVia: string;
    sentAt: Date;
    answeredAt: Date | null;
    staffNote: string | null;
    recordedBy: string;
  },
  at: Date,
): Promise<TakedownNoticeRow | undefined> {
  const [row] = await db
    .update(takedownNotices)
    .set({ ...change, updatedAt: at })
    .where(and(eq(takedownNotices.id, read.id), eq(takedownNotices.status, read.status)))
    .returning();
  return row;
}
