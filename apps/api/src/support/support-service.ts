import { CONVERSATION_MESSAGES } from "@argine/core/conversations/conversation-messages";
import type { CommentReads, SupportMessage } from "@argine/core/conversations/message-schemas";
import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { supportPolicy } from "@argine/core/support/policy";
import {
  firstWords,
  SUPPORT_MAIL_LINK_DAYS,
  type SupportInbox,
  type SupportMessageBody,
  type SupportThread,
  visitorLabel,
  visitorTokenActiveSince,
  visitorTokenExpiry,
} from "@argine/core/support/support-api";
import { SUPPORT_MAIL_LINK_HASH } from "@argine/core/support/support-routes";
import type { Db } from "@argine/db/client";
import {
  addSupportMessage,
  claimSupportAnswerMail,
  closeVisitorThread,
  findSupportMessage,
  findThread,
  findThreadByTokenHash,
  findThreadByUser,
  listSupportMessages,
  markSupportRead,
  openThread,
  resumeByMailLink,
  type SupportThreadRow,
  setSupportMailLink,
  supportInbox,
} from "@argine/db/queries/support";
import { findUserById } from "@argine/db/queries/users";
import { auditStaffRead } from "../audit/staff-read.ts";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { tellAfterCommit } from "../fan-out/fan-out.ts";
import { authorizeAction } from "../identity/authorize.ts";
import { hashToken, newLinkToken } from "../identity/link-tokens.ts";
import { supportAnswerMail } from "../mail/templates.ts";
import { CONVERSATION_MAIL_WINDOW_SECONDS } from "../practices/practice-comments-service.ts";
import { fullName } from "../practices/practice-view.ts";

// The support chat (ADR 030): a visitor's thread is theirs by the token their browser keeps (256 random bits,
// only its hash stored), a signed-in client's by the account; staff answer from the inbox. A line is announced
// on the fan-out once stored, like a case conversation's.

type SupportMessageRow = Awaited<ReturnType<typeof listSupportMessages>>[number];

export const toSupportMessage = ({
  message,
  staffName,
  staffLastname,
}: SupportMessageRow): SupportMessage => ({
  id: message.id,
  threadId: message.threadId,
  seq: message.seq,
  text: message.body,
  from: message.fromStaff ? "staff" : "person",
  author: message.fromStaff ? (fullName(staffName, staffLastname) ?? CONVERSATION_MESSAGES.team) : null,
  createdAt: message.createdAt.toISOString(),
});

/** Which side of a thread a reader is on: the person who asked, or the team. */
export type Side = "person" | "staff";

/** How far the reader (`mine`) and the other side (`theirs`) have read the thread. */
export const readsOf = (thread: SupportThreadRow, side: Side): CommentReads => {
  const [mine, theirs] =
    side === "person" ? [thread.personReadAt, thread.staffReadAt] : [thread.staffReadAt, thread.personReadAt];
  return { mine: mine?.toISOString() ?? null, theirs: theirs?.toISOString() ?? null };
};

/** What a thread shows: its lines, the team's with who wrote them; `token` only in the answer that made it. */
async function threadView(
  db: Db,
  thread: SupportThreadRow,
  side: Side,
  token: string | null = null,
): Promise<SupportThread> {
  const rows = await listSupportMessages(db, thread.id);
  return {
    threadId: thread.id,
    email: thread.email,
    token,
    messages: rows.map(toSupportMessage),
    reads: readsOf(thread, side),
  };
}

/**
 * The caller's thread: a signed-in caller's is the account's; a visitor's is the one their token opens. A
 * token that opens none is refused (404) rather than answered with a new thread: the browser then forgets it.
 */
async function ownThread(deps: Deps, actor: Actor | null, token: string | null) {
  if (actor) return findThreadByUser(deps.db, actor.userId);
  if (!token) return undefined;
  const thread = await findThreadByTokenHash(
    deps.db,
    hashToken(token),
    visitorTokenActiveSince(now(deps.clock)),
  );
  if (!thread) throw new AppError("NOT_FOUND", CONVERSATION_MESSAGES.threadGone);
  return thread;
}

export async function supportThread(
  deps: Deps,
  actor: Actor | null,
  token: string | null,
): Promise<SupportThread> {
  const thread = await ownThread(deps, actor, token);
  if (!thread) throw new AppError("NOT_FOUND", CONVERSATION_MESSAGES.noThreadYet);
  return threadView(deps.db, thread, "person");
}

