import type { AuditList, AuditListQuery } from "@argine/core/audit/audit-api";
import { auditPolicy } from "@argine/core/audit/policy";
import type { Actor } from "@argine/core/identity/policy";
import { pageWindow } from "@argine/core/shared/paging";
import { listAuditLines } from "@argine/db/queries/audit";
import type { Deps } from "../deps.ts";
import { authorizeAction } from "../identity/authorize.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /v1/admin/audit: a page of the audit log, newest first, filtered (admins only). The actor is named by
 * an account's id or by its e-mail address.
 */
export async function browseAudit(deps: Deps, actor: Actor, query: AuditListQuery): Promise<AuditList> {
  authorizeAction(auditPolicy(actor, "browse"));
  const who = query.actor;
  const { total, data } = await listAuditLines(
    deps.db,
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
