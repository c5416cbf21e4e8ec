import type { ConversationMessage, ConversationRef } from "@argine/core/conversations/live-api";
import type { ConversationKind } from "@argine/core/conversations/live-protocol";
import type { CommentReads } from "@argine/core/conversations/message-schemas";
import type { Actor } from "@argine/core/identity/policy";
import type { Deps } from "../deps.ts";

// One conversation model (ADR 030): a practice's conversation (its comments) and a support thread are two
// kinds behind this one interface; the live socket (live.ts) knows only the interface, and each kind keeps
// its own reads, rules and audit (practices/practice-conversation.ts, support/support-conversation.ts).

/** Who follows conversations on a live socket: a signed-in caller, or a visitor known by their token. */
export interface Caller {
  actor: Actor | null;
  /** The support thread a visitor's token opens; null for a signed-in caller. */
  visitorThreadId: string | null;
}

/**
 * What a signal names, read once per process for every socket that needs it (delivery.ts): the message (for
 * a message signal) and the conversation's readers, so each socket decides without a read of its own.
 */
export interface Loaded {
  /** The message as `caller` sees it; null for a signal that names none (a read mark) or a message gone. */
  seenBy(caller: Caller): ConversationMessage | null;
  /** Whether `caller` may read the conversation: a watching list hears of its activity only then. */
  readableBy(caller: Caller): boolean;
}

export interface Conversation<R extends ConversationRef = ConversationRef> {
  /**
   * The messages after `after` (one of the conversation's; null, or not one of them, for all) as the caller
   * sees them, read as the HTTP call reads them: authorized (an AppError when not), and audited for staff.
   * A subscription starts with it, and a reconnection catches up with it, in `seq` order.
   */
  readAfter(deps: Deps, caller: Caller, ref: R, after: string | null): Promise<ConversationMessage[]>;
  /** What a signal names (a message by id, or null), read once for all sockets; null when it is gone. */
  load(deps: Deps, ref: R, messageId: string | null): Promise<Loaded | null>;
  /** How far each side has read, as a caller already let in sees it (no new audit line); null when gone. */
  reads(deps: Deps, caller: Caller, ref: R): Promise<CommentReads | null>;
}

/** Every kind's implementation, as the socket's route assembles them. */
export type Conversations = { [K in ConversationKind]: Conversation };
