import type { ConversationRef } from "./live-api.ts";

// The live socket's protocol (ADR 030) apart from its frames' schemas (live-api.ts): the path, the
// subprotocols, the close codes and a conversation's key. A screen that lists conversations needs these, not
// the validation library, which the web loads with the first socket (issue 41).

/** The live socket's path under API_PREFIX: one WebSocket per tab. */
export const LIVE_PATH = "/live";

/** The socket's subprotocol; the caller's token rides as a second one (`bearer.<jwt>`), never in the URL. */
export const LIVE_PROTOCOL = "argine.v1";
export const BEARER_PROTOCOL_PREFIX = "bearer.";
/** A visitor without an account offers their support thread's token instead (`support.<token>`). */
export const SUPPORT_PROTOCOL_PREFIX = "support.";

/** The longest frame a client may send: a subscription is a few hundred bytes. */
export const LIVE_FRAME_MAX_BYTES = 4 * 1024;

/** A tab sends "typing" at most this often while its user types; the other side shows it this long. */
export const TYPING_EVERY_MS = 3_000;
export const TYPING_SHOWN_MS = 6_000;

/** Close codes beside the standard ones (4000–4999 are the application's). */
export const LIVE_CLOSE = {
  /** The access token expired: open a new socket with the renewed one, and catch up. */
  tokenExpired: 4401,
  /** A frame that is not one of the schemas below, or too many of them. */
  badFrame: 4400,
  /** The server is going away (a restart, a deploy): open a new socket, and catch up. */
  goingAway: 1001,
  /**
   * The session the socket was opened in has ended (sign-out, a password change, a role change, every device
   * signed out): its token is refused from now on, and a new socket needs a new sign-in.
   */
  sessionEnded: 4403,
  /** A visitor's socket that has said nothing for a long time: the tab opens a new one if it still listens. */
  idle: 4408,
} as const;

/** The kinds of conversation: each has its own messages, readers and rules (apps/api/src/conversations/). */
export type ConversationKind = "practice" | "support";
export const conversationKind = (ref: ConversationRef): ConversationKind =>
  "practiceId" in ref ? "practice" : "support";

/** One string per conversation, the same on every side: for maps and comparisons. */
export const conversationKey = (ref: ConversationRef): string =>
  "practiceId" in ref ? `practice:${ref.practiceId}` : `support:${ref.supportThreadId}`;
