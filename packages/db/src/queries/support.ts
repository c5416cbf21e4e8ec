import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { users } from "../schema/identity.ts";
import { supportMessages, supportThreads } from "../schema/support.ts";
import { afterMessage, type MessageTable } from "./conversations.ts";

// The support chat's threads and lines (ADR 030).

export type SupportThreadRow = typeof supportThreads.$inferSelect;

/** A support thread's messages are its lines (conversations.ts). */
const SUPPORT_MESSAGES: MessageTable = {
  table: supportMessages,
  id: supportMessages.id,
  conversation: supportMessages.threadId,
  seq: supportMessages.seq,
};

/**
 * A visitor's thread by its token's hash (support_threads_token_hash_key), while the token lasts: a thread
 * closed by the quick exit, or whose last line is not after `activeSince` (core's visitorTokenActiveSince),
 * is opened by its token no more.
 */
export async function findThreadByTokenHash(db: Db, tokenHash: string, activeSince: Date) {
  const [row] = await db
    .select()
    .from(supportThreads)
    .where(
      and(
        eq(supportThreads.tokenHash, tokenHash),
        isNull(supportThreads.closedAt),
        gt(supportThreads.lastMessageAt, activeSince),
      ),
    );
  return row;
}

/**
 * The quick exit closes the visitor's thread (support_threads_token_hash_key): nobody waits in that browser
 * any more. The thread's id, or undefined when the token opens no open thread.
 */
export async function closeVisitorThread(db: Db, tokenHash: string, at: Date): Promise<string | undefined> {
  const [row] = await db
    .update(supportThreads)
    .set({ closedAt: at, awaitingReplySince: null })
    .where(and(eq(supportThreads.tokenHash, tokenHash), isNull(supportThreads.closedAt)))
    .returning({ id: supportThreads.id });
  return row?.id;
}

/** The answer mail's new link: it replaces the previous mail's, which opens nothing any more. */
export async function setSupportMailLink(db: Db, threadId: string, linkHash: string, expiresAt: Date) {
  await db
    .update(supportThreads)
    .set({ mailLinkHash: linkHash, mailLinkExpiresAt: expiresAt })
    .where(eq(supportThreads.id, threadId));
}

/**
 * The answer mail's link used (support_threads_mail_link_hash_key): once, before it expires (the conditional
 * update decides, so two clicks at once open it once). The thread gets the new token's hash, which this
 * browser keeps, and is open again; the old token opens it no more.
 */
export async function resumeByMailLink(db: Db, linkHash: string, tokenHash: string, at: Date) {
  const [row] = await db
    .update(supportThreads)
    .set({ tokenHash, mailLinkHash: null, mailLinkExpiresAt: null, closedAt: null })
    .where(and(eq(supportThreads.mailLinkHash, linkHash), gt(supportThreads.mailLinkExpiresAt, at)))
    .returning();
  return row;
}

/** A signed-in client's thread (support_threads_user_key). */
export async function findThreadByUser(db: Db, userId: string) {
  const [row] = await db.select().from(supportThreads).where(eq(supportThreads.userId, userId));
  return row;
}

export async function findThread(db: Db, id: string) {
  const [row] = await db.select().from(supportThreads).where(eq(supportThreads.id, id));
  return row;
}

/**
 * A new thread, a visitor's (by token hash) or an account's. An account has one: a second, concurrent
 * opening finds the first (the unique key decides, not a read before the write).
 */
export async function openThread(
  db: Db,
  owner: { tokenHash: string } | { userId: string },
): Promise<SupportThreadRow> {
  const [row] = await db.insert(supportThreads).values(owner).onConflictDoNothing().returning();
  const existing = row ?? ("userId" in owner ? await findThreadByUser(db, owner.userId) : undefined);
  if (!existing) throw new Error("support thread not opened");
  return existing;
}

/**
 * Adds a line and keeps the inbox in step: the person's line starts (or continues) the wait for an answer,
 * staff's ends it; an e-mail given with the person's line is kept for the answer.
 */
