import { z } from "zod";
import { CommentReadsSchema, CommentSchema } from "../practices/practices-api.ts";
import { SupportMessageSchema } from "../support/support-api.ts";

// What travels on the live socket, /v1/live (ADR 030), in both directions: checked by these schemas on each
// side as any HTTP body is. A frame is JSON text; the socket names its caller before it opens. A message is
// written through HTTP (POST /v1/practices/{id}/comments), the one way to write one; the socket delivers.

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

/** A practice's conversation, whose messages are its comments (ADR 030). */
export const PracticeRefSchema = z.object({ practiceId: z.uuid() });
/** A support thread: a visitor's or a client's with the team. */
export const SupportRefSchema = z.object({ supportThreadId: z.uuid() });
/** The conversation a frame is about. */
export const ConversationRefSchema = z.union([PracticeRefSchema, SupportRefSchema]);
export type ConversationRef = z.infer<typeof ConversationRefSchema>;
export type PracticeRef = z.infer<typeof PracticeRefSchema>;
export type SupportRef = z.infer<typeof SupportRefSchema>;

/** The kinds of conversation: each has its own messages, readers and rules (apps/api/src/conversations/). */
export type ConversationKind = "practice" | "support";
export const conversationKind = (ref: ConversationRef): ConversationKind =>
  "practiceId" in ref ? "practice" : "support";

/** A message of either kind: a practice's comment or a support thread's line, each with its `seq`. */
export const ConversationMessageSchema = z.union([CommentSchema, SupportMessageSchema]);
export type ConversationMessage = z.infer<typeof ConversationMessageSchema>;

/** One string per conversation, the same on every side: for maps and comparisons. */
export const conversationKey = (ref: ConversationRef): string =>
  "practiceId" in ref ? `practice:${ref.practiceId}` : `support:${ref.supportThreadId}`;

export const ClientFrameSchema = z.discriminatedUnion("type", [
  /**
   * Live messages of the conversation from now on, and those after `after` (the last message the tab has,
   * or null for all): what a reconnection missed comes first.
   */
  z.object({ type: z.literal("subscribe"), conversation: ConversationRefSchema, after: z.uuid().nullable() }),
  z.object({ type: z.literal("unsubscribe"), conversation: ConversationRefSchema }),
  /** The caller is typing in a subscribed conversation: the other side sees it for a few seconds. */
  z.object({ type: z.literal("typing"), conversation: ConversationRefSchema }),
  /** A list's unread counts: "activity" for every conversation the caller may read, until "unwatch". */
  z.object({ type: z.literal("watch") }),
  z.object({ type: z.literal("unwatch") }),
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

export const ServerFrameSchema = z.discriminatedUnion("type", [
  /**
   * Messages of a conversation in their order (`seq`): a subscription's catch-up (sent even empty: it
   * acknowledges the subscription), a new one, or an edited one again. A practice's are its comments, a
   * support thread's its lines.
   */
  z.object({
    type: z.literal("messages"),
    conversation: ConversationRefSchema,
    messages: z.array(ConversationMessageSchema),
  }),
  /** The other side is typing: shown for TYPING_SHOWN_MS unless it types again. */
  z.object({
    type: z.literal("typing"),
    conversation: ConversationRefSchema,
    side: z.enum(["client", "staff"]),
  }),
  /** How far each side has read the conversation, whenever one of them reads further. */
  z.object({ type: z.literal("reads"), conversation: ConversationRefSchema, reads: CommentReadsSchema }),
  /**
   * Something was written or read in a conversation the caller may read (to a socket that watches); without
   * a conversation, anything may have changed (the server may have missed signals): read the lists again.
   */
  z.object({ type: z.literal("activity"), conversation: ConversationRefSchema.optional() }),
  /** A subscription refused, with the Italian message a screen shows. */
  z.object({
    type: z.literal("error"),
    code: z.string(),
    message: z.string(),
    conversation: ConversationRefSchema.optional(),
  }),
]);
export type ServerFrame = z.infer<typeof ServerFrameSchema>;
