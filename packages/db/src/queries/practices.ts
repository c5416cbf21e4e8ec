import type { FeedbackCategory } from "@argine/core/feedback/answers";
import type { Evaluation } from "@argine/core/feedback/evaluation";
import { initialServiceFlags } from "@argine/core/practices/available-services";
import type { PracticeStatus } from "@argine/core/practices/practice-status";
import {
  and,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias, union } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import { users } from "../schema/identity.ts";
import { practiceEmails, practices } from "../schema/practices.ts";
import { unreadCommentsOf } from "./comments.ts";
import { oncePerDb } from "./prepared.ts";

export type PracticeRow = typeof practices.$inferSelect;

export interface NewFeedbackPractice {
  ticketCode: string;
  evaluation: Evaluation;
  crimeType: FeedbackCategory;
  platform: string | null;
  crimeUrl: string | null;
  expiryDate: Date | null;
  answers: Record<string, unknown>;
  feedback: Record<string, unknown>;
  /** The hashes of the claim secrets (ADR 010): the submitting browser's token, and the key shown once. */
  claimTokenHash: string;
  claimTokenExpiresAt: Date;
  claimKeyHash: string;
  /** The engine asked for a person first: no self-service capture or takedown until staff have looked. */
  humanReview: boolean;
  /** Chosen at the questionnaire's end: lawyers do not see who the client is (ADR 038). */
  anonymous: boolean;
}

/** A practice created by the questionnaire: no owner yet, PENDING, the answers kept as its questions. */
export async function createFeedbackPractice(
  db: Db,
  practice: NewFeedbackPractice,
): Promise<PracticeRow | undefined> {
  const [row] = await db
    .insert(practices)
    .values({ ...practice, ...initialServiceFlags(practice.humanReview), status: "PENDING", ownerId: null })
    .onConflictDoNothing({ target: practices.ticketCode })
    .returning();
  return row;
}

export async function findPractice(db: Db, id: string): Promise<PracticeRow | undefined> {
  const [row] = await db.select().from(practices).where(eq(practices.id, id));
  return row;
}

/**
 * Changes the practice only while `still` holds, in one conditional update: of two concurrent changes only
 * one wins. The changed row, or undefined when `still` no longer held.
 */
async function updatePracticeWhile(
  db: Db,
  id: string,
  still: SQL | undefined,
  change: Partial<typeof practices.$inferInsert>,
): Promise<PracticeRow | undefined> {
  const [row] = await db
    .update(practices)
    .set(change)
    .where(and(eq(practices.id, id), still))
    .returning();
  return row;
}

// A claim is one conditional UPDATE: it succeeds only on a practice still unowned whose secret matches, and
// voids both secrets as it sets the owner, so a secret works once and two claimants cannot both win.
const voidSecrets = {
  claimTokenHash: null,
  claimTokenExpiresAt: null,
  claimKeyHash: null,
  claimPendingUserId: null,
} as const;

/** Unowned, and its browser token (not yet spent by a claim or a registration) matches and has not expired. */
const tokenStillClaims = (claimTokenHash: string, now: Date) =>
  and(
    isNull(practices.ownerId),
    eq(practices.claimTokenHash, claimTokenHash),
    gt(practices.claimTokenExpiresAt, now),
  );

/**
 * A write the browser's token allows (tokenStillClaims): one conditional update setting what `change` gives
 * for the user; the changed practice, or undefined when the token no longer claims it.
 */
function whileTokenClaims(change: (userId: string) => Partial<typeof practices.$inferInsert>) {
  return (
    db: Db,
    id: string,
    userId: string,
    claimTokenHash: string,
    now: Date,
  ): Promise<PracticeRow | undefined> =>
    updatePracticeWhile(db, id, tokenStillClaims(claimTokenHash, now), { ...change(userId), updatedAt: now });
}

/** Gives the practice to the user if the browser's token matches and has not expired; undefined otherwise. */
export const claimPracticeWithToken = whileTokenClaims((userId) => ({ ownerId: userId, ...voidSecrets }));

