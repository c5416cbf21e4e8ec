import type { Actor } from "@argine/core/identity/policy";
import { canWorkCases } from "@argine/core/practices/policy";
import type { Db } from "@argine/db/client";
import { recordAudit } from "@argine/db/queries/audit";

/**
 * Staff reading people's data (a victim's case, a list of cases, the users, the outreach requests) leaves one
 * audit line with the ids seen (DESIGN.md §6). A client reading their own data, or an empty page, leaves none.
 * The one place this rule lives: services call it, and so will the chat socket and the jobs.
 */
export async function auditStaffRead(
  db: Db,
  actor: Actor,
  read: { action: string; resourceType: string; ids: readonly string[] },
): Promise<void> {
  // Who works every client's case reads people's data (core's practices policy).
  if (!canWorkCases(actor.roles) || read.ids.length === 0) return;
  await recordAudit(db, {
    actorId: actor.userId,
    action: read.action,
    resourceType: read.resourceType,
    resourceId: read.ids.join(","),
  });
}
