import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { casePath } from "@argine/core/practices/case-path";
import {
  erasedOrderCutoff,
  legalizationArchiveFileName,
  RETENTION_HORIZON_MS,
  retentionStep,
  unclaimedPracticeCutoff,
} from "@argine/core/retention/files-retention";
import { formatItalianDate, romeCalendarDay } from "@argine/core/shared/calendar";
import { MESSAGES } from "@argine/core/shared/messages";
import { listSessionFiles } from "@argine/db/queries/legalization";
import {
  deleteExpiredErasedOrders,
  deleteExpiredOidcRows,
  deleteExpiredUserTokens,
  deleteUnclaimedPractices,
  type ExpiringSession,
  expiringSessions,
  keptSessionFiles,
  markFilesDeleted,
  markRetentionWarned,
} from "@argine/db/queries/retention";
import { zipSync } from "fflate";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import type { FileDownload } from "../http/send-file.ts";
import { filesRetentionMail } from "../mail/templates.ts";
import { authorizedService } from "../services/service-access.ts";

// The legalization files' retention (spec §9): the daily pass that warns the client 30 and 7 days
// before the files go and deletes them at expiry, and the archive of every file kept, to download first.

/** Sessions handled per pass: the next day's pass takes the rest. */
const SESSIONS_PER_PASS = 500;

/**
 * GET /v1/services/{id}/legalization-archive: every file still kept of the service's sessions, the manifest
 * among them, as they were stored (a session's files in a folder of their own when there are several).
 */
export async function legalizationArchive(deps: Deps, actor: Actor, id: string): Promise<FileDownload> {
  const { practice } = await authorizedService(deps.db, actor, id, "read");
  const sessions = await keptSessionFiles(deps.db, id);
  if (!sessions.length) throw new AppError("NOT_FOUND", MESSAGES.legalizationArchiveEmpty);
  const entries: Record<string, Uint8Array> = {};
  for (const [index, { files }] of sessions.entries()) {
    const folder = sessions.length > 1 ? `sessione-${index + 1}/` : "";
    for (const file of files) {
      const bytes = await deps.storage.get(file.storageKey);
      // A row whose object is missing is a fault of ours, not something the client can mend.
      if (!bytes) throw new Error(`legalization file ${file.id} missing from the storage`);
      entries[`${folder}${file.name}`] = bytes;
    }
  }
  return {
    filename: legalizationArchiveFileName(practice.ticketCode),
    contentType: "application/zip",
    // The evidence is PDFs, PNGs and JSON: stored, not compressed again.
    body: Buffer.from(zipSync(entries, { level: 0 })),
  };
}

/**
 * The daily pass of what is kept no longer than it must be (ADR 039): the legalization files, the
 * questionnaires nobody claimed, the mailed links and the identity provider's rows that expired. Returns the
 * counts, which the worker logs.
 */
export async function applyRetention(deps: Deps): Promise<Record<string, number>> {
  const files = await applyFilesRetention(deps);
  const at = now(deps.clock);
  return {
    filesWarned: files.warned,
    filesDeleted: files.deleted,
    unclaimedPracticesDeleted: await deleteUnclaimedPractices(
      deps.db,
      unclaimedPracticeCutoff(at),
      SESSIONS_PER_PASS,
    ),
    expiredUserTokensDeleted: await deleteExpiredUserTokens(deps.db, at),
    expiredIdentityRowsDeleted: await deleteExpiredOidcRows(deps.db, at),
    erasedOrdersDeleted: await deleteExpiredErasedOrders(deps.db, erasedOrderCutoff(at), SESSIONS_PER_PASS),
  };
}

/** The daily pass over the sessions whose files expire within 30 days; returns what it did. */
export async function applyFilesRetention(deps: Deps): Promise<{ warned: number; deleted: number }> {
  const at = now(deps.clock);
  const done = { warned: 0, deleted: 0 };
  const due = await expiringSessions(
    deps.db,
    new Date(at.getTime() + RETENTION_HORIZON_MS),
    SESSIONS_PER_PASS,
  );
  for (const expiring of due) {
    const { session } = expiring;
    if (!session.filesExpireAt) continue;
    const step = retentionStep(session.filesExpireAt, at, session);
    if (step?.kind === "warn" && (await warn(deps, expiring, step.days, at))) done.warned++;
    if (step?.kind === "delete" && (await deleteFiles(deps, session.id, at))) done.deleted++;
  }
  return done;
}

/** The warning marked sent and its mail queued in one transaction: once, whatever the retries. */
async function warn(
  deps: Deps,
  { session, ticketCode, email, name }: ExpiringSession,
  days: 30 | 7,
  at: Date,
) {
  return deps.db.transaction(async (tx) => {
    if (!(await markRetentionWarned(tx, session.id, days, at))) return false;
    // A practice nobody owns any more (an account deleted) has nobody to warn; the files still go at expiry.
    if (email && name && session.filesExpireAt) {
      const link = `${deps.config.publicUrl}${casePath(ticketCode)}`;
      const deleteOn = formatItalianDate(romeCalendarDay(session.filesExpireAt));
      await deps.jobs.send(tx, "mail", filesRetentionMail(email, name, link, deleteOn));
    }
    return true;
  });
}

/**
 * The objects first, then the rows: a pass that fails between the two leaves rows whose objects are gone,
 * and the next pass deletes again (a no-op) and marks them; never a row marked deleted with its bytes kept.
 */
async function deleteFiles(deps: Deps, sessionId: string, at: Date): Promise<boolean> {
  for (const file of await listSessionFiles(deps.db, sessionId)) await deps.storage.delete(file.storageKey);
  return deps.db.transaction((tx) => markFilesDeleted(tx, sessionId, at));
}
