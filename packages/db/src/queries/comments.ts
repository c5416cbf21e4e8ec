import { and, asc, eq, inArray, max, ne, type Placeholder, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { users } from "../schema/identity.ts";
import { commentReads, comments, conversationMails, practices } from "../schema/practices.ts";
import { afterMessage, type MessageTable } from "./conversations.ts";

export type CommentRow = typeof comments.$inferSelect;

/** A practice's conversation's messages are its comments (conversations.ts). */
const COMMENTS: MessageTable = {
  table: comments,
  id: comments.id,
  conversation: comments.practiceId,
  seq: comments.seq,
};

/**
 * A practice's comments in their order (comments_practice_seq_key), with their authors' names; with `after`
 * (one of its comments), only those after it: what a live socket's reconnection missed (ADR 030). The order
 * is the sequence numbers', which follow the commits: a comment committed later never sorts before one a
 * reader already has.
 */
export async function listComments(db: Db, practiceId: string, afterId?: string) {
  return db
    .select({ comment: comments, authorName: users.name, authorLastname: users.lastname })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(and(eq(comments.practiceId, practiceId), afterMessage(COMMENTS, practiceId, afterId)))
    .orderBy(asc(comments.seq));
}

/**
 * One comment with its author's name and what decides how each reader sees it (the practice's owner and
 * anonymity): a live delivery reads this once per process for every socket (ADR 030).
 */
export async function findCommentWithAuthor(db: Db, id: string) {
  const [row] = await db
    .select({
      comment: comments,
      authorName: users.name,
      authorLastname: users.lastname,
      ownerId: practices.ownerId,
      anonymous: practices.anonymous,
    })
    .from(comments)
    .innerJoin(practices, eq(practices.id, comments.practiceId))
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.id, id));
  return row;
}

/**
 * Adds a comment, and keeps the lawyer's work queue in step: the client's comment starts a wait for an answer
 * (or continues it), anybody else's answers it (practices.awaiting_reply_since).
 */
export async function addComment(
  db: Db,
  c: { practiceId: string; authorId: string; body: string; createdAt?: Date },
): Promise<CommentRow> {
  return db.transaction(async (tx) => {
    // The next number, under the practice row's lock until the commit: a concurrent comment waits here, so
    // the numbers follow the commits' order (ADR 030).
    const [counter] = await tx
      .update(practices)
      .set({ messageSeq: sql`${practices.messageSeq} + 1` })
      .where(eq(practices.id, c.practiceId))
      .returning({ seq: practices.messageSeq });
    if (!counter) throw new Error("comment on no practice");
    // A comment written at a given moment (the demo's) was not edited since.
    const [row] = await tx
      .insert(comments)
      .values({ ...c, seq: counter.seq, ...(c.createdAt ? { updatedAt: c.createdAt } : {}) })
      .returning();
    if (!row) throw new Error("comment not stored");
    await tx
      .update(practices)
      .set({
        awaitingReplySince: sql`case when ${practices.ownerId} = ${c.authorId}
          then coalesce(${practices.awaitingReplySince}, ${row.createdAt.toISOString()}::timestamptz)
          else null end`,
      })
      .where(eq(practices.id, c.practiceId));
    return row;
  });
}

export async function findComment(db: Db, id: string): Promise<CommentRow | undefined> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id));
  return row;
}

export async function updateComment(db: Db, id: string, body: string, at: Date): Promise<void> {
  await db.update(comments).set({ body, updatedAt: at }).where(eq(comments.id, id));
}

/**
 * The reader has read the practice's conversation up to that comment, never backwards (comment_reads' key):
 * the comment's own moment is copied in the database, microseconds and all. False when the comment is not
 * one of the practice's.
 */
