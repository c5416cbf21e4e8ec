import type { Role } from "@argine/core/identity/roles";
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, updatedAt } from "./columns.ts";

// Accounts and what hangs on them: roles, single-use mail tokens, sign-in failures (billing data: billing.ts).

export const users = pgTable(
  "users",
  {
    id: id(),
    // Stored lower-cased; the unique index is what prevents duplicates.
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    name: text("name").notNull(),
    lastname: text("lastname").notNull(),
    cellPhone: text("cell_phone"),
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    /** The client chose to receive the lawyers' messages in full by mail (off: a notice with a link only). */
    mailFullText: boolean("mail_full_text").notNull().default(false),
    privacyConsent: boolean("privacy_consent").notNull().default(false),
    emailVerifiedAt: timestamptz("email_verified_at"),
    /** `issuer|sub` of a user who signs in with an external OpenID provider. */
    externalSubject: text("external_subject"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_external_subject_key").on(t.externalSubject),
    // Lawyers search practices by client name: trigram matching of "name lastname" (pg_trgm).
    index("users_full_name_trgm_idx").using("gin", sql`(${t.name} || ' ' || ${t.lastname}) gin_trgm_ops`),
  ],
);

/** What a mailed single-use link is for: verifying the e-mail address, or resetting the password. */
export type UserTokenKind = "verify" | "reset";

/** Single-use links sent by mail (email verification, password reset). Only the hash is stored. */
export const userTokens = pgTable(
  "user_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<UserTokenKind>().notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("user_tokens_user_idx").on(t.userId, t.kind),
    // The retention pass deletes the expired ones (queries/retention.ts).
    index("user_tokens_expires_idx").on(t.expiresAt),
    check("user_tokens_kind_check", sql`${t.kind} in ('verify', 'reset')`),
  ],
);

/** Failed sign-ins, per account and per IP, for the lockout window. */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: id(),
    key: text("key").notNull(),
    at: timestamptz("at").notNull().defaultNow(),
  },
  (t) => [index("login_failures_key_at_idx").on(t.key, t.at)],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<Role>().notNull(),
    grantedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check("user_roles_role_check", sql`${t.role} in ('lawyer', 'admin')`),
  ],
);
