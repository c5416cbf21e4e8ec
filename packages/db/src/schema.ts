import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// Amounts are integer cents (VAT included); the API converts them to euros at its edge.
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Stored lower-cased; the unique index is what prevents duplicates.
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    name: text("name").notNull(),
    lastname: text("lastname").notNull(),
    cellPhone: text("cell_phone"),
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    privacyConsent: boolean("privacy_consent").notNull().default(false),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** `issuer|sub` of a user who signs in with an external OpenID provider. */
    externalSubject: text("external_subject"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_external_subject_key").on(t.externalSubject),
    // Lawyers search practices by client name (issue 5): trigram matching of "name lastname" (pg_trgm).
    index("users_full_name_trgm_idx").using("gin", sql`(${t.name} || ' ' || ${t.lastname}) gin_trgm_ops`),
  ],
);

/** Single-use links sent by mail (email verification, password reset). Only the hash is stored. */
export const userTokens = pgTable(
  "user_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("user_tokens_user_idx").on(t.userId, t.kind),
    check("user_tokens_kind_check", sql`${t.kind} in ('verify', 'reset')`),
  ],
);

/** Failed sign-ins, per account and per IP, for the lockout window. */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_failures_key_at_idx").on(t.key, t.at)],
);

/** The embedded OpenID provider's state: sessions, grants, codes, refresh tokens, interactions. */
export const oidcPayloads = pgTable(
  "oidc_payloads",
  {
    type: text("type").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").notNull(),
    grantId: text("grant_id"),
    userCode: text("user_code"),
    uid: text("uid"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index("oidc_payloads_grant_idx").on(t.grantId),
    index("oidc_payloads_uid_idx").on(t.uid),
    index("oidc_payloads_expires_idx").on(t.expiresAt),
  ],
);

/** Signing keys (JWK with private part) and cookie secrets of the embedded provider; newest first signs. */
export const oidcKeys = pgTable("oidc_keys", {
  kid: text("kid").primaryKey(),
  kind: text("kind").notNull(),
  material: jsonb("material").notNull(),
  createdAt: createdAt(),
});

export const userRoles = pgTable(
  "user_roles",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    grantedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check("user_roles_role_check", sql`${t.role} in ('lawyer', 'admin')`),
  ],
);

/** Billing data (spec §3 "Billing data"), one row per user. */
export const billingProfiles = pgTable("billing_profiles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  taxCode: text("tax_code").notNull(),
  address: text("address").notNull(),
  cap: text("cap").notNull(),
  city: text("city").notNull(),
  province: text("province"),
  country: text("country").notNull().default("IT"),
  updatedAt: updatedAt(),
});

