import type { StaffReadAction } from "@argine/core/audit/audit-actions";
import type { Actor } from "@argine/core/identity/policy";
import { canWorkCases } from "@argine/core/practices/policy";
import type { Db } from "@argine/db/client";
import { audit } from "./audit.ts";

/**
 * Staff reading people's data (a victim's case, a list of cases, the users, the outreach requests) leaves one
 * audit line with the ids seen (docs/architecture.md, the audit log). A client reading their own data, or an
 * empty page, leaves none. The one place this rule lives: services call it, and so will the chat socket and
 * the jobs.
 */
export async function auditStaffRead(
  db: Db,
  actor: Actor,
  action: StaffReadAction,
  ids: readonly string[],
): Promise<void> {
  // Who works every client's case reads people's data (core's practices policy).
  if (!canWorkCases(actor.roles) || ids.length === 0) return;
  await audit(db, actor, action, ids.join(","));
}
