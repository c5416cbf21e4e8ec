import { and, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { auditLog } from "../schema/audit.ts";
import { userRoles, users } from "../schema/identity.ts";
import { perTurn } from "./batched.ts";
import type { Page } from "./paging.ts";
import { oncePerDb } from "./prepared.ts";

export interface AuditEntry {
  actorId: string | null;
  action: string;
  resourceType: string;
  resourceId: string;
  meta?: Record<string, unknown>;
}

/** The lines of one turn written through the same handle, one INSERT (batched.ts perTurn). */
const linesPerTurn = oncePerDb((db) =>
  perTurn<AuditEntry, void>(async (entries) => {
    await db.insert(auditLog).values([...entries]);
    return entries.map(() => undefined);
  }),
);

/**
 * One line of the audit log: who did what to which resource (docs/architecture.md, the audit log: every staff
 * read of a practice). Resolved once the line is written: staff reading lists at once share one INSERT, each
 * answered only after it (docs/performance.md). Through a transaction, the line goes or stays with it.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await linesPerTurn(db)(entry);
}

/** What the admins filter the log by; each one left out filters nothing. */
export interface AuditFilter {
  actorId?: string;
  /** The actor's address, lower-cased (users_email_key). */
  actorEmail?: string;
  action?: string;
  /** A resource id: the line's own, or one of the ids a read listed (`a,b,c`). */
  subject?: string;
  /** Rome calendar days, both included. */
  from?: string;
  to?: string;
}

const roleNames = sql<string[]>`coalesce((select array_agg(${userRoles.role}) from ${userRoles}
  where ${userRoles.userId} = ${auditLog.actorId}), '{}')`;

/**
 * A page of the log, newest first (audit_at_idx; audit_actor_at_idx for one actor), with the actor's address
 * and name when the account is still there.
 */
export async function listAuditLines(db: Db, filter: AuditFilter, page: Page) {
  const conditions: (SQL | undefined)[] = [
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.actorEmail
      ? inArray(
          auditLog.actorId,
          db.select({ id: users.id }).from(users).where(eq(users.email, filter.actorEmail)),
        )
      : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.subject
      ? or(
          eq(auditLog.resourceId, filter.subject),
          sql`${filter.subject} = any(string_to_array(${auditLog.resourceId}, ','))`,
        )
      : undefined,
    filter.from
      ? sql`${auditLog.at} >= (${filter.from}::date)::timestamp at time zone 'Europe/Rome'`
      : undefined,
    filter.to
      ? sql`${auditLog.at} < (${filter.to}::date + 1)::timestamp at time zone 'Europe/Rome'`
      : undefined,
  ];
  const where = and(...conditions);
  const [totalRow] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db
    .select({
      line: auditLog,
      actorEmail: users.email,
      actorName: sql<string | null>`case when ${users.id} is null then null
        else ${users.name} || ' ' || ${users.lastname} end`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  return { total: totalRow?.n ?? 0, data: rows };
}

/**
 * The staff's openings of one practice and of its services (audit_resource_idx: resource type and id), newest
 * first, with the staff member's name and roles as they now are. `practiceActions` and `serviceActions` are
 * the lines that count (core audit/access-log.ts); a list read naming many practices is not an opening.
 */
export async function practiceAccessLines(
  db: Db,
  params: {
    practiceId: string;
    serviceIds: readonly string[];
    practiceActions: readonly string[];
    serviceActions: readonly string[];
    limit: number;
  },
) {
  const onPractice = and(
    eq(auditLog.resourceType, "practice"),
    eq(auditLog.resourceId, params.practiceId),
    inArray(auditLog.action, [...params.practiceActions]),
  );
  const onServices = params.serviceIds.length
    ? and(
        eq(auditLog.resourceType, "service"),
        inArray(auditLog.resourceId, [...params.serviceIds]),
        inArray(auditLog.action, [...params.serviceActions]),
      )
    : undefined;
  return db
    .select({
      at: auditLog.at,
      action: auditLog.action,
      actorId: auditLog.actorId,
      name: sql<string | null>`case when ${users.id} is null then null
        else ${users.name} || ' ' || ${users.lastname} end`,
      roles: roleNames,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(onServices ? or(onPractice, onServices) : onPractice)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(params.limit);
}
