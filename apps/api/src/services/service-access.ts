import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { type ServicesAction, servicesPolicy } from "@argine/core/services/policy";
import type { Db } from "@argine/db/client";
import { findServiceWithPractice, type ServiceWithPractice } from "@argine/db/queries/services";
import { auditStaffRead } from "../audit/staff-read.ts";

/**
 * The service and its practice, if this actor may do `action` on it: 404 for one that does not exist or is
 * someone else's client's (nothing to learn about it), 403 when they may read it but not do this. Staff leave
 * an audit line `service.<action>`, written through `db`: inside a change's transaction it goes or stays
 * with the change. A change that writes its own, fuller line (what it changed) passes `audit: false`.
 */
export async function authorizedService(
  db: Db,
  actor: Actor,
  id: string,
  action: ServicesAction,
  { audit = true }: { audit?: boolean } = {},
): Promise<ServiceWithPractice> {
  const found = await findServiceWithPractice(db, id);
  if (!found || !servicesPolicy(actor, "read", found.practice)) throw new AppError("NOT_FOUND");
  if (!servicesPolicy(actor, action, found.practice)) throw new AppError("FORBIDDEN");
  // Assigning always writes its own line under that name, who to whom (services-service's handOver).
  if (audit && action !== "assign") await auditStaffRead(db, actor, `service.${action}`, [id]);
  return found;
}
