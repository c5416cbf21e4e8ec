import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  diaryAttachments,
  diaryDossiers,
  diaryEntries,
  diaryShares,
  diaryVersionAttachments,
  diaryVersions,
} from "../schema/diary.ts";

// The evidence diary (issue 40). A version is never changed but for its seal, written once
// (`… where seal is null`): a sealing job worked twice keeps the first token. A version's number is taken by
// the unique index diary_versions_entry_version_key, never by a check before the write.

export type DiaryEntryRow = typeof diaryEntries.$inferSelect;
export type DiaryVersionRow = typeof diaryVersions.$inferSelect;
export type DiaryAttachmentRow = typeof diaryAttachments.$inferSelect;
export type DiaryDossierRow = typeof diaryDossiers.$inferSelect;
export interface Seal {
  seal: Uint8Array;
  sealedAt: Date;
  sealSerial: string;
}

export async function insertAttachment(
  db: Db,
  values: Pick<typeof diaryAttachments.$inferInsert, "ownerId" | "fileName" | "kind" | "size" | "storageKey">,
): Promise<DiaryAttachmentRow> {
  const [row] = await db.insert(diaryAttachments).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findAttachment(db: Db, id: string): Promise<DiaryAttachmentRow | undefined> {
  const [row] = await db.select().from(diaryAttachments).where(eq(diaryAttachments.id, id));
  return row;
}

/** The attachment received: its checked copy's key, size and hash, once (from the key the upload used). */
export async function markAttachmentReceived(
  db: Db,
  id: string,
  uploadKey: string,
  values: { storageKey: string; size: number; sha256: string; receivedAt: Date },
): Promise<DiaryAttachmentRow | undefined> {
  const [row] = await db
    .update(diaryAttachments)
    .set(values)
    .where(
      and(
        eq(diaryAttachments.id, id),
        eq(diaryAttachments.storageKey, uploadKey),
        isNull(diaryAttachments.receivedAt),
      ),
    )
    .returning();
  return row;
}

export async function deleteAttachment(db: Db, id: string): Promise<void> {
  await db.delete(diaryAttachments).where(eq(diaryAttachments.id, id));
}

export async function attachmentsByIds(db: Db, ids: readonly string[]): Promise<DiaryAttachmentRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(diaryAttachments)
    .where(inArray(diaryAttachments.id, [...ids]));
}

