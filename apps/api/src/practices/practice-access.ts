import { type Actor, lacksSecondFactorFor } from "@argine/core/identity/policy";
import { type PracticesAction, practicesPolicy } from "@argine/core/practices/policy";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import type { Db } from "@argine/db/client";
import { findPractice, type PracticeRow } from "@argine/db/queries/practices";
import type { Deps } from "../deps.ts";
import { authorize } from "../identity/authorize.ts";
import { reloadedDetail } from "./practice-view.ts";

/**
 * What is done to one practice by id: every action of the policy but the claim (practice-claims-service.ts)
 * and the owner's access log (access-log-service.ts), which is no staff read.
 */
export type PracticeAction = Exclude<PracticesAction, "claim" | "read-access-log">;

/**
 * The practice, if this actor may do `action` on it: 404 for one that does not exist or is someone else's
 * (nothing to learn about it), 403 when they may read it but not do this. Staff leave an audit line
 * `practice.<action>` (docs/architecture.md, the audit log), written through `db`: inside a change's
 * transaction, it goes or stays with the change (identity/authorize.ts).
 */
export async function authorizedPractice(
  db: Db,
  actor: Actor,
  id: string,
  action: PracticeAction,
): Promise<PracticeRow> {
  return authorize(db, actor, await findPractice(db, id), {
    lacksSecondFactor: (practice) => lacksSecondFactorFor(actor, practice),
    sees: (practice) => practicesPolicy(actor, "read", practice),
    may: (practice) => practicesPolicy(actor, action, practice),
    audit: { action: `practice.${action}`, id },
  });
}

/**
 * A change to one practice as one transaction: its access check (and staff audit line), `change`, and the
 * practice as it then is. Whatever `change` throws takes back every write, the audit line included.
 */
export function changePractice(
  deps: Deps,
  actor: Actor,
  id: string,
  action: PracticeAction,
  change: (tx: Db, practice: PracticeRow) => Promise<void>,
): Promise<PracticeDetail> {
  return deps.db.transaction(async (tx) => {
    const practice = await authorizedPractice(tx, actor, id, action);
    await change(tx, practice);
    return reloadedDetail(tx, deps.config.publicUrl, id);
  });
}
