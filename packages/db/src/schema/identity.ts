import type { Role } from "@argine/core/identity/roles";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
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

/**
 * What a mailed single-use link is for: verifying the e-mail address, resetting the password, or lifting the
 * hold that failed sign-ins put on the account (ADR 035).
 */
export type UserTokenKind = "verify" | "reset" | "unlock";

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
    check("user_tokens_kind_check", sql`${t.kind} in ('verify', 'reset', 'unlock')`),
  ],
);

/** Failed sign-ins, per account, per IP and per trusted device, for the progressive delay (ADR 035). */
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

/** What an export of one's own data is doing: being built by its job, or built and waiting for its download. */
export type DataExportStatus = "PENDING" | "READY";

/**
 * "Scarica i miei dati" (GDPR arts. 15 and 20): at most one export per account at a time (the primary key), from
 * the request until its ZIP is downloaded once or expires. The ZIP is in the storage under `storageKey`; only
 * the hash of its mailed link's token is kept (ADR 037).
 */
export const dataExports = pgTable(
  "data_exports",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<DataExportStatus>().notNull().default("PENDING"),
    storageKey: text("storage_key"),
    tokenHash: text("token_hash"),
    expiresAt: timestamptz("expires_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("data_exports_status_check", sql`${t.status} in ('PENDING', 'READY')`),
    // The sweep of the expired ones.
    index("data_exports_expires_idx").on(t.expiresAt),
  ],
);

/**
 * An account's authenticator app (TOTP, ADR 036): its secret sealed with a server key (never in clear),
 * confirmed once the person typed a first code, and the last time step a code was accepted for, so a code is
 * never accepted twice (a replay within its window).
 */
export const secondFactors = pgTable("second_factors", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  sealedSecret: text("sealed_secret").notNull(),
  confirmedAt: timestamptz("confirmed_at"),
  lastTimeStep: integer("last_time_step"),
  createdAt: createdAt(),
});

/** The recovery codes of an account with a second factor: their hash only, each used once. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);
