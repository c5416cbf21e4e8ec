import type { StaffReadAction } from "@argine/core/audit/audit-actions";
import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import {
  AdminIdeaSchema,
  AdminNewsletterSubscriptionSchema,
  AdminPartnershipRequestSchema,
  type IdeaSubmission,
  NEWSLETTER_CONFIRM_TTL_HOURS,
  type NewsletterConfirm,
  type NewsletterSignup,
  type OutreachAnswer,
  type OutreachListQuery,
  type PartnershipRequest,
} from "@argine/core/outreach/outreach-api";
import { type OutreachAction, outreachPolicy } from "@argine/core/outreach/policy";
import { MESSAGES } from "@argine/core/shared/messages";
import { pageWindow } from "@argine/core/shared/paging";
import type { Db } from "@argine/db/client";
import {
  confirmNewsletterSubscription,
  createIdeaSubmission,
  createPartnershipRequest,
  listIdeaSubmissions,
  listNewsletterSubscriptions,
  listPartnershipRequests,
  requestNewsletterSubscription,
} from "@argine/db/queries/outreach";
import type { Page } from "@argine/db/queries/paging";
import type { z } from "zod";
import { auditStaffRead } from "../audit/staff-read.ts";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { authorizeAction } from "../identity/authorize.ts";
import { hashToken, newLinkToken } from "../identity/link-tokens.ts";
import { newsletterConfirmationMail } from "../mail/templates.ts";

// The outreach domain: the public site's newsletter (double opt-in), "Lavora con noi" and "Una buona idea".
// Anyone sends them; only admins read what they brought in, and each read leaves an audit line. Nothing here
// logs an address or a message.

/** Where the mailed link lands: the web app's confirmation page (client-only, like /account/verify). */
const NEWSLETTER_CONFIRM_PATH = "/newsletter/confirm";
const TTL_MS = NEWSLETTER_CONFIRM_TTL_HOURS * 3600 * 1000;

/** The policy's answer as an error: 401 without a session, 403 for a caller it refuses. */
function authorize(actor: Actor | null, action: OutreachAction): void {
  const allowed = outreachPolicy(actor, action);
  if (!allowed && !actor) throw new AppError("UNAUTHORIZED");
  authorizeAction(allowed);
}

// ─── Public ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A new or still unconfirmed address is mailed a fresh link (the previous one stops working), a confirmed
 * one nothing; the answer is the same, so the caller cannot tell which happened. The link's mail is queued
 * in the transaction that stores its token.
 */
export async function signUpToNewsletter(
  deps: Deps,
  actor: Actor | null,
  { email }: NewsletterSignup,
): Promise<OutreachAnswer> {
  authorize(actor, "submit");
  const token = newLinkToken();
  const link = `${deps.config.publicUrl}${NEWSLETTER_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
  await deps.db.transaction(async (tx) => {
    const outcome = await requestNewsletterSubscription(tx, {
      email,
      tokenHash: hashToken(token),
      expiresAt: new Date(now(deps.clock).getTime() + TTL_MS),
    });
    if (outcome === "confirmed") return;
    await deps.jobs.send(
      tx,
      "mail",
      newsletterConfirmationMail(email.toLowerCase(), link, NEWSLETTER_CONFIRM_TTL_HOURS),
    );
  });
  return { message: MESSAGES.newsletterRequested };
}

/** The mailed link, once and within its hours; anything else is one answer. */
export async function confirmNewsletter(
  deps: Deps,
  actor: Actor | null,
  { token }: NewsletterConfirm,
): Promise<OutreachAnswer> {
  authorize(actor, "submit");
  const confirmed = await confirmNewsletterSubscription(deps.db, hashToken(token), now(deps.clock));
  if (!confirmed) throw new AppError("INVALID_TOKEN", MESSAGES.newsletterInvalidLink);
  return { message: MESSAGES.newsletterConfirmed };
}

export async function sendPartnershipRequest(
  deps: Deps,
  actor: Actor | null,
  request: PartnershipRequest,
): Promise<OutreachAnswer> {
  authorize(actor, "submit");
  await createPartnershipRequest(deps.db, {
    name: request.name,
    email: request.email,
    organization: request.organization || null,
    kind: request.kind,
    message: request.message,
  });
  return { message: MESSAGES.partnershipReceived };
}

export async function sendIdea(
  deps: Deps,
  actor: Actor | null,
  { name, email, title, description }: IdeaSubmission,
): Promise<OutreachAnswer> {
  authorize(actor, "submit");
  await createIdeaSubmission(deps.db, { name, email, title, description });
  return { message: MESSAGES.ideaReceived };
}

// ─── Admin lists ─────────────────────────────────────────────────────────────────────────────────────────

/** A row as JSON carries it: its instants as ISO strings. */
const withIsoDates = (row: object) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));

/**
 * A use case reading one of the lists, a page newest first: admins only, and each read of people's names,
 * addresses and messages leaves an audit line with the row ids. The API schema of an item decides what
 * leaves, so a column it does not name (the newsletter's token hash) never reaches the page.
 */
function staffList<Row extends { id: string }, Item extends z.ZodType>(
  list: (db: Db, page: Page) => Promise<{ total: number; data: Row[] }>,
  item: Item,
  action: StaffReadAction,
) {
  return async (
    deps: Deps,
    actor: Actor | null,
    query: OutreachListQuery,
  ): Promise<{ total: number; data: z.output<Item>[] }> => {
    if (!actor) throw new AppError("UNAUTHORIZED");
    authorize(actor, "read-all");
    const { total, data } = await list(deps.db, pageWindow(query));
    await auditStaffRead(
      deps.db,
      actor,
      action,
      data.map((row) => row.id),
    );
    return { total, data: data.map((row) => item.parse(withIsoDates(row))) };
  };
}

export const readNewsletterSubscriptions = staffList(
  listNewsletterSubscriptions,
  AdminNewsletterSubscriptionSchema,
  "newsletter.list",
);
export const readPartnershipRequests = staffList(
  listPartnershipRequests,
  AdminPartnershipRequestSchema,
  "partnership.list",
);
export const readIdeas = staffList(listIdeaSubmissions, AdminIdeaSchema, "idea.list");