export async function markCommentsRead(
  db: Db,
  practiceId: string,
  userId: string,
  upToCommentId: string,
): Promise<boolean> {
  const rows = await db
    .insert(commentReads)
    .select(
      db
        .select({
          practiceId: comments.practiceId,
          userId: sql<string>`${userId}::uuid`.as("user_id"),
          readUpTo: sql<Date>`${comments.createdAt}`.as("read_up_to"),
        })
        .from(comments)
        .where(and(eq(comments.id, upToCommentId), eq(comments.practiceId, practiceId))),
    )
    .onConflictDoUpdate({
      target: [commentReads.practiceId, commentReads.userId],
      set: { readUpTo: sql`greatest(${commentReads.readUpTo}, excluded.read_up_to)` },
    })
    .returning({ practiceId: commentReads.practiceId });
  return rows.length > 0;
}

/**
 * How far `userId` has read the practice's conversation, and how far its other side has: the owner for
 * anyone else, and for the owner whoever else read furthest (comment_reads' key leads with the practice).
 */
export async function commentReadsOf(db: Db, practiceId: string, ownerId: string | null, userId: string) {
  const read = (who: ReturnType<typeof eq>) =>
    db
      .select({ upTo: max(commentReads.readUpTo) })
      .from(commentReads)
      .where(and(eq(commentReads.practiceId, practiceId), who));
  const [mine] = await read(eq(commentReads.userId, userId));
  const [theirs] =
    userId === ownerId
      ? await read(ne(commentReads.userId, userId))
      : ownerId
        ? await read(eq(commentReads.userId, ownerId))
        : [undefined];
  return { mine: mine?.upTo ?? null, theirs: theirs?.upTo ?? null };
}

/**
 * How many messages of the practice `practiceId` names, written by others, `userId` has not read
 * (comments_practice_seq_key for the practice's messages, comment_reads' key for how far the reader got): the
 * one rule for an unread count, a subquery a list selects beside each practice.
 */
export const unreadCommentsOf = (db: Db, practiceId: SQLWrapper, userId: string | Placeholder) =>
  sql<number>`(${db
    .select({ n: sql`count(*)::int` })
    .from(comments)
    .leftJoin(
      commentReads,
      and(eq(commentReads.practiceId, comments.practiceId), eq(commentReads.userId, userId)),
    )
    .where(
      and(
        sql`${comments.practiceId} = ${practiceId}`,
        sql`${comments.authorId} is distinct from ${userId}`,
        sql`(${commentReads.readUpTo} is null or ${comments.createdAt} > ${commentReads.readUpTo})`,
      ),
    )})`;

/**
 * For each practice, the messages written by others that `userId` has not read (unreadCommentsOf). Practices
 * with none are absent. With `ownerId`, only the practices that account owns are counted (the practices'
 * primary key), the others absent as if they had none: a client asking by ids never learns anything of another's.
 */
export async function unreadCommentCounts(
  db: Db,
  userId: string,
  practiceIds: readonly string[],
  { ownerId }: { ownerId?: string } = {},
): Promise<Map<string, number>> {
  if (!practiceIds.length) return new Map();
  const rows = await db
    .select({ practiceId: practices.id, unread: unreadCommentsOf(db, practices.id, userId) })
    .from(practices)
    .where(
      and(inArray(practices.id, [...practiceIds]), ownerId ? eq(practices.ownerId, ownerId) : undefined),
    );
  return new Map(rows.filter((row) => row.unread > 0).map((row) => [row.practiceId, row.unread]));
}

/**
 * Claims the mail telling `userId` a message waits on the practice: true when none was sent within the
 * window, and then no other claim succeeds until it has passed (conversation_mails' key; a conditional upsert,
 * so two processes cannot both claim it).
 */
export async function claimConversationMail(
  db: Db,
  practiceId: string,
  userId: string,
  at: Date,
  windowSeconds: number,
): Promise<boolean> {
  const since = new Date(at.getTime() - windowSeconds * 1000);
  const rows = await db
    .insert(conversationMails)
    .values({ practiceId, userId, mailedAt: at })
    .onConflictDoUpdate({
      target: [conversationMails.practiceId, conversationMails.userId],
      set: { mailedAt: at },
      setWhere: sql`${conversationMails.mailedAt} <= ${since.toISOString()}::timestamptz`,
    })
    .returning({ practiceId: conversationMails.practiceId });
  return rows.length > 0;
}
