import { z } from "zod";
import { CommentReadsSchema, CommentSchema, SupportMessageSchema } from "../conversations/message-schemas.ts";

// What travels on the live socket, /v1/live (ADR 030), in both directions: checked by these schemas on each
// side as any HTTP body is. A frame is JSON text; the socket names its caller before it opens. A message is
// written through HTTP (POST /v1/practices/{id}/comments), the one way to write one; the socket delivers.
// The socket's path, subprotocols, close codes and keys are in live-protocol.ts, free of the validation library.

/** A practice's conversation, whose messages are its comments (ADR 030). */
export const PracticeRefSchema = z.object({ practiceId: z.uuid() });
/** A support thread: a visitor's or a client's with the team. */
export const SupportRefSchema = z.object({ supportThreadId: z.uuid() });
/** The conversation a frame is about. */
export const ConversationRefSchema = z.union([PracticeRefSchema, SupportRefSchema]);
export type ConversationRef = z.infer<typeof ConversationRefSchema>;
export type PracticeRef = z.infer<typeof PracticeRefSchema>;
export type SupportRef = z.infer<typeof SupportRefSchema>;

/** A message of either kind: a practice's comment or a support thread's line, each with its `seq`. */
export const ConversationMessageSchema = z.union([CommentSchema, SupportMessageSchema]);
export type ConversationMessage = z.infer<typeof ConversationMessageSchema>;

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
