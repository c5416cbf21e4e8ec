import type { DiaryEntryFields } from "@argine/core/diary/entry";
import { sql } from "drizzle-orm";
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, updatedAt } from "./columns.ts";
import { users } from "./identity.ts";
import { practices } from "./practices.ts";

// The evidence diary (issue 40): the incidents a client records, each version and each attachment sealed
// with an RFC 3161 timestamp token (ADR 042). Everything here is the client's: it goes with her account
// (ADR 037), and staff read it only for a practice she shares (diary_shares).

/** The DER bytes of a timestamp token (Buffer on node-postgres, Uint8Array on PGlite: both are bytes). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/** What a seal is: the token, and its genTime and serial read from it (null while the sealing job waits). */
const sealColumns = () => ({
  seal: bytea("seal"),
  sealedAt: timestamptz("sealed_at"),
  sealSerial: text("seal_serial"),
});

/** An incident: whose it is and in which practice (none yet: the diary comes before the case). */
export const diaryEntries = pgTable(
  "diary_entries",
  {
    id: id(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    practiceId: uuid("practice_id").references(() => practices.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The owner's diary, and one practice's entries (the staff's read of a shared diary).
    index("diary_entries_owner_idx").on(t.ownerId),
    index("diary_entries_practice_idx").on(t.practiceId),
  ],
);

/** A version of an entry as the client wrote it, never changed: a correction is the next version. */
export const diaryVersions = pgTable(
  "diary_versions",
  {
    id: id(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => diaryEntries.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    fields: jsonb("fields").$type<DiaryEntryFields>().notNull(),
    /** When the server took it: part of what is sealed. */
    receivedAt: timestamptz("received_at", { precision: 3 }).notNull(),
    /** The SHA-256 (hex) of the version's canonical JSON (core diary/entry.ts sealedBytes). */
    sha256: text("sha256").notNull(),
    ...sealColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    // One version n per entry: two corrections sent at once make one version 2 and a refusal.
    uniqueIndex("diary_versions_entry_version_key").on(t.entryId, t.version),
    // The sealing job's sweep: what still waits for its token.
    index("diary_versions_unsealed_idx").on(t.createdAt).where(sql`${t.seal} is null`),
  ],
);

/** A file the client attached: stored under a generated key once its content was checked, then sealed. */
export const diaryAttachments = pgTable(
  "diary_attachments",
  {
    id: id(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    kind: text("kind").notNull(),
    /** The size announced, then the size received. */
    size: integer("size").notNull(),
    /** Where the browser PUTs the bytes; replaced by the checked copy's key once received. */
    storageKey: text("storage_key").notNull(),
    receivedAt: timestamptz("received_at"),
    sha256: text("sha256"),
    ...sealColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index("diary_attachments_owner_idx").on(t.ownerId),
    index("diary_attachments_unsealed_idx")
      .on(t.createdAt)
      .where(sql`${t.seal} is null and ${t.sha256} is not null`),
  ],
);

/** Which attachments a version lists, in the order she added them. */
export const diaryVersionAttachments = pgTable(
  "diary_version_attachments",
  {
    versionId: uuid("version_id")
      .notNull()
      .references(() => diaryVersions.id, { onDelete: "cascade" }),
    attachmentId: uuid("attachment_id")
      .notNull()
      .references(() => diaryAttachments.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.attachmentId] }),
    index("diary_version_attachments_attachment_idx").on(t.attachmentId),
  ],
);

/** A practice whose lawyers may read the client's diary for it: the row is the switch (deleted to revoke). */
export const diaryShares = pgTable("diary_shares", {
  practiceId: uuid("practice_id")
    .primaryKey()
    .references(() => practices.id, { onDelete: "cascade" }),
  sharedAt: timestamptz("shared_at").notNull(),
});

/** A dossier asked for: its progress, and its two files once the job made them. */
export const diaryDossiers = pgTable(
  "diary_dossiers",
  {
    id: id(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    practiceId: uuid("practice_id").references(() => practices.id, { onDelete: "set null" }),
    state: text("state").notNull().default("QUEUED"),
    progress: smallint("progress").notNull().default(0),
    entries: integer("entries").notNull().default(0),
    pdfKey: text("pdf_key"),
    zipKey: text("zip_key"),
    readyAt: timestamptz("ready_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("diary_dossiers_owner_idx").on(t.ownerId, t.createdAt.desc())],
);
