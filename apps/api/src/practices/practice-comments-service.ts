import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { canEditComment } from "@argine/core/practices/policy";
import type { Comment } from "@argine/core/practices/practices-api";
import type { Db } from "@argine/db/client";
import {
  type CommentRow,
  findComment,
  addComment as insertComment,
  listComments,
  updateComment,
} from "@argine/db/queries/comments";
import { findUserById } from "@argine/db/queries/users";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { authorizeAction } from "../identity/authorize.ts";
import { authorizedPractice } from "./practice-access.ts";
import { fullName } from "./practice-view.ts";

// The conversation on a practice between its client and staff: each may write, each edits only their own.

const toComment = (c: CommentRow, author: string | null): Comment => ({
  id: c.id,
  practiceId: c.practiceId,
  comment: c.body,
  authorId: c.authorId,
  author,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

/** The comment as its author (the caller) wrote it. */
const asWrittenBy = async (db: Db, actor: Actor, c: CommentRow) => {
  const author = await findUserById(db, actor.userId);
  return toComment(c, author ? fullName(author.name, author.lastname) : null);
};

export async function practiceComments(deps: Deps, actor: Actor, id: string): Promise<Comment[]> {
  const practice = await authorizedPractice(deps.db, actor, id, "read");
  const rows = await listComments(deps.db, practice.id);
  return rows.map((r) => toComment(r.comment, fullName(r.authorName, r.authorLastname)));
}

/** A new comment; the client's starts (or continues) the lawyer's wait for an answer (db's addComment). */
export function addComment(deps: Deps, actor: Actor, id: string, text: string): Promise<Comment> {
  return deps.db.transaction(async (tx) => {
    const practice = await authorizedPractice(tx, actor, id, "comment");
    const row = await insertComment(tx, { practiceId: practice.id, authorId: actor.userId, body: text });
    return asWrittenBy(tx, actor, row);
  });
}

/** Edits the caller's own comment: nobody puts words in someone else's mouth (core's canEditComment). */
export function editComment(deps: Deps, actor: Actor, commentId: string, text: string): Promise<Comment> {
  return deps.db.transaction(async (tx) => {
    const comment = await findComment(tx, commentId);
    if (!comment) throw new AppError("NOT_FOUND");
    await authorizedPractice(tx, actor, comment.practiceId, "comment");
    authorizeAction(canEditComment(actor, comment));
    await updateComment(tx, comment.id, text, now(deps.clock));
    const updated = await findComment(tx, comment.id);
    if (!updated) throw new AppError("NOT_FOUND");
    return asWrittenBy(tx, actor, updated);
  });
}
