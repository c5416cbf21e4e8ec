import type { NewsletterStatus, PartnershipKind } from "@argine/core/outreach/outreach-api";
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz } from "./columns.ts";

// The public site's forms: the newsletter, "Lavora con noi" and "Una buona idea".

/**
 * Newsletter sign-ups with double opt-in: PENDING until the mailed link is followed. Only the hash of the
 * link's token is stored, with its expiry; both are cleared once confirmed.
 */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: id(),
    // Stored lower-cased; the unique index on lower(email) keeps one row per address, in any case.
    email: text("email").notNull(),
    status: text("status").$type<NewsletterStatus>().notNull().default("PENDING"),
    confirmTokenHash: text("confirm_token_hash"),
    confirmTokenExpiresAt: timestamptz("confirm_token_expires_at"),
    createdAt: createdAt(),
    confirmedAt: timestamptz("confirmed_at"),
  },
  (t) => [
    uniqueIndex("newsletter_subscriptions_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("newsletter_subscriptions_token_key").on(t.confirmTokenHash),
    index("newsletter_subscriptions_created_idx").on(t.createdAt.desc(), t.id.desc()),
    check("newsletter_subscriptions_status_check", sql`${t.status} in ('PENDING', 'CONFIRMED')`),
  ],
);

/** "Lavora con noi": who offers to work with us, and their message. */
export const partnershipRequests = pgTable(
  "partnership_requests",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    organization: text("organization"),
    kind: text("kind").$type<PartnershipKind>().notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("partnership_requests_created_idx").on(t.createdAt.desc(), t.id.desc()),
    check(
      "partnership_requests_kind_check",
      sql`${t.kind} in ('LAWYER', 'LAW_FIRM', 'ASSOCIATION', 'SCHOOL', 'FORENSIC_EXPERT', 'OTHER')`,
    ),
  ],
);

/** "Una buona idea": ideas sent from the public site. */
export const ideaSubmissions = pgTable(
  "idea_submissions",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("idea_submissions_created_idx").on(t.createdAt.desc(), t.id.desc())],
);