export async function insertEntry(
  db: Db,
  values: { ownerId: string; practiceId: string | null },
): Promise<DiaryEntryRow> {
  const [row] = await db.insert(diaryEntries).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** The entry's practice, as its owner now files it. */
export async function moveEntry(db: Db, id: string, practiceId: string | null): Promise<void> {
  await db.update(diaryEntries).set({ practiceId }).where(eq(diaryEntries.id, id));
}

export async function findEntry(db: Db, id: string): Promise<DiaryEntryRow | undefined> {
  const [row] = await db.select().from(diaryEntries).where(eq(diaryEntries.id, id));
  return row;
}

/**
 * Version `version` of an entry with its attachments, in their order; undefined when that number is taken
 * (another correction came first).
 */
export async function insertVersion(
  db: Db,
  values: Pick<typeof diaryVersions.$inferInsert, "entryId" | "version" | "fields" | "receivedAt" | "sha256">,
  attachmentIds: readonly string[],
): Promise<DiaryVersionRow | undefined> {
  const [row] = await db.insert(diaryVersions).values(values).onConflictDoNothing().returning();
  if (!row) return undefined;
  if (attachmentIds.length)
    await db
      .insert(diaryVersionAttachments)
      .values(attachmentIds.map((attachmentId, position) => ({ versionId: row.id, attachmentId, position })));
  await db
    .update(diaryEntries)
    .set({ updatedAt: values.receivedAt })
    .where(eq(diaryEntries.id, values.entryId));
  return row;
}

/**
 * Entries, by owner (diary_entries_owner_idx) or by practice (diary_entries_practice_idx); `practiceId`
 * null: the owner's entries in no practice.
 */
export async function listEntries(
  db: Db,
  filter: { ownerId?: string; practiceId?: string | null },
): Promise<DiaryEntryRow[]> {
  const conditions = [
    filter.ownerId !== undefined ? eq(diaryEntries.ownerId, filter.ownerId) : undefined,
    filter.practiceId === null
      ? isNull(diaryEntries.practiceId)
      : filter.practiceId !== undefined
        ? eq(diaryEntries.practiceId, filter.practiceId)
        : undefined,
  ];
  return db
    .select()
    .from(diaryEntries)
    .where(and(...conditions))
    .orderBy(asc(diaryEntries.createdAt));
}

/** The versions of these entries, each entry's newest first (diary_versions_entry_version_key). */
export async function versionsOf(db: Db, entryIds: readonly string[]): Promise<DiaryVersionRow[]> {
  if (!entryIds.length) return [];
  return db
    .select()
    .from(diaryVersions)
    .where(inArray(diaryVersions.entryId, [...entryIds]))
    .orderBy(asc(diaryVersions.entryId), desc(diaryVersions.version));
}

/** Which attachments each of these versions lists, in order (the table's primary key). */
async function versionAttachments(
  db: Db,
  versionIds: readonly string[],
): Promise<{ versionId: string; attachmentId: string }[]> {
  if (!versionIds.length) return [];
  return db
    .select({
      versionId: diaryVersionAttachments.versionId,
      attachmentId: diaryVersionAttachments.attachmentId,
    })
    .from(diaryVersionAttachments)
    .where(inArray(diaryVersionAttachments.versionId, [...versionIds]))
    .orderBy(asc(diaryVersionAttachments.versionId), asc(diaryVersionAttachments.position));
}

/**
 * What these entries hold, in three reads: their versions (each entry's newest first), for each version the
 * ids of the attachments it lists in their order, and those attachments by id.
 */
export async function entriesContent(db: Db, entryIds: readonly string[]) {
  const versions = await versionsOf(db, entryIds);
  const links = await versionAttachments(
    db,
    versions.map((version) => version.id),
  );
  const rows = await attachmentsByIds(db, [...new Set(links.map((link) => link.attachmentId))]);
  const attachments = new Map(rows.map((row) => [row.id, row]));
  return {
    versions,
    attachments,
    /** The attachments a version lists, in its order. */
    listedBy: (versionId: string): DiaryAttachmentRow[] =>
      links.flatMap((link) =>
        link.versionId === versionId ? (attachments.get(link.attachmentId) ?? []) : [],
      ),
  };
}

export async function findVersion(db: Db, id: string): Promise<DiaryVersionRow | undefined> {
  const [row] = await db.select().from(diaryVersions).where(eq(diaryVersions.id, id));
  return row;
}

/** A version's token, written once: false when it was sealed already. */
export async function sealVersion(db: Db, id: string, seal: Seal): Promise<boolean> {
  const rows = await db
    .update(diaryVersions)
    .set(seal)
    .where(and(eq(diaryVersions.id, id), isNull(diaryVersions.seal)))
    .returning({ id: diaryVersions.id });
  return rows.length > 0;
}

/** An attachment's token, written once and only once it was received: false otherwise. */
export async function sealAttachment(db: Db, id: string, seal: Seal): Promise<boolean> {
  const rows = await db
    .update(diaryAttachments)
    .set(seal)
    .where(
      and(eq(diaryAttachments.id, id), isNull(diaryAttachments.seal), isNotNull(diaryAttachments.sha256)),
    )
    .returning({ id: diaryAttachments.id });
  return rows.length > 0;
}

export async function findShare(db: Db, practiceId: string): Promise<{ sharedAt: Date } | undefined> {
  const [row] = await db
    .select({ sharedAt: diaryShares.sharedAt })
    .from(diaryShares)
    .where(eq(diaryShares.practiceId, practiceId));
  return row;
}

/** Shares or takes back; true when this changed something (a second click on the same side does not). */
export async function setShare(db: Db, practiceId: string, sharedAt: Date | null): Promise<boolean> {
  const rows = sharedAt
    ? await db
        .insert(diaryShares)
        .values({ practiceId, sharedAt })
        .onConflictDoNothing()
        .returning({ id: diaryShares.practiceId })
    : await db
        .delete(diaryShares)
        .where(eq(diaryShares.practiceId, practiceId))
        .returning({ id: diaryShares.practiceId });
  return rows.length > 0;
}

export async function insertDossier(
  db: Db,
  values: { ownerId: string; practiceId: string | null },
): Promise<DiaryDossierRow> {
  const [row] = await db.insert(diaryDossiers).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findDossier(db: Db, id: string): Promise<DiaryDossierRow | undefined> {
  const [row] = await db.select().from(diaryDossiers).where(eq(diaryDossiers.id, id));
  return row;
}

export async function updateDossier(
  db: Db,
  id: string,
  values: Partial<Pick<DiaryDossierRow, "state" | "progress" | "entries" | "pdfKey" | "zipKey" | "readyAt">>,
): Promise<void> {
  await db
    .update(diaryDossiers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(diaryDossiers.id, id));
}

/** The storage keys an account's diary holds (its attachments, its dossiers' files): what its erasure deletes. */
export async function diaryStorageKeys(db: Db, ownerId: string): Promise<string[]> {
  const attachments = await db
    .select({ key: diaryAttachments.storageKey })
    .from(diaryAttachments)
    .where(eq(diaryAttachments.ownerId, ownerId));
  const dossiers = await db
    .select({ pdf: diaryDossiers.pdfKey, zip: diaryDossiers.zipKey })
    .from(diaryDossiers)
    .where(eq(diaryDossiers.ownerId, ownerId));
  return [
    ...attachments.map((row) => row.key),
    ...dossiers.flatMap((row) => [row.pdf, row.zip]).filter((key): key is string => key !== null),
  ];
}

/** The entries whose versions list these attachments (diary_version_attachments_attachment_idx). */
export async function entriesListing(
  db: Db,
  attachmentIds: readonly string[],
): Promise<{ attachmentId: string; entryId: string; practiceId: string | null }[]> {
  if (!attachmentIds.length) return [];
  return db
    .selectDistinct({
      attachmentId: diaryVersionAttachments.attachmentId,
      entryId: diaryEntries.id,
      practiceId: diaryEntries.practiceId,
    })
    .from(diaryVersionAttachments)
    .innerJoin(diaryVersions, eq(diaryVersions.id, diaryVersionAttachments.versionId))
    .innerJoin(diaryEntries, eq(diaryEntries.id, diaryVersions.entryId))
    .where(inArray(diaryVersionAttachments.attachmentId, [...attachmentIds]));
}

const base64 = (bytes: Uint8Array | null) => (bytes ? Buffer.from(bytes).toString("base64") : null);

/**
 * An account's whole diary for its own-data export (ADR 037): the entries with every version, the
 * attachments (their stored bytes go in the ZIP beside it), each token in base64, and the shares.
 */
export async function diaryOf(db: Db, ownerId: string) {
  const entries = await listEntries(db, { ownerId });
  const { versions, listedBy } = await entriesContent(
    db,
    entries.map((entry) => entry.id),
  );
  const attachments = await db.select().from(diaryAttachments).where(eq(diaryAttachments.ownerId, ownerId));
  const practiceIds = [...new Set(entries.flatMap((entry) => entry.practiceId ?? []))];
  const shares = practiceIds.length
    ? await db.select().from(diaryShares).where(inArray(diaryShares.practiceId, practiceIds))
    : [];
  return {
    entries: entries.map((entry) => ({
      ...entry,
      versions: versions
        .filter((version) => version.entryId === entry.id)
        .map(({ seal, ...version }) => ({
          ...version,
          token: base64(seal),
          attachmentIds: listedBy(version.id).map((attachment) => attachment.id),
        })),
    })),
    attachments: attachments.map(({ seal, ...attachment }) => ({ ...attachment, token: base64(seal) })),
    shares,
  };
}
