import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { casePath } from "@argine/core/practices/case-path";
import { canChangeServiceStatus } from "@argine/core/services/lifecycle";
import { SERVICE_ERRORS } from "@argine/core/services/service-messages";
import type { ServiceType } from "@argine/core/services/service-type";
import type { PracticeService } from "@argine/core/services/services-api";
import type { Db } from "@argine/db/client";
import { claimClientUpdateMail } from "@argine/db/queries/practices";
import { changeServiceStatus, type ServiceRow, type ServiceWithPractice } from "@argine/db/queries/services";
import { findUserById } from "@argine/db/queries/users";
import { audit } from "../audit/audit.ts";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { practiceUpdateMail } from "../mail/templates.ts";
import { serviceViews } from "./service-view.ts";

// The steps the use cases of a bought service share, the services' and the takedown's and legalization's
// (ADR 020, 021): the body's kind of service checked, a service still open to work, a status moved (by
// someone, with its audit line, or by the system as a capture goes), the client's mail, and the service
// answered as the API shows it.

export function assertTypeMatches(service: ServiceRow, serviceType: ServiceType): void {
  if (service.serviceType !== serviceType) throw new AppError("BAD_REQUEST", SERVICE_ERRORS.typeMismatch);
}

/**
 * A service still open to this step: refused once cancelled (refunded), and, with `practiceClosed`, once its
 * practice is closed (a client's step; staff may still work a closed case). Each domain words the refusal.
 */
export function assertServiceOpen(
  { service, practice }: ServiceWithPractice,
  words: { cancelled: string; practiceClosed?: string },
): void {
  if (service.status === "CANCELLED") throw new AppError("CONFLICT", words.cancelled);
  if (words.practiceClosed && practice.status === "CLOSED") {
    throw new AppError("CONFLICT", words.practiceClosed);
  }
}

/**
 * How long after an update mail the next news on the same practice is not mailed again: a lawyer's burst of
 * changes (statuses, a document, several services taken at once) makes one mail; the client reading it finds
 * them all on the case page.
 */
export const CLIENT_UPDATE_MAIL_WINDOW_SECONDS = 60;

/**
 * The client's neutral mail about news on their practice, queued in the change's transaction, at most one per
 * practice within CLIENT_UPDATE_MAIL_WINDOW_SECONDS (db's claimClientUpdateMail; a practice has one client).
 */
export async function mailClient(
  deps: Deps,
  tx: Db,
  practice: ServiceWithPractice["practice"],
): Promise<void> {
  const client = practice.ownerId ? await findUserById(tx, practice.ownerId) : undefined;
  if (!client) return;
  if (!(await claimClientUpdateMail(tx, practice.id, now(deps.clock), CLIENT_UPDATE_MAIL_WINDOW_SECONDS)))
    return;
  const link = `${deps.config.publicUrl}${casePath(practice.ticketCode)}`;
  await deps.jobs.send(tx, "mail", practiceUpdateMail(client.email, client.name, link));
}

export async function oneView(db: Db, row: ServiceRow): Promise<PracticeService> {
  const [view] = await serviceViews(db, [row]);
  return view as PracticeService;
}

/**
 * A status moved by someone from the one read, with its audit line (the start of a service included); a
 * change made meanwhile is refused with `changedMeanwhile`, the domain's words.
 */
export async function moveServiceAudited(
  tx: Db,
  actor: Actor,
  service: Pick<ServiceRow, "id" | "status">,
  to: ServiceRow["status"],
  at: Date,
  changedMeanwhile: string = SERVICE_ERRORS.changedMeanwhile,
): Promise<ServiceRow> {
  const changed = await changeServiceStatus(tx, service.id, service.status, to, at);
  if (!changed) throw new AppError("CONFLICT", changedMeanwhile);
  await audit(tx, actor, "service.status", service.id, { from: service.status, to });
  return changed;
}

/** One status change by staff, from the status read: its audit line and the client's mail go with it. */
export async function moveService(
  deps: Deps,
  tx: Db,
  actor: Actor,
  { service, practice }: ServiceWithPractice,
  to: ServiceRow["status"],
): Promise<ServiceRow> {
  const changed = await moveServiceAudited(tx, actor, service, to, now(deps.clock));
  await mailClient(deps, tx, practice);
  return changed;
}

/**
 * A status moved by the system as the work goes (a capture started, its files stored), when the table lets
 * the system (a cancelled service stays so): nobody to audit, and a move already made is no fault.
 */
export async function moveServiceBySystem(
  tx: Db,
  serviceId: string,
  from: ServiceRow["status"],
  to: ServiceRow["status"],
  at: Date,
): Promise<void> {
  if (canChangeServiceStatus(from, to, "system")) await changeServiceStatus(tx, serviceId, from, to, at);
}
