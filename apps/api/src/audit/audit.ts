import { AUDIT_RESOURCE_TYPES, type AuditAction, type AuditDetails } from "@argine/core/audit/audit-actions";
import type { Actor } from "@argine/core/identity/policy";
import type { Db } from "@argine/db/client";
import { recordAudit } from "@argine/db/queries/audit";

/** After the resource id, the action's details; nothing for an action without. */
type DetailsOf<A extends AuditAction> = AuditDetails[A] extends undefined ? [] : [details: AuditDetails[A]];

/** Whoever runs an operator's command on the server's shell (npm run users): no account, no actor id. */
export const OPERATOR = "operator";

/**
 * The one way to write an audit line (docs/architecture.md): `actor` did `action` to the resource
 * `resourceId`, whose type the action names (core's AUDIT_RESOURCE_TYPES), with the details core types for
 * it. Written through `db`: inside a change's transaction, it goes or stays with the change.
 */
export async function audit<A extends AuditAction>(
  db: Db,
  actor: Actor | typeof OPERATOR,
  action: A,
  resourceId: string,
  ...[details]: DetailsOf<A>
): Promise<void> {
  await recordAudit(db, {
    actorId: actor === OPERATOR ? null : actor.userId,
    action,
    resourceType: AUDIT_RESOURCE_TYPES[action],
    resourceId,
    ...(details === undefined ? {} : { meta: details }),
  });
}