export async function addSupportMessage(
  db: Db,
  m: { threadId: string; staffId: string | null; body: string; email?: string | undefined },
) {
  return db.transaction(async (tx) => {
    // The next number, under the thread row's lock until the commit (ADR 030), as db's addComment does.
    const [counter] = await tx
      .update(supportThreads)
      .set({ messageSeq: sql`${supportThreads.messageSeq} + 1` })
      .where(eq(supportThreads.id, m.threadId))
      .returning({ seq: supportThreads.messageSeq });
    if (!counter) throw new Error("support message on no thread");
    const [row] = await tx
      .insert(supportMessages)
      .values({
        threadId: m.threadId,
        staffId: m.staffId,
        fromStaff: m.staffId !== null,
        body: m.body,
        seq: counter.seq,
      })
      .returning();
    if (!row) throw new Error("support message not stored");
    await tx
      .update(supportThreads)
      .set({
        lastMessageAt: row.createdAt,
        awaitingReplySince:
          m.staffId === null
            ? sql`coalesce(${supportThreads.awaitingReplySince}, ${row.createdAt.toISOString()}::timestamptz)`
            : null,
        ...(m.email ? { email: m.email } : {}),
      })
      .where(eq(supportThreads.id, m.threadId));
    return row;
  });
}

/**
 * A thread's lines in their order (support_messages_thread_seq_key), with the answering staff's names; with
 * `after`, only those after that line: what a live socket's reconnection missed (ADR 030), as db's
 * listComments pages.
 */
export async function listSupportMessages(db: Db, threadId: string, afterId?: string | null) {
  return db
    .select({ message: supportMessages, staffName: users.name, staffLastname: users.lastname })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.staffId))
    .where(and(eq(supportMessages.threadId, threadId), afterMessage(SUPPORT_MESSAGES, threadId, afterId)))
    .orderBy(asc(supportMessages.seq));
}

/** One line of a thread, as listSupportMessages gives each; undefined if it is not that thread's. */
export async function findSupportMessage(db: Db, threadId: string, id: string) {
  const [row] = await db
    .select({ message: supportMessages, staffName: users.name, staffLastname: users.lastname })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.staffId))
    .where(and(eq(supportMessages.id, id), eq(supportMessages.threadId, threadId)));
  return row;
}

/**
 * The staff's inbox: the threads waiting for an answer first, the longest waiting first, then the others,
 * the latest first (support_threads_inbox_idx), with the client's name for an account's thread and the
 * start of the person's first line (support_messages_thread_seq_key).
 */
export async function supportInbox(db: Db, limit: number) {
  return db
    .select({
      thread: supportThreads,
      name: users.name,
      lastname: users.lastname,
      firstLine: sql<
        string | null
      >`(select left(m.body, 200) from support_messages m where m.thread_id = ${supportThreads.id} and not m.from_staff order by m.seq limit 1)`,
    })
    .from(supportThreads)
    .leftJoin(users, eq(users.id, supportThreads.userId))
    .orderBy(sql`${supportThreads.awaitingReplySince} asc nulls last`, desc(supportThreads.lastMessageAt))
    .limit(limit);
}

/**
 * One side has read the thread up to a line of it: its mark moves to that line's time, never backwards (a
 * stale tab cannot unread). False when the line is not the thread's or the mark was already there.
 */
export async function markSupportRead(
  db: Db,
  threadId: string,
  side: "person" | "staff",
  upToMessageId: string,
): Promise<boolean> {
  const column = side === "person" ? supportThreads.personReadAt : supportThreads.staffReadAt;
  const line = sql`(select m.created_at from support_messages m where m.id = ${upToMessageId} and m.thread_id = ${threadId})`;
  const rows = await db
    .update(supportThreads)
    .set(side === "person" ? { personReadAt: line } : { staffReadAt: line })
    .where(and(eq(supportThreads.id, threadId), sql`${line} > coalesce(${column}, '-infinity'::timestamptz)`))
    .returning({ id: supportThreads.id });
  return rows.length > 0;
}

/**
 * Claims the mail telling the person an answer waits: true at most once an hour per thread (the conditional
 * update decides, so two answers' jobs running together send one).
 */
export async function claimSupportAnswerMail(db: Db, threadId: string, at: Date, windowSeconds: number) {
  const since = new Date(at.getTime() - windowSeconds * 1000);
  const rows = await db
    .update(supportThreads)
    .set({ answerMailedAt: at })
    .where(
      and(
        eq(supportThreads.id, threadId),
        sql`(${supportThreads.answerMailedAt} is null or ${supportThreads.answerMailedAt} <= ${since.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: supportThreads.id });
  return rows.length > 0;
}
