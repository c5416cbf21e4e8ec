import { randomUUID } from "node:crypto";
import { attachmentKindOf } from "@argine/core/diary/attachments";
import type {
  DiaryAttachment,
  DiaryAttachmentBody,
  DiaryCorrectionBody,
  DiaryEntry,
  DiaryEntryBody,
  DiaryLink,
  DiaryList,
  DiaryShare,
  DiaryUpload,
  DiaryVersion,
} from "@argine/core/diary/diary-api";
import { DIARY_MESSAGES } from "@argine/core/diary/diary-messages";
import {
  type DiaryEntryFields,
  diaryEntrySchema,
  inOrderOfOccurrence,
  sealedBytes,
} from "@argine/core/diary/entry";
import { diaryPolicy } from "@argine/core/diary/policy";
import { AppError } from "@argine/core/errors/app-error";
import { type Actor, lacksSecondFactorFor } from "@argine/core/identity/policy";
import { MESSAGES } from "@argine/core/shared/messages";
import type { Db } from "@argine/db/client";
import {
  attachmentsByIds,
  type DiaryAttachmentRow,
  type DiaryEntryRow,
  type DiaryVersionRow,
  deleteAttachment,
  entriesContent,
  entriesListing,
  findAttachment,
  findEntry,
  findShare,
  insertAttachment,
  insertEntry,
  insertVersion,
  listEntries,
  markAttachmentReceived,
  moveEntry,
  setShare,
  versionsOf,
} from "@argine/db/queries/diary";
import { findPractice } from "@argine/db/queries/practices";
import { audit } from "../audit/audit.ts";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { authorize } from "../identity/authorize.ts";
import { sha256 } from "../storage/storage.ts";
import { keepCheckedCopy } from "../uploads/checked-copy.ts";
import { checkAttachmentContent } from "../uploads/content-check.ts";

// The evidence diary (issue 40): the client's incidents, each version and each attachment hashed when it
// arrives and sealed by the evidence-seal job (diary-seal.ts) with a trusted timestamp. An attachment is
// uploaded first, as a service's file is (the bytes go straight to the storage, then the server reads them
// back and checks them: service-uploads.ts), and an entry's version then lists the attachments received.

/** How long the browser has to send the bytes (a 200 MB video on a phone's network). */
const UPLOAD_LINK_SECONDS = 30 * 60;
/** An attachment's link is opened at once: a short life leaks little. */
const DOWNLOAD_LINK_SECONDS = 5 * 60;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function attachmentView(row: DiaryAttachmentRow): DiaryAttachment {
  return {
    id: row.id,
    fileName: row.fileName,
    kind: row.kind as DiaryAttachment["kind"],
    size: row.size,
    receivedAt: iso(row.receivedAt),
    sha256: row.sha256,
    sealedAt: iso(row.sealedAt),
    sealSerial: row.sealSerial,
  };
}

function versionView(row: DiaryVersionRow, attachmentIds: string[]): DiaryVersion {
  return {
    version: row.version,
    fields: row.fields,
    attachmentIds,
    receivedAt: row.receivedAt.toISOString(),
    sha256: row.sha256,
    sealedAt: iso(row.sealedAt),
    sealSerial: row.sealSerial,
  };
}

/** Entries as the calls answer them, with their versions (newest first) and every attachment they list. */
async function entryViews(db: Db, entries: DiaryEntryRow[]): Promise<DiaryEntry[]> {
  const { versions, listedBy } = await entriesContent(
    db,
    entries.map((entry) => entry.id),
  );
  return entries.map((entry) => {
    const own = versions.filter((version) => version.entryId === entry.id);
    const ids = (versionId: string) => listedBy(versionId).map((attachment) => attachment.id);
    const listed = new Map(own.flatMap((version) => listedBy(version.id)).map((row) => [row.id, row]));
    return {
      id: entry.id,
      practiceId: entry.practiceId,
      createdAt: entry.createdAt.toISOString(),
      versions: own.map((version) => versionView(version, ids(version.id))) as DiaryEntry["versions"],
      attachments: [...listed.values()].map(attachmentView),
    };
  });
}

