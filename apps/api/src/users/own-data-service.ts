import { createHash, randomBytes } from "node:crypto";
import { AppError } from "@argine/core/errors/app-error";
import type { AccountErasureBody } from "@argine/core/identity/own-data-api";
import {
  DATA_EXPORT_FILE_NAME,
  type DataExportState,
  EXPORT_LINK_DAYS,
  EXPORT_TOKEN_PARAM,
} from "@argine/core/identity/own-data-api";
import { type Actor, usersPolicy } from "@argine/core/identity/policy";
import { MESSAGES } from "@argine/core/shared/messages";
import { revokeOidcAccount } from "@argine/db/queries/oidc";
import {
  consumeDataExport,
  eraseAccount,
  expiredDataExports,
  findDataExport,
  findUserById,
  markDataExportReady,
  type OwnData,
  ownDataOf,
  removeExpiredDataExport,
  startDataExport,
} from "@argine/db/queries/users";
import { strToU8, zipSync } from "fflate";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import type { FileDownload } from "../http/send-file.ts";
import { authorizeAction } from "../identity/authorize.ts";
import { verifyPassword } from "../identity/passwords.ts";
import { dataExportMail } from "../mail/templates.ts";

// "Scarica i miei dati" (GDPR arts. 15 and 20, ADR 037): the request starts one export per account and queues
// its job in the same transaction; the job gathers everything about the account and its files into a ZIP,
// stores it and mails a link; the link works once, for the signed-in owner, for EXPORT_LINK_DAYS days, and the
// ZIP is deleted when it is downloaded or expires.

const DAY_MS = 86_400_000;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The profile page the mailed link opens (the sign-in comes first). */
export const PROFILE_DATA_PATH = "/dashboard/profile/data";

