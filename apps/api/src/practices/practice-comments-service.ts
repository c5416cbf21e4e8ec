import { CONVERSATION_MESSAGES } from "@argine/core/conversations/conversation-messages";
import type { Comment, CommentReads } from "@argine/core/conversations/message-schemas";
import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { PRACTICES_LIST_PATH } from "@argine/core/practices/case-path";
import { canEditComment } from "@argine/core/practices/policy";
import type { Db } from "@argine/db/client";
import {
  type CommentRow,
  claimConversationMail,
  commentReadsOf,
  findComment,
  addComment as insertComment,
  listComments,
  markCommentsRead,
  updateComment,
} from "@argine/db/queries/comments";
import { findPractice, type PracticeRow } from "@argine/db/queries/practices";
import { findUserById } from "@argine/db/queries/users";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { tellAfterCommit } from "../fan-out/fan-out.ts";
import { authorizeAction } from "../identity/authorize.ts";
import { messageWaitingMail } from "../mail/templates.ts";
import { authorizedPractice } from "./practice-access.ts";
import { fullName } from "./practice-view.ts";

// The conversation on a practice between its client and staff (ADR 030: its messages are these comments):
// each may write, each edits only their own. A change is announced on the chat's fan-out once committed, and
// the live sockets subscribed to the practice read it (conversations/live.ts).

