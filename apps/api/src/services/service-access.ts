import type { StaffReadAction } from "@argine/core/audit/audit-actions";
import { AppError } from "@argine/core/errors/app-error";
import { type Actor, lacksSecondFactorFor } from "@argine/core/identity/policy";
import { type ServicesAction, servicesPolicy } from "@argine/core/services/policy";
import type { ServiceType } from "@argine/core/services/service-type";
import type { Db } from "@argine/db/client";
import { findServiceWithPractice, type ServiceWithPractice } from "@argine/db/queries/services";
import { authorize } from "../identity/authorize.ts";

/**
 * The staff-read line each action leaves, by name. An action missing here writes a fuller line of its own
 * (assigning: who to whom, service-assignment.ts) or is always called with `audit: false`.
 */
const STAFF_READS = {
  read: "service.read",
  "upload-evidence": "service.upload-evidence",
  "upload-document": "service.upload-document",
  "change-status": "service.change-status",
  "accept-mandate": "service.accept-mandate",
  legalize: "service.legalize",
} as const satisfies Record<string, StaffReadAction>;

/** A policy over a service, as core's: the services', or a domain's own for its kind of service. */
type ServicePolicy<A extends string> = (
  actor: Actor | null,
  action: A,
  service: { ownerId: string | null },
) => boolean;

export interface ServiceAccess {
  /** False when a change writes its own, fuller audit line (what it changed). */
  audit?: boolean;
  /** The kind of service the route is for: any other answers as an unknown one. */
  type?: ServiceType;
  /** The 404's words, where the domain has its own. */
  notFound?: string;
}

/**
 * The service and its practice, if this actor may do `action` on it: 404 for one that does not exist or is
 * someone else's client's (nothing to learn about it), or not of `type`; 403 when they may read it but not
 * do this. Staff leave an audit line `service.<action>`, written through `db`: inside a change's transaction
 * it goes or stays with the change (identity/authorize.ts).
 */
export function authorizedService(
  db: Db,
  actor: Actor,
  id: string,
  action: ServicesAction,
  access?: ServiceAccess,
): Promise<ServiceWithPractice>;
/** The same, asking the domain's own policy for its kind of service (takedown, legalization). */
export function authorizedService<A extends string>(
  db: Db,
  actor: Actor,
  id: string,
  action: NoInfer<A>,
  access: ServiceAccess & { policy: ServicePolicy<A> & ServicePolicy<"read"> },
): Promise<ServiceWithPractice>;
export async function authorizedService(
  db: Db,
  actor: Actor,
  id: string,
  action: string,
  {
    audit = true,
    type,
    notFound,
    policy = servicesPolicy as ServicePolicy<string>,
  }: ServiceAccess & { policy?: ServicePolicy<string> } = {},
): Promise<ServiceWithPractice> {
  const found = await authorize(db, actor, await findServiceWithPractice(db, id), {
    lacksSecondFactor: ({ practice }) => lacksSecondFactorFor(actor, practice),
    sees: ({ practice }) => policy(actor, "read", practice),
    may: ({ practice }) => policy(actor, action, practice),
    notFound,
    ...(audit && Object.hasOwn(STAFF_READS, action)
      ? { audit: { action: STAFF_READS[action as keyof typeof STAFF_READS], id } }
      : {}),
  });
  // Checked after the access, as each kind's route always has: a 403 stays a 403 whatever the kind.
  if (type && found.service.serviceType !== type) throw new AppError("NOT_FOUND", notFound);
  return found;
}
