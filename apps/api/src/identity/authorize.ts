import type { StaffReadAction } from "@argine/core/audit/audit-actions";
import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import type { Db } from "@argine/db/client";
import { auditStaffRead } from "../audit/staff-read.ts";

// The one way a use case asks its domain's policy (packages/core/src/<domain>/policy.ts) and turns the answer
// into an HTTP one. A role is never checked by hand here: biome.json refuses isStaff/hasRole outside core's
// policies.

/** 403 (worded by the domain when it says why) unless the policy allows an action on no one resource. */
export function authorizeAction(allowed: boolean, message?: string): void {
  if (!allowed) throw new AppError("FORBIDDEN", message);
}

/** What the domain's policy says of one resource, and how the answer is given. */
export interface Authorization<Row> {
  /** May the actor see it at all: no answers 404, as for one that does not exist (nothing to learn). */
  sees: (row: Row) => boolean;
  /** May they do this to it: no answers 403. Left out when seeing it is enough. */
  may?: (row: Row) => boolean;
  /**
   * Staff would reach it, but their session lacks the second factor (core identity/policy.ts
   * lacksSecondFactorFor): answered 403 SECOND_FACTOR_REQUIRED rather than the 404 `sees` would give (ADR 036).
   */
  lacksSecondFactor?: (row: Row) => boolean;
  /** The 404's and the 403's words, where the domain has its own. */
  notFound?: string;
  forbidden?: string;
  /**
   * The staff-read audit line (docs/architecture.md, the audit log) where the domain writes one, written
   * through `db`: inside a change's transaction it goes or stays with the change.
   */
  audit?: { action: StaffReadAction; id: string };
}

/** The resource read (undefined when there is none), if the policy lets the actor do this to it. */
export async function authorize<Row>(
  db: Db,
  actor: Actor,
  row: Row | undefined,
  { sees, may = () => true, lacksSecondFactor, notFound, forbidden, audit }: Authorization<Row>,
): Promise<Row> {
  if (row && lacksSecondFactor?.(row)) throw new AppError("SECOND_FACTOR_REQUIRED");
  if (!row || !sees(row)) throw new AppError("NOT_FOUND", notFound);
  authorizeAction(may(row), forbidden);
  if (audit) {
    await auditStaffRead(db, actor, audit.action, [audit.id]);
  }
  return row;
}
