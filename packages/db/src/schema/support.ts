import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { users } from "./identity.ts";

// The support chat (ADR 030): one thread per visitor (found by its token's hash) or per signed-in client
// (found by the account), and its lines. The case conversations are the practices' comments (practices.ts).

export const supportThreads = pgTable(
  "support_threads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** A visitor's thread: the SHA-256 of the token their browser keeps (the token itself is never stored). */
    tokenHash: text("token_hash"),
    /** A signed-in client's thread. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Where the person wants an answer by mail, if they gave one. */
    email: text("email"),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    /** Since when the person waits for an answer: set by their line, cleared by staff's. */
    awaitingReplySince: timestamp("awaiting_reply_since", { withTimezone: true }),
    /** How far each side has read: the sending time of the newest line it has seen (never backwards). */
    personReadAt: timestamp("person_read_at", { withTimezone: true, precision: 6 }),
    staffReadAt: timestamp("staff_read_at", { withTimezone: true, precision: 6 }),
    /** When the person was last mailed that an answer waits: at most one such mail an hour. */
    answerMailedAt: timestamp("answer_mailed_at", { withTimezone: true }),
    /**
     * The visitor left by the quick exit: the token opens it no more and nobody waits for an answer; the
     * answer mail's link opens it again.
     */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** The answer mail's link (ADR 030): its token's SHA-256, single use, until mailLinkExpiresAt. */
    mailLinkHash: text("mail_link_hash"),
    mailLinkExpiresAt: timestamp("mail_link_expires_at", { withTimezone: true }),
    /** The sequence number of the thread's latest line, taken under this row's lock (ADR 030). */
    messageSeq: integer("message_seq").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("support_threads_token_hash_key").on(t.tokenHash),
    uniqueIndex("support_threads_user_key").on(t.userId),
    uniqueIndex("support_threads_mail_link_hash_key").on(t.mailLinkHash),
    // The inbox: waiting first, oldest first.
    index("support_threads_inbox_idx").on(t.awaitingReplySince, t.lastMessageAt),
    check("support_threads_owner_check", sql`(${t.tokenHash} is null) <> (${t.userId} is null)`),
  ],
);

export const supportMessages = pgTable(
  "support_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => supportThreads.id, { onDelete: "cascade" }),
    /** The staff member who answered; null on the person's own lines. */
    staffId: uuid("staff_id").references(() => users.id, { onDelete: "set null" }),
    fromStaff: boolean("from_staff").notNull(),
    body: text("body").notNull(),
    /** Its place in the thread (support_threads.message_seq): what a catch-up pages on. */
    seq: integer("seq").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("support_messages_thread_seq_key").on(t.threadId, t.seq)],
);