export const practices = pgTable(
  "practices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketCode: text("ticket_code").notNull(),
    // Null until a signed-in user claims the practice created by the questionnaire.
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull().default("PENDING"),
    evaluation: text("evaluation"),
    crimeType: text("crime_type"),
    expiryDate: timestamp("expiry_date", { withTimezone: true }),
    platform: text("platform"),
    crimeUrl: text("crime_url"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    formsOfHate: text("forms_of_hate").array().notNull().default(sql`'{}'::text[]`),
    shitstorm: text("shitstorm").notNull().default("UNKNOWN"),
    psychologicalSupport: text("psychological_support").notNull().default("UNKNOWN"),
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
    /** The engine asked for a person before any self-service flow (a minor and sexual content, sextortion). */
    humanReview: boolean("human_review").notNull().default(false),
    /** The lawyer who took the case in charge ("prendi in carico"), and when. */
    assignedLawyerId: uuid("assigned_lawyer_id").references(() => users.id, { onDelete: "set null" }),
    assignedAt: timestamp("assigned_at", { withTimezone: true }),
    /** Since when the client waits for an answer: set by their comment, cleared by staff's (queries/comments.ts). */
    awaitingReplySince: timestamp("awaiting_reply_since", { withTimezone: true }),
    // An unowned practice is claimed only with a secret (issue 12): the submitting browser's single-use
    // token, or the short key shown once on the result and printed in its PDF. Only hashes are stored.
    claimTokenHash: text("claim_token_hash"),
    claimTokenExpiresAt: timestamp("claim_token_expires_at", { withTimezone: true }),
    claimKeyHash: text("claim_key_hash"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("practices_ticket_code_key").on(t.ticketCode),
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
    // Search by practice number, any part of it (pg_trgm).
    index("practices_ticket_code_trgm_idx").using("gin", sql`${t.ticketCode} gin_trgm_ops`),
    check("practices_status_check", sql`${t.status} in ('PENDING', 'OPEN', 'CLOSED', 'TO_PAID')`),
  ],
);

/** Emails staff sent to a practice's client, kept on the practice (issue 5: "logged on the practice"). */
export const practiceEmails = pgTable(
  "practice_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    practiceId: uuid("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id").references(() => users.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("practice_emails_practice_idx").on(t.practiceId, t.sentAt)],
);

export const services = pgTable(
  "services",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    practiceId: uuid("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    serviceType: text("service_type").notNull(),
    status: text("status").notNull().default("TO_START"),
    takedownUrls: text("takedown_urls").array().notNull().default(sql`'{}'::text[]`),
    legalizationStep: text("legalization_step"),
    /** The legalization provider's session (id and state), as last seen. */
    legalizationSession: jsonb("legalization_session"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("services_practice_idx").on(t.practiceId)],
);

export const uploadedFiles = pgTable(
  "uploaded_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    /** Generated name in storage; never the user's file name. */
    storageKey: text("storage_key").notNull(),
    size: integer("size").notNull(),
    kind: text("kind"),
    /** Null while the file is chosen but not sent (spec §3 "Uploaded file"). */
    uploadDate: timestamp("upload_date", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("uploaded_files_service_idx").on(t.serviceId)],
);

export const comments = pgTable(
  "comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    practiceId: uuid("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("comments_practice_idx").on(t.practiceId)],
);

export const products = pgTable("products", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  priceCents: integer("price_cents").notNull(),
  discountedPriceCents: integer("discounted_price_cents").notNull(),
  /** VAT rate in percent, already included in the prices. */
  vatRate: integer("vat_rate").notNull().default(22),
  sortOrder: integer("sort_order").notNull(),
  active: boolean("active").notNull().default(true),
  updatedAt: updatedAt(),
});

export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    sponsor: text("sponsor").notNull(),
    coveragePercent: integer("coverage_percent").notNull(),
    maxAmountCents: integer("max_amount_cents"),
    productCodes: text("product_codes").array().notNull().default(sql`'{}'::text[]`),
    minAmountCents: integer("min_amount_cents").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("campaigns_code_key").on(t.code),
    check("campaigns_coverage_check", sql`${t.coveragePercent} between 0 and 100`),
  ],
);

export const vouchers = pgTable(
  "vouchers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    /** Percent of the discounted price (spec §9); null means the spec's default of 1. */
    discountAmount: integer("discount_amount"),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("vouchers_code_key").on(t.code)],
);

export const giftCards = pgTable(
  "gift_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    /** The promo it was requested with (spec §3 "promo"), if any. */
    promo: text("promo"),
    amountCents: integer("amount_cents").notNull(),
    balanceCents: integer("balance_cents").notNull(),
    productCodes: text("product_codes").array().notNull().default(sql`'{}'::text[]`),
    assignedUserId: uuid("assigned_user_id").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gift_cards_code_key").on(t.code),
    check("gift_cards_balance_check", sql`${t.balanceCents} between 0 and ${t.amountCents}`),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id"),
    action: text("action").notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id").notNull(),
    meta: jsonb("meta"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_resource_idx").on(t.resourceType, t.resourceId)],
);

// ─── Outreach: the public site's newsletter, "Lavora con noi" and "Una buona idea" ──────────────────────

/**
 * Newsletter sign-ups with double opt-in: PENDING until the mailed link is followed. Only the hash of the
 * link's token is stored, with its expiry; both are cleared once confirmed.
 */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Stored lower-cased; the unique index on lower(email) keeps one row per address, in any case.
    email: text("email").notNull(),
    status: text("status").notNull().default("PENDING"),
    confirmTokenHash: text("confirm_token_hash"),
    confirmTokenExpiresAt: timestamp("confirm_token_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
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
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    organization: text("organization"),
    kind: text("kind").notNull(),
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
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("idea_submissions_created_idx").on(t.createdAt.desc(), t.id.desc())],
);
