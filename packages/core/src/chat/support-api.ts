import { z } from "zod";
import { CommentReadsSchema } from "../practices/practices-api.ts";
import { EmailSchema, RequiredStringSchema } from "../shared/fields.ts";
import { MESSAGES } from "../shared/messages.ts";

// The support chat (spec §1 "a support chat box", ADR 030): a thread per visitor, known by an opaque token
// kept in their browser (no personal data needed, an e-mail only if they want an answer by mail), or per
// signed-in client, tied to their account. Staff answer from an inbox.

/** A support message's longest text: a chat line, not a letter (the case conversation takes 5 000). */
export const SUPPORT_MESSAGE_MAX_LENGTH = 2000;

/** The header a visitor's browser sends its thread's token in (never the URL, which proxies log). */
export const SUPPORT_TOKEN_HEADER = "x-support-token";

/** POST /v1/support/thread/messages: a line, and for a visitor optionally where to answer by mail. */
export const SupportMessageBodySchema = z.object({
  text: RequiredStringSchema.max(SUPPORT_MESSAGE_MAX_LENGTH, { error: MESSAGES.tooLong }),
  email: EmailSchema.optional(),
});
export type SupportMessageBody = z.infer<typeof SupportMessageBodySchema>;

export const SupportMessageSchema = z.object({
  id: z.uuid(),
  threadId: z.uuid(),
  text: z.string(),
  /** Who wrote it: the person asking for help, or the team. */
  from: z.enum(["person", "staff"]),
  /** The staff member's name on the team's lines; null on the person's. */
  author: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

export const SupportThreadSchema = z.object({
  threadId: z.uuid(),
  /** Where the person wants an answer by mail, if they gave one. */
  email: z.string().nullable(),
  messages: z.array(SupportMessageSchema),
  /** How far the caller (`mine`) and the other side (`theirs`) have read: the newest line's time each saw. */
  reads: CommentReadsSchema,
  /**
   * A visitor's new thread's token, in the answer that created it only: the browser keeps it, and it is the
   * only way back to the thread. Null otherwise (a signed-in client's thread is found by the account).
   */
  token: z.string().nullable(),
});
export type SupportThread = z.infer<typeof SupportThreadSchema>;

/** GET /v1/admin/support/threads (staff): the threads, those waiting for an answer first, oldest first. */
export const SupportInboxSchema = z.object({
  data: z.array(
    z.object({
      threadId: z.uuid(),
      /** The client's name, or CHAT_MESSAGES.visitor for a thread without an account. */
      who: z.string(),
      email: z.string().nullable(),
      lastMessageAt: z.string(),
      /** Since when the person waits for an answer (they wrote last); null when nobody waits. */
      awaitingReplySince: z.string().nullable(),
    }),
  ),
});
export type SupportInbox = z.infer<typeof SupportInboxSchema>;

export const SupportThreadParamsSchema = z.object({ id: z.uuid() });

/** PUT …/read: the reader has seen the thread up to this line. */
export const SupportReadBodySchema = z.object({ upTo: z.uuid() });