/**
 * Registration with the browser's token (ADR 010): the token is spent and the practice waits for the new
 * account's first sign-in (completePendingClaims), so a confirmation link opened in another tab or on another
 * device still finds it. The key stays valid until the practice has an owner.
 */
export const bindClaimToAccount = whileTokenClaims((userId) => ({
  claimPendingUserId: userId,
  claimTokenHash: null,
  claimTokenExpiresAt: null,
}));

/** At the account's sign-in, the practices bound at its registration become its own (practices_claim_pending_idx). */
export async function completePendingClaims(db: Db, userId: string, at: Date): Promise<PracticeRow[]> {
  return db
    .update(practices)
    .set({ ownerId: userId, ...voidSecrets, updatedAt: at })
    .where(and(eq(practices.claimPendingUserId, userId), isNull(practices.ownerId)))
    .returning();
}

/** A password reset drops what waits for the account: whoever reset it proved the mailbox, not the claim. */
export async function dropPendingClaims(db: Db, userId: string): Promise<void> {
  await db
    .update(practices)
    .set({ claimPendingUserId: null })
    .where(eq(practices.claimPendingUserId, userId));
}

/** Gives the practice with this code to the user if the key matches; undefined otherwise (by the code's index). */
export async function claimPracticeWithKey(
  db: Db,
  ticketCode: string,
  userId: string,
  claimKeyHash: string,
  at: Date,
): Promise<PracticeRow | undefined> {
  const [row] = await db
    .update(practices)
    .set({ ownerId: userId, ...voidSecrets, updatedAt: at })
    .where(
      and(
        eq(practices.ticketCode, ticketCode),
        isNull(practices.ownerId),
        eq(practices.claimKeyHash, claimKeyHash),
      ),
    )
    .returning();
  return row;
}

/** The practice, its row locked until the caller's transaction ends (a checkout: one at a time per practice). */
export async function lockPractice(db: Db, id: string): Promise<PracticeRow | undefined> {
  const [row] = await db.select().from(practices).where(eq(practices.id, id)).for("update");
  return row;
}

export async function findPracticeByTicketCode(db: Db, ticketCode: string): Promise<PracticeRow | undefined> {
  const [row] = await db.select().from(practices).where(eq(practices.ticketCode, ticketCode));
  return row;
}

export interface PracticeFilters {
  /** Only this owner's practices (clients); absent for staff, who see all. */
  ownerId?: string;
  /** Client name or practice number, case-insensitive, any part of it. */
  q?: string;
  /** Exactly this practice number (the per-case area finds its case by it). */
  ticketCode?: string;
  status?: PracticeStatus;
  evaluation?: Evaluation;
  crimeType?: string;
  anonymous?: boolean;
  /** Taken in charge by this lawyer ("mie"). */
  assignedTo?: string;
  /** Taken in charge by nobody yet ("non assegnate"). */
  unassigned?: boolean;
  /** "Da esaminare subito" (true) or everything else (false): URGENT below. */
  urgent?: boolean;
  /** The client wrote the last comment. */
  waiting?: boolean;
  /** Leaves the closed cases out (the work queue). */
  openOnly?: boolean;
  /**
   * newest (the default) or oldest by creation, or longest-waiting for an answer (with `waiting`). Urgent cases
   * come first whatever the order, unless the urgent filter already decides.
   */
  order?: "newest" | "oldest" | "longest-waiting";
  /** Whose unread counts each line carries (comments.ts unreadCommentsOf); 0 on every line without one. */
  reader?: string;
  limit: number;
  offset: number;
}

/** What a list shows of a practice: never its answers or feedback (kilobytes of JSON each). */
export type PracticeListRow = Pick<
  PracticeRow,
  | "id"
  | "ticketCode"
  | "status"
  | "evaluation"
  | "crimeType"
  | "platform"
  | "anonymous"
  | "createdAt"
  | "expiryDate"
  | "humanReview"
  | "assignedLawyerId"
  | "assignedAt"
  | "awaitingReplySince"