function stateOf(row: Awaited<ReturnType<typeof findDataExport>>, at: Date): DataExportState {
  if (!row || (row.expiresAt && row.expiresAt <= at)) {
    return { status: "NONE", requestedAt: null, expiresAt: null };
  }
  return {
    status: row.status,
    requestedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** GET /v1/users/me/export: whether an export is being prepared or waits for its download. */
export async function readDataExport(deps: Deps, actor: Actor): Promise<DataExportState> {
  authorizeAction(usersPolicy(actor, "export-self"));
  return stateOf(await findDataExport(deps.db, actor.userId), now(deps.clock));
}

/**
 * POST /v1/users/me/export: one at a time per account (409 while one is prepared or its link still works);
 * the job is queued in the transaction that records the request.
 */
export async function requestDataExport(deps: Deps, actor: Actor): Promise<DataExportState> {
  authorizeAction(usersPolicy(actor, "export-self"));
  const at = now(deps.clock);
  const started = await deps.db.transaction(async (tx) => {
    const result = await startDataExport(tx, actor.userId, at);
    if (result) await deps.jobs.send(tx, "data-export", { userId: actor.userId });
    return result;
  });
  if (!started) throw new AppError("CONFLICT", MESSAGES.dataExportInProgress);
  if (started.replacedKey) await deps.storage.delete(started.replacedKey);
  return stateOf(await findDataExport(deps.db, actor.userId), at);
}

/** A user's file name as a ZIP entry's last segment: no folder of its own, no way up. */
const entryName = (name: string) => name.replace(/[\\/]/g, "_").replace(/^\.+/, "_") || "file";

/** The files of the account's practices, by their ZIP paths: the uploads sent and the evidence kept. */
async function filesOf(deps: Deps, data: OwnData): Promise<Record<string, Uint8Array>> {
  const entries: Record<string, Uint8Array> = {};
  for (const practice of data.practices) {
    for (const service of practice.services) {
      const folder = `file/${practice.ticketCode}/${service.serviceType.toLowerCase()}`;
      for (const file of service.files) {
        if (!file.uploadDate) continue;
        const bytes = await deps.storage.get(file.storageKey);
        // A row whose object is missing is a fault of ours: retried, then dead-lettered.
        if (!bytes) throw new Error(`uploaded file ${file.id} missing from the storage`);
        entries[
          `${folder}/${file.side === "CLIENT" ? "caricati-da-te" : "dal-team"}/${entryName(file.fileName)}`
        ] = bytes;
      }
      for (const [index, session] of service.legalizationSessions.entries()) {
        if (session.filesDeletedAt) continue;
        for (const file of session.files) {
          const bytes = await deps.storage.get(file.storageKey);
          if (!bytes) throw new Error(`legalization file ${file.id} missing from the storage`);
          entries[`${folder}/legalizzazione-${index + 1}/${entryName(file.name)}`] = bytes;
        }
      }
    }
  }
  // The diary's attachments as she sent them (each one's hash and token are in dati.json).
  for (const attachment of data.diary.attachments) {
    if (!attachment.receivedAt) continue;
    const bytes = await deps.storage.get(attachment.storageKey);
    if (!bytes) throw new Error(`diary attachment ${attachment.id} missing from the storage`);
    entries[`file/diario/${attachment.id.slice(0, 8)}-${entryName(attachment.fileName)}`] = bytes;
  }
  return entries;
}

/**
 * The "data-export" job: the ZIP (dati.json and the files, stored as they were uploaded) put in the storage,
 * the export marked ready with its link's hash and the mail queued together. An export gone meanwhile (the
 * account erased) leaves nothing behind.
 */
export async function buildDataExport(deps: Deps, { userId }: { userId: string }): Promise<void> {
  const pending = await findDataExport(deps.db, userId);
  if (pending?.status !== "PENDING") return;
  const data = await ownDataOf(deps.db, userId);
  const user = await findUserById(deps.db, userId);
  if (!user) return;
  const at = now(deps.clock);
  const zip = zipSync(
    {
      "dati.json": strToU8(JSON.stringify({ exportedAt: at.toISOString(), ...data }, null, 2)),
      ...(await filesOf(deps, data)),
    },
    // Evidence is mostly PDFs and images: stored as they are, the JSON lightly compressed.
    { level: 1 },
  );
  const key = `exports/${userId}/${randomBytes(12).toString("hex")}.zip`;
  await deps.storage.put(key, zip);
  const token = randomBytes(32).toString("base64url");
  const link = `${deps.config.publicUrl}${PROFILE_DATA_PATH}?${EXPORT_TOKEN_PARAM}=${token}`;
  const ready = await deps.db.transaction(async (tx) => {
    const marked = await markDataExportReady(tx, userId, {
      storageKey: key,
      tokenHash: hashToken(token),
      expiresAt: new Date(at.getTime() + EXPORT_LINK_DAYS * DAY_MS),
    });
    if (marked)
      await deps.jobs.send(tx, "mail", dataExportMail(user.email, user.name, link, EXPORT_LINK_DAYS));
    return marked;
  });
  if (!ready) await deps.storage.delete(key);
}

/**
 * GET /v1/users/me/export/download?token=: the ZIP, once, for the owner signed in with the mailed link's
 * token; its row and its object are deleted as it is served. Any other token, a second download or an expired
 * link: 404 with the same words.
 */
export async function downloadDataExport(deps: Deps, actor: Actor, token: string): Promise<FileDownload> {
  authorizeAction(usersPolicy(actor, "export-self"));
  const at = now(deps.clock);
  const row = await findDataExport(deps.db, actor.userId);
  const valid =
    row?.status === "READY" &&
    row.storageKey &&
    row.tokenHash === hashToken(token) &&
    row.expiresAt &&
    row.expiresAt > at;
  if (!valid || !row?.storageKey) throw new AppError("NOT_FOUND", MESSAGES.dataExportLinkInvalid);
  const bytes = await deps.storage.get(row.storageKey);
  if (!bytes) throw new Error("data export missing from the storage");
  // Two downloads at once: the one whose delete takes the row serves it.
  if (!(await consumeDataExport(deps.db, actor.userId, hashToken(token), at))) {
    throw new AppError("NOT_FOUND", MESSAGES.dataExportLinkInvalid);
  }
  await deps.storage.delete(row.storageKey);
  return { filename: DATA_EXPORT_FILE_NAME, contentType: "application/zip", body: bytes };
}

/**
 * The hourly sweep: the exports whose link expired, each ZIP deleted from the storage before its row (a pass
 * that fails between the two deletes again next time; never a row gone with its ZIP kept).
 */
export async function sweepDataExports(deps: Deps): Promise<number> {
  const at = now(deps.clock);
  const expired = await expiredDataExports(deps.db, at);
  for (const { userId, storageKey } of expired) {
    if (storageKey) await deps.storage.delete(storageKey);
    await removeExpiredDataExport(deps.db, userId, at);
  }
  return expired.length;
}

/**
 * POST /v1/users/me/erasure, "Elimina il mio account" (GDPR art. 17, ADR 037): with the current password; then
 * the account's sessions and grants revoked and everything of it erased but its money documents, in one
 * transaction, and its files deleted from the storage once it commits.
 */
export async function eraseOwnAccount(
  deps: Deps,
  actor: Actor,
  { password }: AccountErasureBody,
): Promise<void> {
  authorizeAction(usersPolicy(actor, "erase-self"), MESSAGES.erasureStaff);
  const user = await findUserById(deps.db, actor.userId);
  if (!user) throw new AppError("NOT_FOUND");
  if (!user.passwordHash) throw new AppError("CONFLICT", MESSAGES.erasureExternalAccount);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError("WRONG_PASSWORD", undefined, {
      issues: [{ path: ["password"], message: MESSAGES.wrongPassword }],
    });
  }
  const keys = await deps.db.transaction(async (tx) => {
    if (deps.config.identity.embedded) await revokeOidcAccount(tx, actor.userId);
    // The notices still queued for her address go with the rest: nothing is mailed to an erased account.
    await deps.jobs.forgetMailsTo(tx, user.email);
    return eraseAccount(tx, actor.userId);
  });
  // After the commit: an object left by a failed delete is no one's any more, and is named nowhere.
  for (const key of keys) await deps.storage.delete(key);
}
