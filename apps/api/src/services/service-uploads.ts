import { randomUUID } from "node:crypto";
import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { canWorkServices } from "@argine/core/services/policy";
import { SERVICE_ERRORS } from "@argine/core/services/service-messages";
import type {
  FileSide,
  PracticeService,
  SignedUrl,
  UploadBody,
  UploadedFile,
} from "@argine/core/services/services-api";
import { MAX_UPLOAD_BYTES } from "@argine/core/shared/constants";
import { MESSAGES } from "@argine/core/shared/messages";
import { detectFileKind } from "@argine/core/uploads/file-kind";
import {
  deleteServiceFile,
  findSentFileByName,
  findServiceFile,
  markFileSent,
  putPendingFile,
  type ServiceWithPractice,
} from "@argine/db/queries/services";
import { audit } from "../audit/audit.ts";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { sha256 } from "../storage/storage.ts";
import { keepCheckedCopy } from "../uploads/checked-copy.ts";
import { checkUploadContent } from "../uploads/content-check.ts";
import { authorizedService } from "./service-access.ts";
import { assertServiceOpen, assertTypeMatches, mailClient, oneView } from "./service-steps.ts";
import { uploadedFileView } from "./service-view.ts";

// A bought service's files (ADR 020): the client's files for the lawyer, the lawyer's document for the
// client. Each use case takes `(deps, actor, input)` and answers as the API does.
//
// An upload is three steps, because the bytes never pass through the API's JSON routes:
//   1. signed-url: a row "chosen, not sent" on the caller's side (the client's files, the lawyer's document)
//      under a generated storage key, and a short-lived link the browser PUTs the bytes to;
//   2. the browser's PUT, straight to the storage (the embedded disk, or S3);
//   3. PATCH upload: the server reads the object back, checks its size and content (a presigned PUT cannot
//      cap either), and marks the file sent, or deletes the object and the row and says why. The bytes it
//      checked are stored again under a key no link writes, with their SHA-256, and the upload's key is
//      deleted (uploads/checked-copy.ts): whatever is PUT to the link afterwards (S3's links take any
//      number of writes while they live) is never what is downloaded. Each download link is given after the
//      hash is verified (ADR 024).

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

/** Files are taken while the service and its practice are alive; staff may still add to a closed case. */
function assertTakesFiles(found: ServiceWithPractice, side: FileSide): void {
  assertServiceOpen(found, side === "CLIENT" ? SERVICE_ERRORS : { cancelled: SERVICE_ERRORS.cancelled });
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
  return keepCheckedCopy(deps, { uploadKey: file.storageKey, checkedKey, bytes }, async (tx) => {
    const sent = await markFileSent(
      tx,
      file.id,
      file.storageKey,
      { kind: detectFileKind(bytes), size: bytes.length, storageKey: checkedKey, sha256: sha256(bytes) },
      now(deps.clock),
    );
    if (!sent) throw new AppError("CONFLICT", SERVICE_ERRORS.changedMeanwhile);
    await audit(tx, actor, side === "STAFF" ? "service.document-sent" : "service.file-sent", serviceId);
    // The lawyer's document is news for the client; the client's own file is not news to them.
    if (side === "STAFF") await mailClient(deps, tx, found.practice);
    return uploadedFileView(sent);
  });
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
    await audit(tx, actor, side === "STAFF" ? "service.document-deleted" : "service.file-deleted", serviceId);
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
