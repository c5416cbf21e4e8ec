import type { AuditList, AuditListQuery } from "@argine/core/audit/audit-api";
import { auditPolicy } from "@argine/core/audit/policy";
import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { pageWindow } from "@argine/core/shared/paging";
import type { Db } from "@argine/db/client";
import { listAuditLines } from "@argine/db/queries/audit";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /v1/admin/audit: a page of the audit log, newest first, filtered (admins only). The actor is named by
 * an account's id or by its e-mail address. It takes the database alone: identity/ writes through audit/, so
 * audit/ asks nothing of identity/ (scripts/folder-graph.test.ts).
 */
export async function browseAudit(db: Db, actor: Actor, query: AuditListQuery): Promise<AuditList> {
  if (!auditPolicy(actor, "browse")) throw new AppError("FORBIDDEN");
  const who = query.actor;
  const { total, data } = await listAuditLines(
    db,
    {
      ...(who && UUID.test(who) ? { actorId: who.toLowerCase() } : {}),
      ...(who && !UUID.test(who) ? { actorEmail: who.toLowerCase() } : {}),
      ...(query.action ? { action: query.action } : {}),
      ...(query.subject ? { subject: query.subject } : {}),
      ...(query.from ? { from: query.from } : {}),
      ...(query.to ? { to: query.to } : {}),
    },
    pageWindow(query),
  );
  return {
    total,
    data: data.map(({ line, actorEmail, actorName }) => ({
      id: line.id,
      at: line.at.toISOString(),
      actorId: line.actorId,
      actorEmail,
      actorName,
      action: line.action,
      resourceType: line.resourceType,
      resourceId: line.resourceId,
      meta: (line.meta as Record<string, unknown> | null) ?? null,
    })),
  };
}
