import { randomUUID } from "node:crypto";
import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { casePath } from "@argine/core/practices/case-path";
import {
  mandateRequired,
  QUEUED_SERVICE_TYPES,
  serviceStatusChangeError,
  WAITING_SERVICE_STATUSES,
} from "@argine/core/services/lifecycle";
import { DEFENCE_MANDATE_VERSION, defenceMandate } from "@argine/core/services/mandate";
import { canChangeServiceAssignment, canWorkServices, servicesPolicy } from "@argine/core/services/policy";
import { SERVICE_ERRORS } from "@argine/core/services/service-messages";
import type { ServiceType } from "@argine/core/services/service-type";
import type {
  FileSide,
  Mandate,
  MandateAcceptBody,
  PracticeService,
  ServiceAssignmentBody,
  ServiceQueue,
  ServiceStatusBody,
  SignedUrl,
  StaffMember,
  UploadBody,
  UploadedFile,
} from "@argine/core/services/services-api";
import { MAX_UPLOAD_BYTES } from "@argine/core/shared/constants";
import { MESSAGES } from "@argine/core/shared/messages";
import { detectFileKind } from "@argine/core/uploads/file-kind";
import type { Db } from "@argine/db/client";
import { recordAudit } from "@argine/db/queries/audit";
import { claimClientUpdateMail } from "@argine/db/queries/practices";
import {
  acceptServiceMandate,
  assignService,
  changeServiceStatus,
  deleteServiceFile,
  findSentFileByName,
  findServiceFile,
  listPracticeServices,
  listServiceQueue,
  listStaffMembers,
  markFileSent,
  paidCentsFor,
  putPendingFile,
  type ServiceRow,
  type ServiceWithPractice,
} from "@argine/db/queries/services";
import { findUserById, listRoles } from "@argine/db/queries/users";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { authorizeAction } from "../identity/authorize.ts";
import { practiceUpdateMail } from "../mail/templates.ts";
import { sha256 } from "../storage/storage.ts";
import { checkUploadContent } from "../uploads/content-check.ts";
import { authorizedService } from "./service-access.ts";
import { serviceViews, staffName, uploadedFileView } from "./service-view.ts";

// What happens to a bought service (ADR 020): its files and documents, its status, who works it, the
// defence mandate. Each use case takes `(deps, actor, input)` and answers as the API does.
//
// An upload is three steps, because the bytes never pass through the API's JSON routes:
//   1. signed-url: a row "chosen, not sent" on the caller's side (the client's files, the lawyer's document)
//      under a generated storage key, and a short-lived link the browser PUTs the bytes to;
//   2. the browser's PUT, straight to the storage (the embedded disk, or S3);
//   3. PATCH upload: the server reads the object back, checks its size and content (a presigned PUT cannot
//      cap either), and marks the file sent, or deletes the object and the row and says why. The bytes it
//      checked are stored again under a key no link writes, with their SHA-256, and the upload's key is
//      deleted: whatever is PUT to the link afterwards (S3's links take any number of writes while they
//      live) is never what is downloaded. Each download link is given after the hash is verified (ADR 024).

/** How long the browser has to send the bytes once it asked to. */
const UPLOAD_LINK_SECONDS = 15 * 60;
/** A document link is opened at once, in a new tab: a short life is enough and leaks little. */
const DOWNLOAD_LINK_SECONDS = 5 * 60;

/** Which side an actor's uploads are on, and the policy's action for it. */
function sideOf(actor: Actor): { side: FileSide; action: "upload-document" | "upload-evidence" } {
  return canWorkServices(actor.roles)
    ? { side: "STAFF", action: "upload-document" }
    : { side: "CLIENT", action: "upload-evidence" };
}

function assertTypeMatches(service: ServiceRow, serviceType: ServiceType): void {
  if (service.serviceType !== serviceType) throw new AppError("BAD_REQUEST", SERVICE_ERRORS.typeMismatch);
}