/** A practice of the actor's own, or 404 with the diary's words (nobody files an entry in someone's case). */
export async function ownPractice(db: Db, actor: Actor, practiceId: string) {
  const practice = await findPractice(db, practiceId);
  // What she files in a practice, shares of it or makes a dossier of: hers to write (the diary's policy).
  if (!practice || !diaryPolicy(actor, "write", { ownerId: practice.ownerId, sharedWithCase: false }))
    throw new AppError("NOT_FOUND", DIARY_MESSAGES.practiceNotFound);
  return practice;
}

/** Whether a practice's lawyers may read its diary. */
const sharedWith = async (db: Db, practiceId: string | null) =>
  practiceId !== null && (await findShare(db, practiceId)) !== undefined;

/** An entry the actor may read; staff's read of a shared one is audited against its practice. */
async function readableEntry(db: Db, actor: Actor, id: string): Promise<DiaryEntryRow> {
  const entry = await findEntry(db, id);
  const shared = await sharedWith(db, entry?.practiceId ?? null);
  return authorize(db, actor, entry, {
    lacksSecondFactor: (row) => shared && lacksSecondFactorFor(actor, row),
    sees: (row) => diaryPolicy(actor, "read", { ownerId: row.ownerId, sharedWithCase: shared }),
    notFound: DIARY_MESSAGES.entryNotFound,
    ...(entry?.practiceId && entry.ownerId !== actor.userId
      ? { audit: { action: "diary.read" as const, id: entry.practiceId } }
      : {}),
  });
}

/**
 * The attachments a version will list: the owner's, received, and listed by no other entry (an attachment
 * belongs to the incident it was added to). Answers their rows in the order given.
 */
