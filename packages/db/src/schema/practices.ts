import type { Evaluation } from "@argine/core/feedback/evaluation";
import type { PsychologicalSupport, Shitstorm } from "@argine/core/practices/practice-flags";
import type { PracticeStatus } from "@argine/core/practices/practice-status";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, updatedAt } from "./columns.ts";
import { users } from "./identity.ts";

// A case (practice) and what belongs to it: staff e-mails and comments (its services are services.ts).

export const practices = pgTable(
  "practices",
  {
    id: id(),
    ticketCode: text("ticket_code").notNull(),
    // Null until a signed-in user claims the practice created by the questionnaire.
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").$type<PracticeStatus>().notNull().default("PENDING"),
    evaluation: text("evaluation").$type<Evaluation>(),
    // The questionnaire's category (core FeedbackCategory: the crime types, HATE_SPEECH, THREAT, OTHER). Left a
    // string: the list filters it by any text (PracticeListQuerySchema) and the API shows it as text.
    crimeType: text("crime_type"),
    expiryDate: timestamptz("expiry_date"),
    platform: text("platform"),
    crimeUrl: text("crime_url"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    formsOfHate: text("forms_of_hate").array().notNull().default(sql`'{}'::text[]`),
    shitstorm: text("shitstorm").$type<Shitstorm>().notNull().default("UNKNOWN"),
    psychologicalSupport: text("psychological_support")
      .$type<PsychologicalSupport>()
      .notNull()
      .default("UNKNOWN"),
    anonymous: boolean("anonymous").notNull().default(false),
    /** The questionnaire's answers, kept as the practice's questions. */
    answers: jsonb("answers").notNull().default({}),
    /** The legal engine's output, as shown by the public feedback read. */
    feedback: jsonb("feedback"),
    advicePriceCents: integer("advice_price_cents"),
    serviceTakedownActive: boolean("service_takedown_active").notNull().default(true),
    serviceLegalizationActive: boolean("service_legalization_active").notNull().default(true),
    serviceInjuctionActive: boolean("service_injuction_active").notNull().default(true),
    serviceAdviceActive: boolean("service_advice_active").notNull().default(true),
    /** The client asked for the complaint deadline's reminders (30, 7 and 1 days before). */
    deadlineReminders: boolean("deadline_reminders").notNull().default(false),
    /** The engine asked for a person before any self-service flow (a minor and sexual content, sextortion). */
    humanReview: boolean("human_review").notNull().default(false),
    /** The lawyer who took the case in charge ("prendi in carico"), and when. */
    assignedLawyerId: uuid("assigned_lawyer_id").references(() => users.id, { onDelete: "set null" }),
    assignedAt: timestamptz("assigned_at"),
    /** Since when the client waits for an answer: set by their comment, cleared by staff's (queries/comments.ts). */
    awaitingReplySince: timestamptz("awaiting_reply_since"),
    /**
     * The sequence number of the conversation's latest message (ADR 030): a new message takes the next one
     * under this row's lock, so the numbers follow the order the messages commit in.
     */
    messageSeq: integer("message_seq").notNull().default(0),
    /** When the client was last mailed "there is news" on this practice: news within the window is not mailed again. */
    clientUpdateMailedAt: timestamptz("client_update_mailed_at"),
    // An unowned practice is claimed only with a secret (ADR 010): the submitting browser's single-use
    // token, or the short key shown once on the result and printed in its PDF. Only hashes are stored.
    claimTokenHash: text("claim_token_hash"),
    claimTokenExpiresAt: timestamptz("claim_token_expires_at"),
    claimKeyHash: text("claim_key_hash"),
    // The account registered with the submitting browser's token (ADR 010): the practice becomes its own at
    // that account's first password sign-in, wherever the confirmation link was opened.
    claimPendingUserId: uuid("claim_pending_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the lawyers' search reads (queries/practice-list.ts): the practice number and, unless the case is
     * anonymous, its client's "name lastname". Written by the database alone (migration 0030's triggers, on
     * the practice's insert and on a change of its number, owner or anonymity, or of its client's name), so
     * it is never out of step; the app never writes it.
     */
    searchText: text("search_text").notNull().default(""),
  },
  (t) => [
    uniqueIndex("practices_ticket_code_key").on(t.ticketCode),
    // The retention pass's unclaimed questionnaires, oldest first (queries/retention.ts).
    index("practices_unclaimed_created_idx").on(t.createdAt).where(sql`${t.ownerId} is null`),
    // A sign-in looks for the practices waiting for its account: few rows, only those still pending.
    index("practices_claim_pending_idx")
      .on(t.claimPendingUserId)
      .where(sql`${t.claimPendingUserId} is not null`),
    // The lawyer's work queue: "mie" and "non assegnate", urgent unassigned cases first.
    index("practices_assigned_created_idx").on(t.assignedLawyerId, t.createdAt.desc()),
    // "Da esaminare subito" (core human-review.ts isUrgent): few rows, the queue's first section.
    index("practices_urgent_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.humanReview} and ${t.assignedLawyerId} is null and ${t.status} <> 'CLOSED'`),
    // Staff pages, newest first with the urgent cases before all others, read in one pass.
    index("practices_urgent_first_idx").on(
      sql`(${t.humanReview} and ${t.assignedLawyerId} is null and ${t.status} <> 'CLOSED') desc nulls last`,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // The work queue's "In attesa di risposta", longest waiting first.
    index("practices_awaiting_reply_idx")
      .on(t.awaitingReplySince)
      .where(sql`${t.awaitingReplySince} is not null`),
    index("practices_status_idx").on(t.status),
    // Pages are newest first, for staff over all practices and for a client over their own.
    index("practices_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("practices_owner_created_idx").on(t.ownerId, t.createdAt.desc()),
    // The search, any part of the number or of the client's name (pg_trgm): one index for both, so a common
    // surname walks practices_urgent_first_idx and a rare one reads this (docs/performance.md).
    index("practices_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    check("practices_status_check", sql`${t.status} in ('PENDING', 'OPEN', 'CLOSED', 'TO_PAID')`),
  ],
);

/** The practice a row belongs to, deleted with it. */
const ownPractice = () =>
  uuid("practice_id")
    .notNull()
    .references(() => practices.id, { onDelete: "cascade" });

/** A reader of a practice's conversation, the key of what is kept per reader: deleted with either. */
const practiceReader = () => ({
  practiceId: ownPractice(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
});

/** Emails staff sent to a practice's client, kept on the practice. */
export const practiceEmails = pgTable(
  "practice_emails",
  {
    id: id(),
    practiceId: ownPractice(),
    senderId: uuid("sender_id").references(() => users.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    sentAt: timestamptz("sent_at").notNull().defaultNow(),
  },
  (t) => [index("practice_emails_practice_idx").on(t.practiceId, t.sentAt)],
);

export const comments = pgTable(
  "comments",
  {
    id: id(),
    practiceId: ownPractice(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    /** Its place in the practice's conversation (practices.message_seq): what a catch-up pages on. */
    seq: integer("seq").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("comments_practice_seq_key").on(t.practiceId, t.seq)],
);

/**
 * How far each reader has read a practice's conversation (ADR 030): the moment of the last message they saw.
 * A reader's unread messages are the others' messages after it; the other side sees "Letto" up to it.
 */
export const commentReads = pgTable(
  "comment_reads",
  {
    ...practiceReader(),
    readUpTo: timestamptz("read_up_to", { precision: 6 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.userId] })],
);

/** When a reader was last mailed that a message waits on a practice: at most one such mail an hour. */
export const conversationMails = pgTable(
  "conversation_mails",
  {
    ...practiceReader(),
    mailedAt: timestamptz("mailed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.userId] })],
);

/**
 * One row: a value the database changes in every transaction that changes what a list of practices shows
 * (the practices, their clients' and lawyers' names, the comments and read marks: migration 0031's
 * triggers). A process keeps the pages it read under the value it saw before reading them, and answers
 * from them while the value is the same (docs/performance.md, ADR 045).
 */
export const practiceListsVersion = pgTable(
  "practice_lists_version",
  {
    id: smallint("id").primaryKey().default(1),
    version: uuid("version").notNull().defaultRandom(),
  },
  (t) => [check("practice_lists_version_one_row", sql`${t.id} = 1`)],
);
