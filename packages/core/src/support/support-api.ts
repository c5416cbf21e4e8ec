import { z } from "zod";
import { CommentReadsSchema, SupportMessageSchema } from "../conversations/message-schemas.ts";
import { EmailSchema, RequiredStringSchema } from "../shared/fields.ts";
import { MESSAGES } from "../shared/messages.ts";

// The support chat (spec §1 "a support chat box", ADR 030): a thread per visitor, known by an opaque token
// kept in their browser (no personal data needed, an e-mail only if they want an answer by mail), or per
// signed-in client, tied to their account. Staff answer from an inbox.

/** A support message's longest text: a chat line, not a letter (the case conversation takes 5 000). */
export const SUPPORT_MESSAGE_MAX_LENGTH = 2000;

/**
 * A visitor's token opens her thread until this many days after its last line (hers or the team's): a
 * browser forgotten on a shared computer does not open it for ever. After that she starts a new one; the
 * answer mail's link still opens the old one while it lasts. Written down in ADR 030.
 */
export const SUPPORT_TOKEN_DAYS = 30;

const SUPPORT_TOKEN_MS = SUPPORT_TOKEN_DAYS * 24 * 3600 * 1000;

/** The visitor token's end: SUPPORT_TOKEN_DAYS after the thread's last line. */
export const visitorTokenExpiry = (thread: { lastMessageAt: Date }): Date =>
  new Date(thread.lastMessageAt.getTime() + SUPPORT_TOKEN_MS);

/** At `at`, a token opens only a thread whose last line is after this moment (the same rule, seen from now). */
export const visitorTokenActiveSince = (at: Date): Date => new Date(at.getTime() - SUPPORT_TOKEN_MS);

/** POST /v1/support/thread/messages: a line, and for a visitor optionally where to answer by mail. */
export const SupportMessageBodySchema = z.object({
  text: RequiredStringSchema.max(SUPPORT_MESSAGE_MAX_LENGTH, { error: MESSAGES.tooLong }),
  email: EmailSchema.optional(),
});
export type SupportMessageBody = z.infer<typeof SupportMessageBodySchema>;

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
      /** The client's name, or a visitor's short label ("Visitatore 4F2", visitorLabel) without an account. */
      who: z.string(),
      /** The first words of the person's first line, so staff tell threads apart at a glance. */
      firstWords: z.string().nullable(),
      /** When the visitor left by the quick exit: their browser forgot the thread, nobody waits there. */
      closedAt: z.string().nullable(),
      email: z.string().nullable(),
      lastMessageAt: z.string(),
      /** Since when the person waits for an answer (they wrote last); null when nobody waits. */
      awaitingReplySince: z.string().nullable(),
    }),
  ),
});
export type SupportInbox = z.infer<typeof SupportInboxSchema>;

export const SupportThreadParamsSchema = z.object({ id: z.uuid() });

/** POST /v1/support/thread/resume: the answer mail's link (single use, expiring) opens the thread here. */
export const SupportResumeBodySchema = z.object({ link: z.string().min(1).max(128) });

/** How long the answer mail's link opens the thread (ADR 030's amendment). */
export const SUPPORT_MAIL_LINK_DAYS = 7;

/** The words of a thread's first line shown in the inbox, at most this many characters. */
export const FIRST_WORDS_MAX_LENGTH = 60;

/**
 * A visitor's short label in the inbox, from the thread's id (random, and no personal data): three hex digits,
 * enough to tell apart the few visitors on screen at once; the first words do the rest.
 */
export const visitorLabel = (threadId: string): string =>
  `Visitatore ${threadId.replace(/-/g, "").slice(0, 3).toUpperCase()}`;

/** The first words of a line, cut at a word's end with "…" when longer than `max`; the line breaks as spaces. */
export function firstWords(text: string, max = FIRST_WORDS_MAX_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** PUT …/read: the reader has seen the thread up to this line. */
export const SupportReadBodySchema = z.object({ upTo: z.uuid() });
