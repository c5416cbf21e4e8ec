import { and, count, eq, gt, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import { ideaSubmissions, newsletterSubscriptions, partnershipRequests } from "../schema/outreach.ts";
import { newestFirst, type Page } from "./paging.ts";
import { normalizeEmail } from "./users.ts";

// The outreach domain (the public site's newsletter, "Lavora con noi", "Una buona idea"): what visitors
// send, and the admin lists of it, newest first. Newsletter tokens arrive hashed: only hashes are stored.

export type NewsletterSubscriptionRow = typeof newsletterSubscriptions.$inferSelect;
export type PartnershipRequestRow = typeof partnershipRequests.$inferSelect;
export type IdeaSubmissionRow = typeof ideaSubmissions.$inferSelect;

// ─── Newsletter ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * What a sign-up did: `created` a new PENDING subscription, `renewed` the confirmation link of one still
 * PENDING (the old link stops working), or nothing because the address is already `confirmed`.
 */
export type NewsletterSignupOutcome = "created" | "renewed" | "confirmed";

export async function requestNewsletterSubscription(
  db: Db,
  signup: { email: string; tokenHash: string; expiresAt: Date },
): Promise<NewsletterSignupOutcome> {
  const email = normalizeEmail(signup.email);
  const [created] = await db
    .insert(newsletterSubscriptions)
    .values({ email, confirmTokenHash: signup.tokenHash, confirmTokenExpiresAt: signup.expiresAt })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  if (created) return "created";
  const [renewed] = await db
    .update(newsletterSubscriptions)
    .set({ confirmTokenHash: signup.tokenHash, confirmTokenExpiresAt: signup.expiresAt })
    .where(
      and(
        sql`lower(${newsletterSubscriptions.email}) = ${email}`,
        eq(newsletterSubscriptions.status, "PENDING"),
      ),
    )
    .returning({ id: newsletterSubscriptions.id });
  return renewed ? "renewed" : "confirmed";
}

/**
 * Confirms the PENDING subscription whose live token has this hash, and forgets the token (a link works
 * once). Undefined when the token is unknown, expired or already used.
 */
export async function confirmNewsletterSubscription(
  db: Db,
  tokenHash: string,
  now = new Date(),
): Promise<NewsletterSubscriptionRow | undefined> {
  const [row] = await db
    .update(newsletterSubscriptions)
    .set({ status: "CONFIRMED", confirmedAt: now, confirmTokenHash: null, confirmTokenExpiresAt: null })
    .where(
      and(
        eq(newsletterSubscriptions.confirmTokenHash, tokenHash),
        eq(newsletterSubscriptions.status, "PENDING"),
        gt(newsletterSubscriptions.confirmTokenExpiresAt, now),
      ),
    )
    .returning();
  return row;
}

// ─── Partnership requests and ideas ──────────────────────────────────────────────────────────────────────

export async function createPartnershipRequest(
  db: Db,
  request: Omit<PartnershipRequestRow, "id" | "createdAt">,
): Promise<PartnershipRequestRow> {
  const [row] = await db
    .insert(partnershipRequests)
    .values({ ...request, email: normalizeEmail(request.email) })
    .returning();
  if (!row) throw new Error("partnership request not stored");
  return row;
}

export async function createIdeaSubmission(
  db: Db,
  idea: Omit<IdeaSubmissionRow, "id" | "createdAt">,
): Promise<IdeaSubmissionRow> {
  const [row] = await db
    .insert(ideaSubmissions)
    .values({ ...idea, email: normalizeEmail(idea.email) })
    .returning();
  if (!row) throw new Error("idea not stored");
  return row;
}

// ─── Admin lists ─────────────────────────────────────────────────────────────────────────────────────────

type Listed = PgTable & { id: PgColumn; createdAt: PgColumn };

/** A page of a table, newest first, with the table's total. */
async function pageOf<T extends Listed>(db: Db, table: T, page: Page) {
  const [totalRow] = await db.select({ n: count() }).from(table as PgTable);
  const data = await newestFirst(
    db
      .select()
      .from(table as PgTable)
      .$dynamic(),
    table,
    page,
  );
  return { total: totalRow?.n ?? 0, data: data as T["$inferSelect"][] };
}

export function listNewsletterSubscriptions(
  db: Db,
  page: Page,
): Promise<{ total: number; data: NewsletterSubscriptionRow[] }> {
  return pageOf(db, newsletterSubscriptions, page);
}

export function listPartnershipRequests(
  db: Db,
  page: Page,
): Promise<{ total: number; data: PartnershipRequestRow[] }> {
  return pageOf(db, partnershipRequests, page);
}

export function listIdeaSubmissions(
  db: Db,
  page: Page,
): Promise<{ total: number; data: IdeaSubmissionRow[] }> {
  return pageOf(db, ideaSubmissions, page);
}
