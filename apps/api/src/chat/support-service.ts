import { CHAT_MESSAGES } from "@argine/core/chat/chat-messages";
import { supportPolicy } from "@argine/core/chat/policy";
import type { SupportInbox, SupportMessageBody, SupportThread } from "@argine/core/chat/support-api";
import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import type { Db } from "@argine/db/client";
import {
  addSupportMessage,
  findThread,
  findThreadByTokenHash,
  findThreadByUser,
  listSupportMessages,
  openThread,
  type SupportThreadRow,
  supportInbox,
} from "@argine/db/queries/support";
import { auditStaffRead } from "../audit/staff-read.ts";
import type { Deps } from "../deps.ts";
import { tellAfterCommit } from "../fan-out/fan-out.ts";
import { authorizeAction } from "../identity/authorize.ts";
import { hashToken, newLinkToken } from "../identity/link-tokens.ts";
import { fullName } from "../practices/practice-view.ts";

// The support chat (ADR 030): a visitor's thread is theirs by the token their browser keeps (256 random bits,
// only its hash stored), a signed-in client's by the account; staff answer from the inbox. A line is announced
// on the fan-out once stored, like a case conversation's.

/** What a thread shows: its lines, the team's with who wrote them; `token` only in the answer that made it. */
async function threadView(
  db: Db,
  thread: SupportThreadRow,
  token: string | null = null,
): Promise<SupportThread> {
  const rows = await listSupportMessages(db, thread.id);
  return {
    threadId: thread.id,
    email: thread.email,
    token,
    messages: rows.map(({ message, staffName, staffLastname }) => ({
      id: message.id,
      threadId: message.threadId,
      text: message.body,
      from: message.fromStaff ? "staff" : "person",
      author: message.fromStaff ? (fullName(staffName, staffLastname) ?? CHAT_MESSAGES.team) : null,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}

/**
 * The caller's thread: a signed-in caller's is the account's; a visitor's is the one their token opens. A
 * token that opens none is refused (404) rather than answered with a new thread: the browser then forgets it.
 */
async function ownThread(db: Db, actor: Actor | null, token: string | null) {
  if (actor) return findThreadByUser(db, actor.userId);
  if (!token) return undefined;
  const thread = await findThreadByTokenHash(db, hashToken(token));
  if (!thread) throw new AppError("NOT_FOUND", CHAT_MESSAGES.threadGone);
  return thread;
}

export async function supportThread(
  deps: Deps,
  actor: Actor | null,
  token: string | null,
): Promise<SupportThread> {
  const thread = await ownThread(deps.db, actor, token);
  if (!thread) throw new AppError("NOT_FOUND", CHAT_MESSAGES.noThreadYet);
  return threadView(deps.db, thread);
}

/** A line in the caller's thread; the first opens it (and, for a visitor, gives the token to keep). */
export async function writeToSupport(
  deps: Deps,
  actor: Actor | null,
  token: string | null,
  body: SupportMessageBody,
): Promise<SupportThread> {
  authorizeAction(supportPolicy(actor, "write"));
  let thread = await ownThread(deps.db, actor, token);
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
  return threadView(deps.db, (await findThread(deps.db, thread.id)) ?? thread, newToken);
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
    data: rows.map(({ thread, name, lastname }) => ({
      threadId: thread.id,
      who: thread.userId ? (fullName(name, lastname) ?? CHAT_MESSAGES.unnamedClient) : CHAT_MESSAGES.visitor,
      email: thread.email,
      lastMessageAt: thread.lastMessageAt.toISOString(),
      awaitingReplySince: thread.awaitingReplySince?.toISOString() ?? null,
    })),
  };
}

async function staffOwnThread(deps: Deps, actor: Actor, id: string) {
  authorizeAction(supportPolicy(actor, "work-inbox"));
  const thread = await findThread(deps.db, id);
  if (!thread) throw new AppError("NOT_FOUND");
  await auditStaffRead(deps.db, actor, "support.read", [thread.id]);
  return thread;
}

export async function staffSupportThread(deps: Deps, actor: Actor, id: string): Promise<SupportThread> {
  return threadView(deps.db, await staffOwnThread(deps, actor, id));
}

/** Staff's answer: the person's wait ends, and their widget shows it live. */
export async function answerSupport(
  deps: Deps,
  actor: Actor,
  id: string,
  text: string,
): Promise<SupportThread> {
  const thread = await staffOwnThread(deps, actor, id);
  const message = await addSupportMessage(deps.db, {
    threadId: thread.id,
    staffId: actor.userId,
    body: text,
  });
  await announce(deps, thread.id, message.id);
  return threadView(deps.db, thread);
}

const announce = (deps: Deps, threadId: string, messageId: string) =>
  tellAfterCommit(deps.chat, { conversationId: threadId, kind: "message", ref: messageId });
