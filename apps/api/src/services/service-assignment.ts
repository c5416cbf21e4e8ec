import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import {
  QUEUED_SERVICE_TYPES,
  serviceStatusChangeError,
  WAITING_SERVICE_STATUSES,
} from "@argine/core/services/lifecycle";
import { canChangeServiceAssignment } from "@argine/core/services/policy";
import { SERVICE_ERRORS } from "@argine/core/services/service-messages";
import type { PracticeService, ServiceAssignmentBody } from "@argine/core/services/services-api";
import type { Db } from "@argine/db/client";
import {
  assignService,
  listPracticeServices,
  type ServiceRow,
  type ServiceWithPractice,
} from "@argine/db/queries/services";
import { listRoles } from "@argine/db/queries/users";
import { audit } from "../audit/audit.ts";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { authorizedService } from "./service-access.ts";
import { assertServiceOpen, moveService, oneView } from "./service-steps.ts";

/**
 * PUT /v1/services/{id}/assignment (staff): who does the work, or nobody. A colleague's service is handed over
 * by an admin only (core canChangeServiceAssignment); the change is made from the assignee read, so two
 * people taking the same service at once do not both get it. Taking a service not yet started starts it
 * ("preso in carico" for the client) when it can: a defence waits for its mandate.
 */
export function assign(
  deps: Deps,
  actor: Actor,
  id: string,
  body: ServiceAssignmentBody,
): Promise<PracticeService> {
  return deps.db.transaction(async (tx) => {
    const found = await authorizedService(tx, actor, id, "assign", { audit: false });
    const { service } = found;
    assertServiceOpen(found, { cancelled: SERVICE_ERRORS.cancelled });
    if (!canChangeServiceAssignment(actor, service)) {
      throw new AppError("CONFLICT", SERVICE_ERRORS.heldByColleague);
    }
    if (body.lawyerId && (await listRoles(tx, body.lawyerId)).length === 0) {
      throw new AppError("BAD_REQUEST", SERVICE_ERRORS.notStaff);
    }
    if (body.lawyerId === service.assignedLawyerId) return oneView(tx, service);
    const row = await handOver(deps, tx, actor, found, body.lawyerId);
    if (!row) throw new AppError("CONFLICT", SERVICE_ERRORS.changedMeanwhile);
    return oneView(tx, row);
  });
}

/**
 * A service passes from who held it (as read in `found`) to `lawyerId`, with its audit line; taken, a service
 * not yet started starts when it can. Undefined when someone else changed its holder meanwhile.
 */
async function handOver(
  deps: Deps,
  tx: Db,
  actor: Actor,
  found: ServiceWithPractice,
  lawyerId: string | null,
): Promise<ServiceRow | undefined> {
  const { service } = found;
  let row = await assignService(
    tx,
    service.id,
    { from: service.assignedLawyerId, to: lawyerId },
    now(deps.clock),
  );
  if (!row) return undefined;
  await audit(tx, actor, "service.assign", service.id, { from: service.assignedLawyerId, to: lawyerId });
  const startable =
    lawyerId &&
    row.status === "TO_START" &&
    found.practice.status !== "CLOSED" &&
    serviceStatusChangeError({ ...row, hasDocument: false }, "IN_PROGRESS") === null;
  if (startable) row = await moveService(deps, tx, actor, { ...found, service: row }, "IN_PROGRESS");
  return row;
}

/**
 * The lawyer who takes a practice in charge takes, in the same transaction, its paid services waiting for a
 * lawyer that nobody holds (the queue's "Da assegnare"), each as if assigned one by one: audited, and started
 * when it can (a defence still waits for its mandate). A colleague's service stays theirs.
 */
export async function takeWaitingServices(
  deps: Deps,
  tx: Db,
  actor: Actor,
  practice: ServiceWithPractice["practice"],
): Promise<void> {
  if (practice.status === "CLOSED") return;
  const waiting = (await listPracticeServices(tx, practice.id)).filter(
    (service) =>
      service.assignedLawyerId === null &&
      (QUEUED_SERVICE_TYPES as readonly string[]).includes(service.serviceType) &&
      (WAITING_SERVICE_STATUSES as readonly string[]).includes(service.status),
  );
  for (const service of waiting) {
    // Taken by someone else an instant ago: theirs, as the queue would have it.
    await handOver(deps, tx, actor, { service, practice }, actor.userId);
  }
}