/** A line in the caller's thread; the first opens it (and, for a visitor, gives the token to keep). */
export async function writeToSupport(
  deps: Deps,
  actor: Actor | null,
  token: string | null,
  body: SupportMessageBody,
): Promise<SupportThread> {
  authorizeAction(supportPolicy(actor, "write"));
  let thread = await ownThread(deps, actor, token);
  let newToken: string | null = null;
  if (!thread) {
    if (actor) thread = await openThread(deps.db, { userId: actor.userId });
    else {
      newToken = newLinkToken();
      thread = await openThread(deps.db, { tokenHash: hashToken(newToken) });
    }
  }
  const message = await addSupportMessage(deps.db, {
    threadId: thread.id,
    staffId: null,
    body: body.text,
    email: body.email,
  });
  await announce(deps, thread.id, message.id);
  return threadView(deps.db, (await findThread(deps.db, thread.id)) ?? thread, "person", newToken);
}

/**
 * The quick exit (ADR 030): the visitor's browser forgets the thread, so the token it held opens it no more
 * and staff see it closed rather than waiting. Only the answer mail's link opens it again.
 */
export async function closeOwnThread(deps: Deps, token: string | null): Promise<null> {
  const threadId = token ? await closeVisitorThread(deps.db, hashToken(token), now(deps.clock)) : undefined;
  if (!threadId) throw new AppError("NOT_FOUND", CONVERSATION_MESSAGES.threadGone);
  // Staff's inbox, watching, reads its list again on any signal of the thread; the live socket's kinds
  // (apps/api/src/conversations/live.ts) have no "closed", and a read mark that did not move changes nothing else.
  await tellAfterCommit(deps.fanOut, {
    conversation: { supportThreadId: threadId },
    kind: "read",
    ref: "person",
  });
  return null;
}

/**
 * The answer mail's link (ADR 030's amendment): once and before it expires, it opens the thread in the
 * browser that follows it, on any device, which gets a new token to keep (the answer's `token`).
 */
export async function resumeFromMail(deps: Deps, link: string): Promise<SupportThread> {
  const token = newLinkToken();
  const thread = await resumeByMailLink(deps.db, hashToken(link), hashToken(token), now(deps.clock));
  if (!thread) throw new AppError("NOT_FOUND", CONVERSATION_MESSAGES.mailLinkGone);
  return threadView(deps.db, thread, "person", token);
}

/** The staff's inbox, waiting first; the threads seen leave one audit line. */
export async function inbox(deps: Deps, actor: Actor): Promise<SupportInbox> {
  authorizeAction(supportPolicy(actor, "work-inbox"));
  const rows = await supportInbox(deps.db, 100);
  await auditStaffRead(
    deps.db,
    actor,
    "support.list",
    rows.map((row) => row.thread.id),
  );
  return {
    data: rows.map(({ thread, name, lastname, firstLine }) => ({
      threadId: thread.id,
      who: thread.userId
        ? (fullName(name, lastname) ?? CONVERSATION_MESSAGES.unnamedClient)
        : visitorLabel(thread.id),
      firstWords: firstLine ? firstWords(firstLine) : null,
      closedAt: thread.closedAt?.toISOString() ?? null,
      email: thread.email,
      lastMessageAt: thread.lastMessageAt.toISOString(),
      awaitingReplySince: thread.awaitingReplySince?.toISOString() ?? null,
    })),
  };
}

export async function staffOwnThread(deps: Deps, actor: Actor, id: string, audited = true) {
  authorizeAction(supportPolicy(actor, "work-inbox"));
  const thread = await findThread(deps.db, id);
  if (!thread) throw new AppError("NOT_FOUND");
  if (audited) await auditStaffRead(deps.db, actor, "support.read", [thread.id]);
  return thread;
}

export async function staffSupportThread(deps: Deps, actor: Actor, id: string): Promise<SupportThread> {
  return threadView(deps.db, await staffOwnThread(deps, actor, id), "staff");
}

/**
 * Staff's answer: the person's wait ends, and their widget shows it live. A check is queued with it: if the
 * person has not read it a couple of minutes on, and left an address (or has an account), they are mailed
 * that an answer waits.
 */
