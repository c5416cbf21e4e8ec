import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, updatedAt } from "./columns.ts";
import { services } from "./services.ts";

// The legalization (ADR 021), a service the product performs itself: the forensic capture's sessions and
// their evidence files, and the embedded capture provider's own sessions (its sandbox).

/**
 * A forensic capture session at the legalization provider (spec §4 "Legalization session states"): its
 * state as last seen, its step, and, once the files are made, their retention (kept one year, spec §9).
 */
export const legalizationSessions = pgTable(
  "legalization_sessions",
  {
    id: id(),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    /** The provider's name (the adapter's), shown in its error text. */
    provider: text("provider").notNull(),
    /** The provider's id of the session; null for the moment between our claim and the provider's answer. */
    providerSessionId: text("provider_session_id"),
    state: text("state").notNull(),
    step: text("step"),
    /** The page the client asked to capture, as typed: printed in the report, never fetched by the sandbox. */
    url: text("url"),
    startedAt: timestamptz("started_at").notNull(),
    endedAt: timestamptz("ended_at"),
    /** When the files were stored, and the report's SHA-256 shown to the client. */
    filesReadyAt: timestamptz("files_ready_at"),
    reportSha256: text("report_sha256"),
    /** Retention: the files go a year after they were made; the client is warned 30 and 7 days before. */
    filesExpireAt: timestamptz("files_expire_at"),
    warned30At: timestamptz("warned_30_at"),
    warned7At: timestamptz("warned_7_at"),
    filesDeletedAt: timestamptz("files_deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The service's current session is its newest.
    index("legalization_sessions_service_idx").on(t.serviceId, t.createdAt.desc()),
    uniqueIndex("legalization_sessions_provider_key").on(t.provider, t.providerSessionId),
    // One session running per service: two starts at once (two tabs, a double click) make one capture.
    uniqueIndex("legalization_sessions_running_key").on(t.serviceId).where(sql`${t.endedAt} is null`),
    // The retention job's scan: sessions with files still kept, by expiry.
    index("legalization_sessions_expiry_idx")
      .on(t.filesExpireAt)
      .where(sql`${t.filesExpireAt} is not null and ${t.filesDeletedAt} is null`),
  ],
);

/** An evidence file of a session: stored under a generated key, with its SHA-256 (printed in the report). */
export const legalizationFiles = pgTable(
  "legalization_files",
  {
    id: id(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => legalizationSessions.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("legalization_files_session_name_key").on(t.sessionId, t.name)],
);

/**
 * The embedded capture provider's own sessions (the sandbox): what a real provider keeps on its
 * side. It walks them through the states on the job queue, so a capture survives a restart of the server.
 */
export const sandboxCaptureSessions = pgTable("sandbox_capture_sessions", {
  id: text("id").primaryKey(),
  /** What the caller asked to capture, and its reference: printed in the evidence, never fetched. */
  url: text("url").notNull().default(""),
  reference: text("reference").notNull().default(""),
  state: text("state").notNull(),
  /** The terminal state it was told to end in: CLOSED (success) unless a test asks for a failure. */
  outcome: text("outcome").notNull().default("CLOSED"),
  step: text("step"),
  /** Asked to stop by the client (the live panel's stop action). */
  stopRequestedAt: timestamptz("stop_requested_at"),
  /** The evidence it made, in the app's storage under the sandbox's own keys. */
  files: jsonb("files").$type<SandboxCaptureFile[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export interface SandboxCaptureFile {
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
}
