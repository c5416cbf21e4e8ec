import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { users } from "../schema/identity.ts";
import { comments, practices } from "../schema/practices.ts";

export type CommentRow = typeof comments.$inferSelect;

/**
 * A practice's comments, oldest first, with their authors' names (comments_practice_idx); with `after`, only
 * those that came after that one, in the same order: what a live socket's reconnection missed (ADR 030).
 */
export async function listComments(db: Db, practiceId: string, afterId?: string) {
  return db
    .select({ comment: comments, authorName: users.name, authorLastname: users.lastname })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(
      and(
        eq(comments.practiceId, practiceId),
        // Compared in the database: a JS Date would drop the timestamp's microseconds.
        afterId
          ? sql`(${comments.createdAt}, ${comments.id}) > (select c.created_at, c.id from comments c where c.id = ${afterId})`
          : undefined,
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

/** One comment with its author's name, as listComments gives each. */
export async function findCommentWithAuthor(db: Db, id: string) {
  const [row] = await db
    .select({ comment: comments, authorName: users.name, authorLastname: users.lastname })
    .from(comments)
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
  c: { practiceId: string; authorId: string; body: string },
): Promise<CommentRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(comments).values(c).returning();
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
