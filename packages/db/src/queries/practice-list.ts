import type { Evaluation } from "@argine/core/feedback/evaluation";
import { QUEUE_SECTION_SIZE } from "@argine/core/practices/practice-calls";
import type { PracticeStatus } from "@argine/core/practices/practice-status";
import { DEFAULT_PAGE_SIZE } from "@argine/core/shared/paging";
import { and, count, eq, ilike, isNotNull, isNull, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import { users } from "../schema/identity.ts";
import { practices } from "../schema/practices.ts";
import { unreadCommentsOf } from "./comments.ts";
import type { PracticeRow } from "./practices.ts";
import { oncePerDb } from "./prepared.ts";

// The lists of practices (GET /v1/practices and the lawyer's queue): the filters, the order, the search and
// the capped total in one statement, the common ones prepared (docs/performance.md).

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
 * Totals are counted up to here (ten pages): beyond it a lawyer refines the search rather than pages («Più
 * di 200 pratiche: affina la ricerca», and the pages go on while they are full). Counting further cost more
 * than the page itself: a filter that keeps 3 % of the cases (anonymous and open) reads 33 rows for each one
 * counted, 20 ms for 1 000 and 5 ms for 200 on PostgreSQL (docs/performance.md).
 */
export const TOTAL_COUNT_CAP = 200;

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
    ownerId: f.ownerId !== undefined,
    ticketCode: f.ticketCode !== undefined,
    status: f.status !== undefined,
    evaluation: f.evaluation !== undefined,
    crimeType: f.crimeType !== undefined,
    anonymous: f.anonymous !== undefined,
    assignedTo: f.assignedTo !== undefined,
    reader: f.reader !== undefined,
    unassigned: f.unassigned === true,
    urgent: f.urgent,
    waiting: f.waiting === true,
    openOnly: f.openOnly === true,
    order: f.order ?? "newest",
    cap,
    limit: f.limit,
    offset: f.offset,
  };
  const rows = await pageStatement(db, shape).execute(values);
  // A page past the end carries no total: counted on its own then (the first page's empty list means none).
  const counted =
    rows[0]?.total ??
    (f.offset > 0 ? ((await buildListStatements(db, shape).total.execute(values))[0]?.n ?? 0) : 0);
  const data = rows.map(({ total: _, ...row }) => row);
  return { total: Math.min(counted, cap), totalCapped: counted > cap, data };
}

/** What the list's SQL text depends on: the filters set, the order, how many words a search typed. */
interface ListShape {
  /** The filters whose value is a parameter of the statement: only whether each is set changes its text. */
  ownerId: boolean;
  ticketCode: boolean;
  status: boolean;
  evaluation: boolean;
  crimeType: boolean;
  anonymous: boolean;
  assignedTo: boolean;
  reader: boolean;
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
}

/** A statement run with its parameters' values: a drizzle query, or the same prepared. */
type Runnable<T> = { execute(values: Record<string, unknown>): Promise<T> };
/**
 * The first page of each filter shape without a search, at the sizes the app asks for unless told (a list,
 * a queue's section), prepared in PostgreSQL once per connection instead of planned at every request: the
 * planning was most of a list's cost (docs/performance.md). Those are the pages read again and again (a
 * list opened, refreshed by a live change); any other size or page, and a search, is planned for itself (a
 * common surname walks the urgent-first index, a rare one reads the trigram index: one plan cannot fit both),
 * so a caller cannot make a connection keep a statement per page size it chooses.
 */
const PREPARED_SIZES: ReadonlySet<number> = new Set([DEFAULT_PAGE_SIZE, QUEUE_SECTION_SIZE]);
const preparedPages = oncePerDb(() => new Map<string, Runnable<(PracticeListRow & { total: number })[]>>());

function pageStatement(db: Db, shape: ListShape) {
  if (shape.words > 0 || shape.offset > 0 || !PREPARED_SIZES.has(shape.limit))
    return buildListStatements(db, shape).page;
  const pages = preparedPages(db);
  const key = JSON.stringify(shape);
  let page = pages.get(key);
  if (!page) {
    page = buildListStatements(db, shape).page.prepare(`practices_list_${pages.size}`);
    pages.set(key, page);
  }
  return page;
}

function buildListStatements(db: Db, shape: ListShape) {
  const value = (name: string) => sql.placeholder(name);
  // A count written into the text (ListShape): drizzle binds a number, and writes an SQL chunk as it is. The
  // cast is only for drizzle's type of .limit() and .offset(), which take a number or a placeholder.
  const written = (n: number) => {
    if (!Number.isSafeInteger(n) || n < 0) throw new TypeError(`not a row count: ${n}`);
    return sql.raw(String(n)) as unknown as number;
  };
  // The search: each word typed, in any order, somewhere in the practice's search text (its number and,
  // unless anonymous, its client's "name lastname": migration 0030), so "Rossi Maria" finds Maria Rossi and
  // "AR-2026" the number. One column with one trigram index (practices_search_trgm_idx): PostgreSQL estimates
  // a word from the column's own statistics, walks practices_urgent_first_idx for a common surname until the
  // page is full, and reads the trigram index for a rare one (docs/performance.md).
  const words = Array.from({ length: shape.words }, (_, i) => ilike(practices.searchText, value(`word${i}`)));
  const where = and(
    shape.ownerId ? eq(practices.ownerId, value("ownerId")) : undefined,
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
    ...words,
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