> & {
  clientName: string | null;
  clientLastname: string | null;
  lawyerName: string | null;
  lawyerLastname: string | null;
  /** The reader's unread messages (PracticeFilters.reader). */
  unreadComments: number;
};

/**
 * "Da esaminare subito" in SQL (core human-review.ts isUrgent): exactly the predicate of practices_urgent_idx
 * and the first key of practices_urgent_first_idx. None of its columns is nullable but assigned_lawyer_id,
 * tested with IS NULL: NOT of it is plain two-valued logic.
 */
const URGENT = sql`(${practices.humanReview} and ${practices.assignedLawyerId} is null and ${practices.status} <> 'CLOSED')`;

const lawyers = alias(users, "assigned_lawyers");

const LIST_COLUMNS = {
  id: practices.id,
  ticketCode: practices.ticketCode,
  status: practices.status,
  evaluation: practices.evaluation,
  crimeType: practices.crimeType,
  platform: practices.platform,
  anonymous: practices.anonymous,
  createdAt: practices.createdAt,
  expiryDate: practices.expiryDate,
  humanReview: practices.humanReview,
  assignedLawyerId: practices.assignedLawyerId,
  assignedAt: practices.assignedAt,
  awaitingReplySince: practices.awaitingReplySince,
  clientName: users.name,
  clientLastname: users.lastname,
  lawyerName: lawyers.name,
  lawyerLastname: lawyers.lastname,
};

// Each order as its index is built (drizzle's `.desc()` is DESC NULLS LAST): newest reads practices_created_idx
// (practices_urgent_first_idx with the urgent cases first), oldest practices_created_idx or practices_urgent_idx
// backwards; longest-waiting reads practices_awaiting_reply_idx. A bare `desc` would mean NULLS FIRST, which those indexes cannot give, and
// every page became a scan and sort of all practices.
const ORDERS: Record<NonNullable<PracticeFilters["order"]>, SQL[]> = {
  newest: [sql`${practices.createdAt} desc nulls last`, sql`${practices.id} desc nulls last`],
  oldest: [sql`${practices.createdAt} asc nulls first`, sql`${practices.id} asc nulls first`],
  "longest-waiting": [sql`${practices.awaitingReplySince} asc`, sql`${practices.id} asc`],
};

/**
 * Totals are counted up to here (fifty pages): beyond it a lawyer refines the search rather than pages
 * («Più di 1.000 pratiche: affina la ricerca»), and counting further cost more than the page itself: 10 000
 * rows counted were a third of PostgreSQL's time for the lawyer's list (docs/performance.md).
 */
export const TOTAL_COUNT_CAP = 1_000;

/**
 * A page of practices, newest first (or as `order` asks), for staff the urgent ones before all others, with
 * the total for the filters (spec §7 "List practices returns total and data"); `totalCapped` when there are
 * more than TOTAL_COUNT_CAP and `total` is that cap.
 */
export async function listPractices(
  db: Db,
  f: PracticeFilters,
  cap: number = TOTAL_COUNT_CAP,
): Promise<{ total: number; totalCapped: boolean; data: PracticeListRow[] }> {
  const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const words = f.q?.trim() ? f.q.trim().split(/\s+/).map(like) : [];
  const values = {
    ...Object.fromEntries(words.map((word, i) => [`word${i}`, word])),
    term: f.q?.trim() ? like(f.q.trim()) : null,
    ownerId: f.ownerId,
    ticketCode: f.ticketCode,
    status: f.status,
    evaluation: f.evaluation,
    crimeType: f.crimeType,
    anonymous: f.anonymous,
    assignedTo: f.assignedTo,
    reader: f.reader,
  };
  const shape: ListShape = {
    words: words.length,
    ...Object.fromEntries(SHAPE_VALUES.map((key) => [key, f[key] !== undefined])),
    unassigned: f.unassigned === true,
    urgent: f.urgent,
    waiting: f.waiting === true,
    openOnly: f.openOnly === true,
    order: f.order ?? "newest",
    cap,
    limit: f.limit,
    offset: f.offset,
  } as ListShape;
  const statements = listStatements(db, shape);
  const rows = await statements.page.execute(values);
  // A page past the end carries no total: counted on its own then (the first page's empty list means none).
  const counted =
    rows[0]?.total ?? (f.offset > 0 ? ((await statements.total.execute(values))[0]?.n ?? 0) : 0);
  const data = rows.map(({ total: _, ...row }) => row);
  return { total: Math.min(counted, cap), totalCapped: counted > cap, data };
}