export async function answerSupport(
  deps: Deps,
  actor: Actor,
  id: string,
  text: string,
): Promise<SupportThread> {
  const thread = await staffOwnThread(deps, actor, id);
  const message = await deps.db.transaction(async (tx) => {
    const row = await addSupportMessage(tx, { threadId: thread.id, staffId: actor.userId, body: text });
    await deps.jobs.send(
      tx,
      "support-mail",
      { threadId: thread.id, messageId: row.id },
      { startAfterSeconds: deps.config.conversationMailDelaySeconds },
    );
    return row;
  });
  await announce(deps, thread.id, message.id);
  return threadView(deps.db, (await findThread(deps.db, thread.id)) ?? thread, "staff");
}

/** The person has read their thread up to a line: staff see it (the signal tells their sockets). */
export async function readOwnThread(
  deps: Deps,
  actor: Actor | null,
  token: string | null,
  upTo: string,
): Promise<CommentReads> {
  const thread = await ownThread(deps, actor, token);
  if (!thread) throw new AppError("NOT_FOUND", CONVERSATION_MESSAGES.noThreadYet);
  return markRead(deps, thread.id, "person", upTo);
}

/** Staff have read a thread up to a line: the person sees "Letto dal team". Not a read of its own to audit. */
export async function readStaffThread(
  deps: Deps,
  actor: Actor,
  id: string,
  upTo: string,
): Promise<CommentReads> {
  const thread = await staffOwnThread(deps, actor, id, false);
  return markRead(deps, thread.id, "staff", upTo);
}

async function markRead(deps: Deps, threadId: string, side: Side, upTo: string): Promise<CommentReads> {
  if (await markSupportRead(deps.db, threadId, side, upTo))
    await tellAfterCommit(deps.fanOut, {
      conversation: { supportThreadId: threadId },
      kind: "read",
      ref: side,
    });
  const thread = await findThread(deps.db, threadId);
  if (!thread) throw new AppError("NOT_FOUND");
  return readsOf(thread, side);
}

/**
 * The "support-mail" job: the person is mailed that the team answered, unless they read it live, at most once
 * an hour per thread; the mail says nothing of the answer (the mailbox may not be theirs alone).
 */
export async function mailSupportAnswer(
  deps: Deps,
  { threadId, messageId }: { threadId: string; messageId: string },
): Promise<void> {
  const [thread, message] = await Promise.all([
    findThread(deps.db, threadId),
    findSupportMessage(deps.db, threadId, messageId),
  ]);
  if (!thread || !message) return;
  if (thread.personReadAt && thread.personReadAt >= message.message.createdAt) return;
  const to = thread.email ?? (thread.userId ? (await findUserById(deps.db, thread.userId))?.email : null);
  if (!to) return;
  const at = now(deps.clock);
  await deps.db.transaction(async (tx) => {
    if (!(await claimSupportAnswerMail(tx, thread.id, at, CONVERSATION_MAIL_WINDOW_SECONDS))) return;
    const { publicUrl } = deps.config;
    if (thread.userId) {
      await deps.jobs.send(tx, "mail", supportAnswerMail(to, { account: publicUrl }));
      return;
    }
    // A visitor may read it on another device, or after the quick exit: a link that opens the thread,
    // its token in the fragment (never sent to a server, so in no log), only its hash stored.
    const link = newLinkToken();
    const expiresAt = new Date(at.getTime() + SUPPORT_MAIL_LINK_DAYS * 24 * 3600 * 1000);
    await setSupportMailLink(tx, thread.id, hashToken(link), expiresAt);
    await deps.jobs.send(
      tx,
      "mail",
      supportAnswerMail(to, { visitor: `${publicUrl}/#${SUPPORT_MAIL_LINK_HASH}=${link}` }),
    );
  });
}

const announce = (deps: Deps, threadId: string, messageId: string) =>
  tellAfterCommit(deps.fanOut, {
    conversation: { supportThreadId: threadId },
    kind: "message",
    ref: messageId,
  });

/**
 * The thread a visitor's token opens, and until when (SUPPORT_TOKEN_DAYS after its last line): the socket
 * refuses a token that opens none as HTTP does, and closes when it expires.
 */
export async function visitorThread(deps: Deps, token: string) {
  const thread = await findThreadByTokenHash(
    deps.db,
    hashToken(token),
    visitorTokenActiveSince(now(deps.clock)),
  );
  return thread ? { id: thread.id, expiresAt: visitorTokenExpiry(thread) } : null;
}
