import { z } from "zod";

// A conversation's messages as the HTTP answers and the live socket's frames both carry them (ADR 030): a
// practice's comment, a support thread's line, and how far each side has read. Apart from the domains' other
// schemas so that the socket's frame check (live-api.ts), which the web loads with its first socket, builds
// only these (issue 41).

/** A practice's message: its comment (practices-api.ts has the bodies that write one). */
export const CommentSchema = z.object({
  id: z.uuid(),
  practiceId: z.uuid(),
  /** Its place in the conversation, 1 upwards in the order the messages were committed (ADR 030). */
  seq: z.number().int(),
  comment: z.string(),
  /** Lets a screen offer "Modifica" on the reader's own comments (only the author may edit). */
  authorId: z.uuid().nullable(),
  author: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Comment = z.infer<typeof CommentSchema>;

/**
 * GET (and the answer of PUT) /v1/practices/{id}/comments/read: how far the caller has read the
 * conversation, and how far the other side has (the client for staff; for the client, the staff member who
 * read furthest): the moment of the last message each has seen, or null for none (ADR 030).
 */
export const CommentReadsSchema = z.object({ mine: z.string().nullable(), theirs: z.string().nullable() });
export type CommentReads = z.infer<typeof CommentReadsSchema>;

/** A support thread's line (support-api.ts has the body that writes one). */
export const SupportMessageSchema = z.object({
  id: z.uuid(),
  threadId: z.uuid(),
  /** Its place in the thread, 1 upwards in the order the lines were committed (ADR 030). */
  seq: z.number().int(),
  text: z.string(),
  /** Who wrote it: the person asking for help, or the team. */
  from: z.enum(["person", "staff"]),
  /** The staff member's name on the team's lines; null on the person's. */
  author: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;