const toComment = (c: CommentRow, author: string | null): Comment => ({
  id: c.id,
  practiceId: c.practiceId,
  seq: c.seq,
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

type CommentWithAuthor = Awaited<ReturnType<typeof listComments>>[number];

/**
 * A comment as `reader` sees it: on an anonymous practice, the client's name is shown to nobody else, not
 * even in the conversation.
 */
export const seenBy =
  (reader: Actor, practice: Pick<PracticeRow, "anonymous" | "ownerId">) =>
  (r: CommentWithAuthor): Comment => {
    const hidden =
      practice.anonymous && r.comment.authorId === practice.ownerId && reader.userId !== practice.ownerId;
    return toComment(
      r.comment,
      hidden ? CONVERSATION_MESSAGES.anonymousClient : fullName(r.authorName, r.authorLastname),
    );
  };

/**
 * The practice's comments in their order; with `after` (a comment of this practice), only those after it:
 * a live socket's catch-up. An `after` that is not one of its comments reads as none: the whole conversation.
 */
export async function practiceComments(
  deps: Deps,
  actor: Actor,
  id: string,
  after: string | null = null,
): Promise<Comment[]> {
  const practice = await authorizedPractice(deps.db, actor, id, "read");
  const cursor = after ? await findComment(deps.db, after) : undefined;
  const rows = await listComments(
    deps.db,
    practice.id,
    cursor?.practiceId === practice.id ? cursor.id : undefined,
  );
  return rows.map(seenBy(actor, practice));
}

const announce = async (deps: Deps, comment: Comment) => {
  await tellAfterCommit(deps.fanOut, {
    conversation: { practiceId: comment.practiceId },
    kind: "message",
    ref: comment.id,
  });
  return comment;
};

/** At most one "a message waits" mail per reader and practice within this window. */
export const CONVERSATION_MAIL_WINDOW_SECONDS = 3600;

/**
 * A new comment; the client's starts (or continues) the lawyer's wait for an answer (db's addComment). A
 * check is queued with it: if the other side has not read it by then, they are mailed that it waits.
 */
export async function addComment(deps: Deps, actor: Actor, id: string, text: string): Promise<Comment> {
  const comment = await deps.db.transaction(async (tx) => {
    const practice = await authorizedPractice(tx, actor, id, "comment");
    const row = await insertComment(tx, { practiceId: practice.id, authorId: actor.userId, body: text });
    await deps.jobs.send(
      tx,
      "conversation-mail",
      { commentId: row.id },
      // One on the page reads it live first: CONVERSATION_MAIL_DELAY_SECONDS, two minutes by default.
      { startAfterSeconds: deps.config.conversationMailDelaySeconds },
    );
    return asWrittenBy(tx, actor, row);
  });
  return announce(deps, comment);
}

/**
 * The "conversation-mail" job: the message's reader (the lawyer in charge for the client's message, else
 * nobody (the work queue shows it); the client for staff's) is mailed that it waits, unless they have read it,
 * at most once an hour per practice. The mail says nothing of the message or the case (templates.ts).
 */
export async function mailUnreadMessage(deps: Deps, commentId: string): Promise<void> {
  const comment = await findComment(deps.db, commentId);
  const practice = comment ? await findPractice(deps.db, comment.practiceId) : undefined;
  if (!comment || !practice) return;
  const readerId = comment.authorId === practice.ownerId ? practice.assignedLawyerId : practice.ownerId;
  if (!readerId || readerId === comment.authorId) return;
  const { mine } = await commentReadsOf(deps.db, practice.id, practice.ownerId, readerId);
  if (mine && new Date(mine).getTime() >= comment.createdAt.getTime()) return;
  const reader = await findUserById(deps.db, readerId);
  if (!reader) return;
  const at = now(deps.clock);
  await deps.db.transaction(async (tx) => {
    if (!(await claimConversationMail(tx, practice.id, reader.id, at, CONVERSATION_MAIL_WINDOW_SECONDS)))
      return;
    const link = `${deps.config.publicUrl}${PRACTICES_LIST_PATH}`;
    await deps.jobs.send(tx, "mail", messageWaitingMail(reader.email, reader.name, link));
  });
}

/** Edits the caller's own comment: nobody puts words in someone else's mouth (core's canEditComment). */
export async function editComment(
  deps: Deps,
  actor: Actor,
  commentId: string,
  text: string,
): Promise<Comment> {
  const comment = await deps.db.transaction(async (tx) => {
    const comment = await findComment(tx, commentId);
    if (!comment) throw new AppError("NOT_FOUND");
    await authorizedPractice(tx, actor, comment.practiceId, "comment");
    authorizeAction(canEditComment(actor, comment));
    await updateComment(tx, comment.id, text, now(deps.clock));
    const updated = await findComment(tx, comment.id);
    if (!updated) throw new AppError("NOT_FOUND");
    return asWrittenBy(tx, actor, updated);
  });
  return announce(deps, comment);
}

const moment = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/** How far the caller and the other side have read (db's commentReadsOf), as the API shows moments. */
async function readsOf(db: Db, practice: PracticeRow, actor: Actor): Promise<CommentReads> {
  const reads = await commentReadsOf(db, practice.id, practice.ownerId, actor.userId);
  return { mine: moment(reads.mine), theirs: moment(reads.theirs) };
}

export async function commentReads(deps: Deps, actor: Actor, id: string): Promise<CommentReads> {
  return readsOf(deps.db, await authorizedPractice(deps.db, actor, id, "read"), actor);
}

/** The reads as a live subscription already authorized to read the practice sees them (no new audit line). */
export async function subscribedReads(deps: Deps, actor: Actor, practiceId: string) {
  const practice = await findPractice(deps.db, practiceId);
  return practice ? readsOf(deps.db, practice, actor) : null;
}

/**
 * The caller has read the conversation up to `upTo` (one of its comments, else 404): their unread count
 * drops, and the other side's sockets learn it ("Letto").
 */
export async function readComments(
  deps: Deps,
  actor: Actor,
  id: string,
  upTo: string,
): Promise<CommentReads> {
  const practice = await authorizedPractice(deps.db, actor, id, "read");
  if (!(await markCommentsRead(deps.db, practice.id, actor.userId, upTo))) throw new AppError("NOT_FOUND");
  await tellAfterCommit(deps.fanOut, {
    conversation: { practiceId: practice.id },
    kind: "read",
    ref: actor.userId,
  });
  return readsOf(deps.db, practice, actor);
}