/** The filters whose value is a parameter of the statement: only whether each is set changes its text. */
const SHAPE_VALUES = [
  "ownerId",
  "ticketCode",
  "status",
  "evaluation",
  "crimeType",
  "anonymous",
  "assignedTo",
  "reader",
] as const;

/** What the list's SQL text depends on: the filters set, the order, how many words a search typed. */
type ListShape = Record<(typeof SHAPE_VALUES)[number], boolean> & {
  words: number;
  unassigned: boolean;
  urgent: boolean | undefined;
  waiting: boolean;
  openOnly: boolean;
  order: NonNullable<PracticeFilters["order"]>;
  /**
   * Written in the statement, not parameters: PostgreSQL plans a LIMIT it does not know for a tenth of the
   * rows, and then keeps planning each execution rather than use the plan it prepared.
   */
  cap: number;
  limit: number;
  offset: number;
};

/** A statement run with its parameters' values: a drizzle query, or the same prepared. */
type Runnable<T> = { execute(values: Record<string, unknown>): Promise<T> };
interface ListStatements {
  page: Runnable<(PracticeListRow & { total: number })[]>;
  total: Runnable<{ n: number }[]>;
}

/**
 * The list's statements of each shape without a search, built by drizzle and prepared in PostgreSQL once per
 * connection instead of at every request: the planning was most of a list's cost (docs/performance.md). A
 * search is planned for the words typed each time: the trigram indexes fit "Quattrociocchi", not "Rossi".
 */
const preparedByShape = oncePerDb(() => new Map<string, ListStatements>());

function listStatements(db: Db, shape: ListShape): ListStatements {
  // The first pages are the ones read again and again (a list opened, refreshed by a live change).
  if (shape.words > 0 || shape.offset > 0) return buildListStatements(db, shape);
  const byShape = preparedByShape(db);
  const key = JSON.stringify(shape);
  let statements = byShape.get(key);
  if (!statements) {
    const built = buildListStatements(db, shape);
    const name = `practices_list_${byShape.size}`;
    statements = { page: built.page.prepare(name), total: built.total.prepare(`${name}_total`) };
    byShape.set(key, statements);
  }
  return statements;
}