/** Files are taken while the service and its practice are alive; staff may still add to a closed case. */
function assertTakesFiles({ service, practice }: ServiceWithPractice, side: FileSide): void {
  if (service.status === "CANCELLED") throw new AppError("CONFLICT", SERVICE_ERRORS.cancelled);
  if (side === "CLIENT" && practice.status === "CLOSED") {
    throw new AppError("CONFLICT", SERVICE_ERRORS.practiceClosed);
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

async function oneView(db: Db, row: ServiceRow): Promise<PracticeService> {
  const [view] = await serviceViews(db, [row]);
  return view as PracticeService;
}

/** GET /v1/services/{id}/signed-url: where to send a file of `size` bytes named `fileName`. */
export async function signUpload(
  deps: Deps,
  actor: Actor,
  id: string,
  meta: { fileName: string; size: number },
): Promise<SignedUrl> {
  const { side, action } = sideOf(actor);
  const storageKey = `services/${id}/${randomUUID()}`;
  const replaced = await deps.db.transaction(async (tx) => {
    const found = await authorizedService(tx, actor, id, action);
    assertTakesFiles(found, side);
    const previous = await findServiceFile(tx, id, side);
    const row = await putPendingFile(
      tx,
      {
        serviceId: id,
        side,
        fileName: meta.fileName.trim(),
        storageKey,
        size: meta.size,
        uploadedBy: actor.userId,
      },
      now(deps.clock),
    );
    if (!row) throw new AppError("CONFLICT", SERVICE_ERRORS.alreadySent);
    return previous && !previous.uploadDate ? previous.storageKey : null;
  });
  // A file chosen before and never sent: its bytes, if any arrived, go with it.
  if (replaced) await deps.storage.delete(replaced);
  const upload = await deps.storage.uploadUrl(storageKey, {
    size: meta.size,
    contentType: "application/octet-stream",
    expiresInSeconds: UPLOAD_LINK_SECONDS,
  });
  const expiresAt = new Date(now(deps.clock).getTime() + UPLOAD_LINK_SECONDS * 1000).toISOString();
  return { ...upload, expiresAt };
}

/**
 * PATCH /v1/services/{serviceId}/upload: the browser says the bytes are there. They are read back and
 * checked; a refused file is removed (object and row) and the answer says why, in Italian.
 */
export async function registerUpload(
  deps: Deps,
  actor: Actor,
  serviceId: string,
  body: UploadBody,
): Promise<UploadedFile> {
  const { side, action } = sideOf(actor);
  const found = await authorizedService(deps.db, actor, serviceId, action, { audit: false });
  assertTypeMatches(found.service, body.serviceType);
  assertTakesFiles(found, side);
  const file = await findServiceFile(deps.db, serviceId, side);
  if (!file || file.fileName !== body.fileName) throw new AppError("NOT_FOUND", MESSAGES.uploadError);
  if (file.uploadDate) return uploadedFileView(file); // sent already: the same answer again
  const refuse = async (message: string): Promise<never> => {
    await deps.storage.delete(file.storageKey);
    await deleteServiceFile(deps.db, file.id);
    throw new AppError("BAD_REQUEST", message);
  };
  const stored = await deps.storage.head(file.storageKey);
  if (!stored) throw new AppError("CONFLICT", MESSAGES.uploadError);
  if (stored.size > MAX_UPLOAD_BYTES) return refuse(MESSAGES.uploadTooLarge);
  const bytes = await deps.storage.get(file.storageKey);
  if (!bytes) throw new AppError("CONFLICT", MESSAGES.uploadError);
  const problem = checkUploadContent(file.fileName, bytes);
  if (problem) return refuse(problem);
  const checkedKey = `services/${serviceId}/checked/${randomUUID()}`;
  await deps.storage.put(checkedKey, bytes);
  let view: UploadedFile;
  try {
    view = await deps.db.transaction(async (tx) => {
      const sent = await markFileSent(
        tx,
        file.id,
        file.storageKey,
        { kind: detectFileKind(bytes), size: bytes.length, storageKey: checkedKey, sha256: sha256(bytes) },
        now(deps.clock),
      );
      if (!sent) throw new AppError("CONFLICT", SERVICE_ERRORS.changedMeanwhile);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: side === "STAFF" ? "service.document-sent" : "service.file-sent",
        resourceType: "service",
        resourceId: serviceId,
      });
      // The lawyer's document is news for the client; the client's own file is not news to them.
      if (side === "STAFF") await mailClient(deps, tx, found.practice);
      return uploadedFileView(sent);
    });
  } catch (error) {
    await deps.storage.delete(checkedKey);
    throw error;
  }
  await deps.storage.delete(file.storageKey);
  return view;
}