async function usableAttachments(
  db: Db,
  actor: Actor,
  ids: readonly string[],
  entryId: string | null,
): Promise<DiaryAttachmentRow[]> {
  const rows = await attachmentsByIds(db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const elsewhere = (await entriesListing(db, ids)).some((listing) => listing.entryId !== entryId);
  const ordered = ids.map((id) => byId.get(id));
  if (elsewhere || ordered.some((row) => !row || row.ownerId !== actor.userId || !row.sha256))
    throw new AppError("BAD_REQUEST", DIARY_MESSAGES.attachmentInUse);
  return ordered as DiaryAttachmentRow[];
}

/**
 * Writes version `version` of an entry, hashed as it will be sealed, and queues its seal in the same
 * transaction. Undefined when that number was taken meanwhile (another correction came first).
 */
async function writeVersion(
  deps: Deps,
  tx: Db,
  entryId: string,
  version: number,
  fields: DiaryEntryFields,
  attachments: DiaryAttachmentRow[],
): Promise<DiaryVersionRow | undefined> {
  // Rounded to the millisecond the column keeps, so the JSON sealed is the JSON read back.
  const receivedAt = new Date(now(deps.clock).getTime());
  const sealed = sealedBytes({
    entryId,
    version,
    fields,
    attachments: attachments.map((row) => ({ name: row.fileName, sha256: row.sha256 ?? "" })),
    receivedAt: receivedAt.toISOString(),
  });
  const row = await insertVersion(
    tx,
    { entryId, version, fields, receivedAt, sha256: sha256(sealed) },
    attachments.map((attachment) => attachment.id),
  );
  if (row) await deps.jobs.send(tx, "evidence-seal", { kind: "diary-version", id: row.id });
  return row;
}

/** The fields as the day the server is on sees them (the route's schema checked them on the real clock). */
function checkedFields(deps: Deps, body: DiaryEntryBody | DiaryCorrectionBody): DiaryEntryFields {
  const { occurredOn, occurredAt, platform, urls, who, what } = body;
  return diaryEntrySchema(() => now(deps.clock)).parse({ occurredOn, occurredAt, platform, urls, who, what });
}

/** GET /v1/diary/entries: her whole diary; with `practiceId`, that practice's entries (staff: if shared). */
export async function listDiary(
  deps: Deps,
  actor: Actor,
  query: { practiceId?: string | undefined },
): Promise<DiaryList> {
  if (query.practiceId === undefined) {
    const entries = await listEntries(deps.db, { ownerId: actor.userId });
    return { entries: inOrderOfOccurrence(await entryViews(deps.db, entries)) };
  }
  const practice = await findPractice(deps.db, query.practiceId);
  const shared = await sharedWith(deps.db, query.practiceId);
  await authorize(deps.db, actor, practice, {
    lacksSecondFactor: (row) => lacksSecondFactorFor(actor, row),
    sees: (row) => diaryPolicy(actor, "read", { ownerId: row.ownerId, sharedWithCase: true }),
    may: (row) => diaryPolicy(actor, "read", { ownerId: row.ownerId, sharedWithCase: shared }),
    notFound: DIARY_MESSAGES.practiceNotFound,
    forbidden: DIARY_MESSAGES.notShared,
    ...(practice && practice.ownerId !== actor.userId
      ? { audit: { action: "diary.read" as const, id: practice.id } }
      : {}),
  });
  const entries = await listEntries(deps.db, { practiceId: query.practiceId });
  return { entries: inOrderOfOccurrence(await entryViews(deps.db, entries)) };
}

/** GET /v1/diary/entries/{id}: one entry with its history. */
export async function getDiaryEntry(deps: Deps, actor: Actor, id: string): Promise<DiaryEntry> {
  const entry = await readableEntry(deps.db, actor, id);
  const [view] = await entryViews(deps.db, [entry]);
  if (!view) throw new AppError("NOT_FOUND", DIARY_MESSAGES.entryNotFound);
  return view;
}

/** POST /v1/diary/entries: a new incident, its first version sealed by the job. */
export async function createDiaryEntry(deps: Deps, actor: Actor, body: DiaryEntryBody): Promise<DiaryEntry> {
  const fields = checkedFields(deps, body);
  if (body.practiceId) await ownPractice(deps.db, actor, body.practiceId);
  const entry = await deps.db.transaction(async (tx) => {
    const attachments = await usableAttachments(tx, actor, body.attachmentIds, null);
    const row = await insertEntry(tx, { ownerId: actor.userId, practiceId: body.practiceId ?? null });
    await writeVersion(deps, tx, row.id, 1, fields, attachments);
    return row;
  });
  return getDiaryEntry(deps, actor, entry.id);
}

/** POST /v1/diary/entries/{id}/versions: a correction; the versions before it stay as they were sealed. */
export async function correctDiaryEntry(
  deps: Deps,
  actor: Actor,
  id: string,
  body: DiaryCorrectionBody,
): Promise<DiaryEntry> {
  const fields = checkedFields(deps, body);
  await deps.db.transaction(async (tx) => {
    const entry = await readableEntry(tx, actor, id);
    if (!diaryPolicy(actor, "write", { ownerId: entry.ownerId, sharedWithCase: false }))
      throw new AppError("FORBIDDEN");
    const attachments = await usableAttachments(tx, actor, body.attachmentIds, entry.id);
    if (body.practiceId !== entry.practiceId) {
      if (body.practiceId) await ownPractice(tx, actor, body.practiceId);
      await moveEntry(tx, entry.id, body.practiceId);
    }
    const [latest] = await versionsOf(tx, [entry.id]);
    const written = await writeVersion(deps, tx, entry.id, (latest?.version ?? 0) + 1, fields, attachments);
    if (!written) throw new AppError("CONFLICT", MESSAGES.conflict);
  });
  return getDiaryEntry(deps, actor, id);
}

/** POST /v1/diary/attachments: a row for the file about to be sent, and the link the browser PUTs it to. */
export async function prepareAttachment(
  deps: Deps,
  actor: Actor,
  body: DiaryAttachmentBody,
): Promise<DiaryUpload> {
  const kind = attachmentKindOf(body.fileName);
  if (!kind) throw new AppError("BAD_REQUEST", DIARY_MESSAGES.attachmentType);
  const storageKey = `diary/${actor.userId}/${randomUUID()}`;
  const row = await insertAttachment(deps.db, {
    ownerId: actor.userId,
    fileName: body.fileName.trim(),
    kind,
    size: body.size,
    storageKey,
  });
  const upload = await deps.storage.uploadUrl(storageKey, {
    size: body.size,
    contentType: "application/octet-stream",
    expiresInSeconds: UPLOAD_LINK_SECONDS,
  });
  const expiresAt = new Date(now(deps.clock).getTime() + UPLOAD_LINK_SECONDS * 1000).toISOString();
  return { attachment: attachmentView(row), upload: { ...upload, expiresAt } };
}

/** An attachment of the actor's own, or 404. */
async function ownAttachment(db: Db, actor: Actor, id: string): Promise<DiaryAttachmentRow> {
  const row = await findAttachment(db, id);
  if (!row || row.ownerId !== actor.userId)
    throw new AppError("NOT_FOUND", DIARY_MESSAGES.attachmentNotFound);
  return row;
}

/**
 * POST /v1/diary/attachments/{id}/received: the bytes are read back and checked; a refused file is removed
 * (object and row) and the answer says why. The checked bytes are stored again under a key no link writes
 * (ADR 024), hashed, and their seal queued.
 */
export async function receiveAttachment(deps: Deps, actor: Actor, id: string): Promise<DiaryAttachment> {
  const row = await ownAttachment(deps.db, actor, id);
  if (row.receivedAt) return attachmentView(row); // received already: the same answer again
  const refuse = async (message: string): Promise<never> => {
    await deps.storage.delete(row.storageKey);
    await deleteAttachment(deps.db, row.id);
    throw new AppError("BAD_REQUEST", message);
  };
  const bytes = await deps.storage.get(row.storageKey);
  if (!bytes) throw new AppError("CONFLICT", DIARY_MESSAGES.attachmentNotReceived);
  const problem = checkAttachmentContent(row.fileName, bytes);
  if (problem) return refuse(problem);
  const checkedKey = `diary/${actor.userId}/checked/${randomUUID()}`;
  const received = await keepCheckedCopy(
    deps,
    { uploadKey: row.storageKey, checkedKey, bytes },
    async (tx) => {
      const marked = await markAttachmentReceived(tx, row.id, row.storageKey, {
        storageKey: checkedKey,
        size: bytes.length,
        sha256: sha256(bytes),
        receivedAt: now(deps.clock),
      });
      if (marked) await deps.jobs.send(tx, "evidence-seal", { kind: "diary-attachment", id: row.id });
      return marked;
    },
  );
  if (received) return attachmentView(received);
  // Another call received it first: its copy is the one kept.
  await deps.storage.delete(checkedKey);
  return attachmentView(await ownAttachment(deps.db, actor, id));
}

/** GET /v1/diary/attachments/{id}/link: the owner's, or staff's for an entry of a shared practice. */
export async function attachmentLink(deps: Deps, actor: Actor, id: string): Promise<DiaryLink> {
  const row = await findAttachment(deps.db, id);
  const listings = row ? await entriesListing(deps.db, [row.id]) : [];
  const sharedPractice = (
    await Promise.all(
      listings.map(async ({ practiceId }) => ((await sharedWith(deps.db, practiceId)) ? practiceId : null)),
    )
  ).find((practiceId) => practiceId !== null);
  const attachment = await authorize(deps.db, actor, row, {
    lacksSecondFactor: (found) => sharedPractice !== undefined && lacksSecondFactorFor(actor, found),
    sees: (found) =>
      found.receivedAt !== null &&
      diaryPolicy(actor, "read", { ownerId: found.ownerId, sharedWithCase: sharedPractice !== undefined }),
    notFound: DIARY_MESSAGES.attachmentNotFound,
    ...(sharedPractice && row?.ownerId !== actor.userId
      ? { audit: { action: "diary.read" as const, id: sharedPractice } }
      : {}),
  });
  const url = await deps.storage.downloadUrl(attachment.storageKey, {
    fileName: attachment.fileName,
    expiresInSeconds: DOWNLOAD_LINK_SECONDS,
  });
  const expiresAt = new Date(now(deps.clock).getTime() + DOWNLOAD_LINK_SECONDS * 1000).toISOString();
  return { url, expiresAt };
}

/** GET /v1/diary/shares/{practiceId}: whether the practice's lawyers read its diary (the owner asks). */
export async function getShare(deps: Deps, actor: Actor, practiceId: string): Promise<DiaryShare> {
  await ownPractice(deps.db, actor, practiceId);
  const share = await findShare(deps.db, practiceId);
  return { shared: share !== undefined, sharedAt: iso(share?.sharedAt ?? null) };
}

/** PUT /v1/diary/shares/{practiceId}: the switch, hers alone, audited each time it moves. */
export async function putShare(
  deps: Deps,
  actor: Actor,
  practiceId: string,
  { shared }: { shared: boolean },
): Promise<DiaryShare> {
  await deps.db.transaction(async (tx) => {
    await ownPractice(tx, actor, practiceId);
    if (await setShare(tx, practiceId, shared ? now(deps.clock) : null))
      await audit(tx, actor, "diary.share", practiceId, { shared });
  });
  return getShare(deps, actor, practiceId);
}