function buildListStatements(db: Db, shape: ListShape) {
  const value = (name: string) => sql.placeholder(name);
  // A count written into the text (ListShape): drizzle binds a number, and writes an SQL chunk as it is.
  const written = (n: number) => {
    if (!Number.isSafeInteger(n) || n < 0) throw new TypeError(`not a row count: ${n}`);
    return sql.raw(String(n)) as unknown as number;
  };
  // Each arm of the search on its own trigram index (migration 0002), their ids united: the practice number
  // on practices (practices_ticket_code_trgm_idx); the "name lastname" on users (users_full_name_trgm_idx),
  // then those users' practices by owner. OR-ing the two arms in one WHERE made PostgreSQL read every
  // practice. A client's own filter goes into both arms (few rows). The name arm asks each word typed of
  // "name lastname", so "Rossi Maria" finds Maria Rossi: the ILIKEs on one expression are ANDed in the same
  // trigram index. An anonymous practice is never found by its client's name.
  const owner = shape.ownerId ? eq(practices.ownerId, value("ownerId")) : undefined;
  const words = Array.from({ length: shape.words }, (_, i) => value(`word${i}`));
  const matching =
    shape.words > 0
      ? union(
          db
            .select({ id: practices.id })
            .from(practices)
            .where(and(owner, ilike(practices.ticketCode, value("term")))),
          db
            .select({ id: practices.id })
            .from(practices)
            .innerJoin(users, eq(users.id, practices.ownerId))
            .where(
              and(
                owner,
                eq(practices.anonymous, false),
                ...words.map((word) => ilike(sql`${users.name} || ' ' || ${users.lastname}`, word)),
              ),
            ),
        )
      : undefined;
  const where = and(
    owner,
    shape.ticketCode ? eq(practices.ticketCode, value("ticketCode")) : undefined,
    shape.status ? eq(practices.status, value("status")) : undefined,
    shape.evaluation ? eq(practices.evaluation, value("evaluation")) : undefined,
    shape.crimeType ? eq(practices.crimeType, value("crimeType")) : undefined,
    shape.anonymous ? eq(practices.anonymous, value("anonymous")) : undefined,
    shape.assignedTo ? eq(practices.assignedLawyerId, value("assignedTo")) : undefined,
    shape.unassigned ? isNull(practices.assignedLawyerId) : undefined,
    shape.urgent === undefined ? undefined : shape.urgent ? URGENT : sql`not ${URGENT}`,
    shape.waiting ? isNotNull(practices.awaitingReplySince) : undefined,
    shape.openOnly ? ne(practices.status, "CLOSED") : undefined,
    matching ? inArray(practices.id, matching) : undefined,
  );
  // Staff see the urgent cases before all others (ADR 011), then the requested order: newest first reads
  // practices_urgent_first_idx in one pass. A client's own list, and a list the urgent filter already splits,
  // keep the plain order.
  const urgentFirst = shape.urgent === undefined && !shape.ownerId;
  const order = urgentFirst ? [sql`${URGENT} desc nulls last`, ...ORDERS[shape.order]] : ORDERS[shape.order];
  const upToCap = db
    .select({ one: sql`1` })
    .from(practices)
    .where(where)
    .limit(written(shape.cap + 1))
    .as("up_to_cap");
  const total = db.select({ n: count() }).from(upToCap);
  // One statement, one round trip: the page, each line's unread count (a subquery per line, on the comments'
  // key) and the capped total (an uncorrelated subquery, run once).
  const page = db
    .select({
      ...LIST_COLUMNS,
      unreadComments: shape.reader ? unreadCommentsOf(db, practices.id, value("reader")) : sql<number>`0`,
      total: sql<number>`(${total})`.mapWith(Number),
    })
    .from(practices)
    .leftJoin(users, eq(users.id, practices.ownerId))
    .leftJoin(lawyers, eq(lawyers.id, practices.assignedLawyerId))
    .where(where)
    .orderBy(...order)
    .limit(written(shape.limit))
    .offset(written(shape.offset));
  return { page, total };
}

/** The lawyer's work queue (GET /v1/practices/queue): each section oldest first, `limit` rows of each. */
export async function practiceQueue(db: Db, reader: string, limit: number, cap: number = TOTAL_COUNT_CAP) {
  const section = (f: Omit<PracticeFilters, "limit" | "offset" | "reader">) =>
    listPractices(db, { ...f, reader, limit, offset: 0 }, cap);
  return {
    urgent: await section({ urgent: true, order: "oldest" }),
    new: await section({ unassigned: true, urgent: false, openOnly: true, order: "oldest" }),
    waiting: await section({ waiting: true, openOnly: true, order: "longest-waiting" }),
  };
}

/**
 * "Prendi in carico": gives the case to this lawyer only if nobody has it (the conditional update settles two
 * lawyers taking it at once: one wins). False when somebody, maybe this lawyer, already has it.
 */
export async function takePractice(db: Db, id: string, lawyerId: string, at: Date): Promise<boolean> {
  return Boolean(
    await updatePracticeWhile(db, id, isNull(practices.assignedLawyerId), {
      assignedLawyerId: lawyerId,
      assignedAt: at,
      updatedAt: at,
    }),
  );
}