/** DELETE /v1/services/{serviceId}/upload: removes the caller's side's file, sent or not. */
export async function deleteUpload(
  deps: Deps,
  actor: Actor,
  serviceId: string,
  body: UploadBody,
): Promise<PracticeService> {
  const { side, action } = sideOf(actor);
  const { view, storageKey } = await deps.db.transaction(async (tx) => {
    const found = await authorizedService(tx, actor, serviceId, action, { audit: false });
    assertTypeMatches(found.service, body.serviceType);
    const file = await findServiceFile(tx, serviceId, side);
    if (!file || file.fileName !== body.fileName) throw new AppError("NOT_FOUND", MESSAGES.noDocument);
    await deleteServiceFile(tx, file.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: side === "STAFF" ? "service.document-deleted" : "service.file-deleted",
      resourceType: "service",
      resourceId: serviceId,
    });
    return { view: await oneView(tx, found.service), storageKey: file.storageKey };
  });
  await deps.storage.delete(storageKey);
  return view;
}

/** GET /v1/services/{serviceId}/upload?fileName=: a short-lived link to a sent file, for a new tab. */
export async function documentUrl(
  deps: Deps,
  actor: Actor,
  serviceId: string,
  fileName: string,
): Promise<{ url: string }> {
  await authorizedService(deps.db, actor, serviceId, "read");
  const file = await findSentFileByName(deps.db, serviceId, fileName);
  if (!file) throw new AppError("NOT_FOUND", MESSAGES.noDocument);
  // The checked copy is read and hashed before a link is given: bytes changed in the store since the check
  // are refused (a 500, so the error handler logs it with the request's id and path, no file name).
  if (file.sha256) {
    const stored = await deps.storage.get(file.storageKey);
    if (!stored) throw new AppError("NOT_FOUND", MESSAGES.noDocument);
    if (sha256(stored) !== file.sha256) throw new AppError("UNKNOWN", MESSAGES.uploadIntegrity);
  }
  const url = await deps.storage.downloadUrl(file.storageKey, {
    fileName: file.fileName,
    expiresInSeconds: DOWNLOAD_LINK_SECONDS,
  });
  return { url };
}

/** PATCH /v1/services/{id}/status (staff): the table of core services/lifecycle.ts, an audit line, a mail. */
export function changeStatus(
  deps: Deps,
  actor: Actor,
  id: string,
  body: ServiceStatusBody,
): Promise<PracticeService> {
  return deps.db.transaction(async (tx) => {
    const found = await authorizedService(tx, actor, id, "change-status", { audit: false });
    const { service, practice } = found;
    assertTypeMatches(service, body.serviceType);
    if (service.status === body.status) return oneView(tx, service);
    if (practice.status === "CLOSED") throw new AppError("CONFLICT", SERVICE_ERRORS.practiceClosed);
    const document = await findServiceFile(tx, id, "STAFF");
    const problem = serviceStatusChangeError(
      { ...service, hasDocument: Boolean(document?.uploadDate) },
      body.status,
    );
    if (problem) throw new AppError("CONFLICT", problem);
    const changed = await moveService(deps, tx, actor, found, body.status);
    return oneView(tx, changed);
  });
}

/** One status change, from the status read: its audit line and the client's mail go with it. */
async function moveService(
  deps: Deps,
  tx: Db,
  actor: Actor,
  { service, practice }: ServiceWithPractice,
  to: ServiceRow["status"],
): Promise<ServiceRow> {
  const changed = await changeServiceStatus(tx, service.id, service.status, to, now(deps.clock));
  if (!changed) throw new AppError("CONFLICT", SERVICE_ERRORS.changedMeanwhile);
  await recordAudit(tx, {
    actorId: actor.userId,
    action: "service.status",
    resourceType: "service",
    resourceId: service.id,
    meta: { from: service.status, to },
  });
  await mailClient(deps, tx, practice);
  return changed;
}

/** GET /v1/services/queue (staff): the paid work waiting, the caller's first, then by age. */
export async function serviceQueue(
  deps: Deps,
  actor: Actor,
  query: { serviceType?: ServiceType },
): Promise<ServiceQueue> {
  authorizeAction(servicesPolicy(actor, "work-queue"));
  const rows = await listServiceQueue(deps.db, { actorId: actor.userId, ...query });
  await recordAudit(deps.db, {
    actorId: actor.userId,
    action: "service.queue",
    resourceType: "service",
    resourceId: rows.map((row) => row.service.id).join(",") || "-",
  });
  return {
    items: rows.map(({ service, ticketCode, lawyerName, lawyerLastname }) => ({
      serviceId: service.id,
      serviceType: service.serviceType,
      status: service.status,
      practiceId: service.practiceId,
      ticketCode,
      paidAt: service.createdAt.toISOString(),
      assignedLawyer: service.assignedLawyerId
        ? {
            id: service.assignedLawyerId,
            name: staffName({ name: lawyerName ?? "", lastname: lawyerLastname ?? "" }),
          }
        : null,
      mandateAccepted: mandateRequired(service.serviceType) ? service.mandateAcceptedAt !== null : null,
    })),
  };
}

/** GET /v1/services/team (staff): who work can be assigned to. */
export async function serviceTeam(deps: Deps, actor: Actor): Promise<StaffMember[]> {
  authorizeAction(servicesPolicy(actor, "work-queue"));
  return (await listStaffMembers(deps.db)).map((user) => ({ id: user.id, name: staffName(user) }));
}

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
    if (service.status === "CANCELLED") throw new AppError("CONFLICT", SERVICE_ERRORS.cancelled);
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
  await recordAudit(tx, {
    actorId: actor.userId,
    action: "service.assign",
    resourceType: "service",
    resourceId: service.id,
    meta: { from: service.assignedLawyerId, to: lawyerId },
  });
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

async function mandateOf(db: Db, { service, practice }: ServiceWithPractice): Promise<Mandate> {
  const client = practice.ownerId ? await findUserById(db, practice.ownerId) : undefined;
  const lawyer = service.assignedLawyerId ? await findUserById(db, service.assignedLawyerId) : undefined;
  return {
    version: DEFENCE_MANDATE_VERSION,
    sections: defenceMandate({
      clientName: client ? staffName(client) : "la persona titolare della pratica",
      ticketCode: practice.ticketCode,
      paidCents: await paidCentsFor(db, practice.id, "DEFENCE"),
      lawyerName: lawyer ? staffName(lawyer) : null,
    }),
    acceptedAt: service.mandateAcceptedAt?.toISOString() ?? null,
    acceptedVersion: service.mandateVersion,
  };
}

function assertDefence(found: ServiceWithPractice): void {
  if (!mandateRequired(found.service.serviceType)) throw new AppError("NOT_FOUND");
}

/** GET /v1/services/{id}/mandate: the engagement letter of a legal defence, filled in, and its acceptance. */
export async function mandate(deps: Deps, actor: Actor, id: string): Promise<Mandate> {
  const found = await authorizedService(deps.db, actor, id, "read");
  assertDefence(found);
  return mandateOf(deps.db, found);
}

/** POST /v1/services/{id}/mandate (the client): accepts the version read, recorded with its time. */
export function acceptMandate(
  deps: Deps,
  actor: Actor,
  id: string,
  body: MandateAcceptBody,
): Promise<Mandate> {
  return deps.db.transaction(async (tx) => {
    const found = await authorizedService(tx, actor, id, "accept-mandate", { audit: false });
    assertDefence(found);
    if (found.service.status === "CANCELLED") throw new AppError("CONFLICT", SERVICE_ERRORS.cancelled);
    if (body.version !== DEFENCE_MANDATE_VERSION)
      throw new AppError("CONFLICT", SERVICE_ERRORS.mandateChanged);
    const accepted = await acceptServiceMandate(tx, id, body.version, now(deps.clock));
    if (accepted) {
      await recordAudit(tx, {
        actorId: actor.userId,
        action: "service.mandate-accepted",
        resourceType: "service",
        resourceId: id,
        meta: { version: body.version },
      });
    }
    return mandateOf(tx, { ...found, service: accepted ?? found.service });
  });
}