/**
 * Whether the client's "update" mail on this practice may go now, recorded if so: true unless one went less
 * than `windowSeconds` before `at`. One conditional update, so of two changes at once only one mails, and
 * in the caller's transaction, so a change that rolls back leaves no mark.
 */
export async function claimClientUpdateMail(
  db: Db,
  id: string,
  at: Date,
  windowSeconds: number,
): Promise<boolean> {
  const since = new Date(at.getTime() - windowSeconds * 1000);
  return Boolean(
    await updatePracticeWhile(
      db,
      id,
      or(isNull(practices.clientUpdateMailedAt), lte(practices.clientUpdateMailedAt, since)),
      { clientUpdateMailedAt: at },
    ),
  );
}

/** Lets go of the case only if `holderId` still has it (no release of a case another lawyer took since). */
export async function releasePractice(db: Db, id: string, holderId: string, at: Date): Promise<boolean> {
  return Boolean(
    await updatePracticeWhile(db, id, eq(practices.assignedLawyerId, holderId), {
      assignedLawyerId: null,
      assignedAt: null,
      updatedAt: at,
    }),
  );
}

/** Moves a practice from `from` to `to` only if it is still in `from` (two concurrent changes cannot both win). */
export async function updatePracticeStatus(
  db: Db,
  id: string,
  from: PracticeStatus,
  to: PracticeStatus,
  at: Date,
): Promise<boolean> {
  return Boolean(
    await updatePracticeWhile(db, id, eq(practices.status, from), { status: to, updatedAt: at }),
  );
}

/** Whether lawyers see who the client is; the owner's choice, audited by the use case. */
export async function setPracticeAnonymity(db: Db, id: string, anonymous: boolean, at: Date): Promise<void> {
  await db.update(practices).set({ anonymous, updatedAt: at }).where(eq(practices.id, id));
}

export type ServicesActive = Pick<
  PracticeRow,
  "serviceTakedownActive" | "serviceLegalizationActive" | "serviceInjuctionActive" | "serviceAdviceActive"
>;

export async function setServicesActive(db: Db, id: string, flags: ServicesActive, at: Date): Promise<void> {
  await db
    .update(practices)
    .set({ ...flags, updatedAt: at })
    .where(eq(practices.id, id));
}

/** The staff's reading of a practice: its evaluation and the advice price (null withdraws ADVICE). */
export async function updateAssessment(
  db: Db,
  id: string,
  change: { evaluation?: Evaluation; advicePriceCents?: number | null },
  at: Date,
): Promise<void> {
  await db
    .update(practices)
    .set({ ...change, updatedAt: at })
    .where(eq(practices.id, id));
}

/** Deletes the owner's practice only if it is still PENDING; false when it no longer qualifies. */
export async function deletePendingPractice(db: Db, id: string, ownerId: string): Promise<boolean> {
  const [row] = await db
    .delete(practices)
    .where(and(eq(practices.id, id), eq(practices.ownerId, ownerId), eq(practices.status, "PENDING")))
    .returning({ id: practices.id });
  return Boolean(row);
}

export type PracticeEmailRow = typeof practiceEmails.$inferSelect;

export async function addPracticeEmail(
  db: Db,
  mail: { practiceId: string; senderId: string; subject: string; body: string },
): Promise<PracticeEmailRow> {
  const [row] = await db.insert(practiceEmails).values(mail).returning();
  if (!row) throw new Error("practice email not stored");
  return row;
}

/** The emails staff sent on a practice, newest first, with the senders' names. */
export async function listPracticeEmails(db: Db, practiceId: string) {
  return db
    .select({ email: practiceEmails, senderName: users.name, senderLastname: users.lastname })
    .from(practiceEmails)
    .leftJoin(users, eq(users.id, practiceEmails.senderId))
    .where(eq(practiceEmails.practiceId, practiceId))
    .orderBy(desc(practiceEmails.sentAt), desc(practiceEmails.id));
}
