import { and, asc, desc, eq, inArray, isNotNull, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  legalizationFiles,
  legalizationSessions,
  type SandboxCaptureFile,
  sandboxCaptureSessions,
} from "../schema/legalization.ts";

// A LEGALIZATION service's capture sessions and their evidence files (ADR 021), and the embedded sandbox
// provider's own sessions. A state change is a conditional update from the state the caller saw, so a job
// worked twice (a retry, two replicas) moves a session once.

export type LegalizationSessionRow = typeof legalizationSessions.$inferSelect;
export type LegalizationFileRow = typeof legalizationFiles.$inferSelect;
export type SandboxCaptureRow = typeof sandboxCaptureSessions.$inferSelect;

/** The service's current session: its newest (legalization_sessions_service_idx). */
export async function findCurrentSession(
  db: Db,
  serviceId: string,
): Promise<LegalizationSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(legalizationSessions)
    .where(eq(legalizationSessions.serviceId, serviceId))
    .orderBy(desc(legalizationSessions.createdAt))
    .limit(1);
  return row;
}

/**
 * Claims the service's running session: undefined when one is running already (legalization_sessions_running_key:
 * two starts at once make one capture). The provider's id follows with attachProviderSession.
 */
export async function claimSession(
  db: Db,
  values: Omit<typeof legalizationSessions.$inferInsert, "providerSessionId">,
): Promise<LegalizationSessionRow | undefined> {
  const [row] = await db.insert(legalizationSessions).values(values).onConflictDoNothing().returning();
  return row;
}

/** The provider's session behind a claimed one, as the provider answered the start. */
export async function attachProviderSession(
  db: Db,
  id: string,
  values: { providerSessionId: string; state: string; step: string | null },
): Promise<LegalizationSessionRow | undefined> {
  const [row] = await db
    .update(legalizationSessions)
    .set(values)
    .where(and(eq(legalizationSessions.id, id), isNull(legalizationSessions.providerSessionId)))
    .returning();
  return row;
}

/** A claim the provider refused: gone, so the client can try again. */
export async function dropClaimedSession(db: Db, id: string): Promise<void> {
  await db
    .delete(legalizationSessions)
    .where(and(eq(legalizationSessions.id, id), isNull(legalizationSessions.providerSessionId)));
}

/** What the provider last said of the session, from the state the caller saw; undefined if it changed. */
export async function updateSession(
  db: Db,
  id: string,
  fromState: string,
  values: Partial<Pick<LegalizationSessionRow, "state" | "step" | "endedAt">>,
): Promise<LegalizationSessionRow | undefined> {
  const [row] = await db
    .update(legalizationSessions)
    .set(values)
    .where(and(eq(legalizationSessions.id, id), eq(legalizationSessions.state, fromState)))
    .returning();
  return row;
}

export async function findSessionById(db: Db, id: string): Promise<LegalizationSessionRow | undefined> {
  const [row] = await db.select().from(legalizationSessions).where(eq(legalizationSessions.id, id));
  return row;
}

/**
 * The files are stored: when, the report's hash, and when retention deletes them. Once: false when another
 * caller recorded them first (so one "files ready" mail goes).
 */
export async function markFilesReady(
  db: Db,
  id: string,
  values: { filesReadyAt: Date; reportSha256: string | null; filesExpireAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(legalizationSessions)
    .set(values)
    .where(and(eq(legalizationSessions.id, id), isNull(legalizationSessions.filesReadyAt)))
    .returning({ id: legalizationSessions.id });
  return rows.length > 0;
}

/**
 * What the sync job asks the provider about again: sessions not yet ended, and those ended with success whose
 * files are not stored yet (they can take hours). The longest unseen first; a short scan.
 */
export async function listUnsettledSessions(
  db: Db,
  states: { ended: readonly string[]; success: readonly string[] },
): Promise<LegalizationSessionRow[]> {
  return db
    .select()
    .from(legalizationSessions)
    .where(
      and(
        isNotNull(legalizationSessions.providerSessionId),
        or(
          notInArray(legalizationSessions.state, [...states.ended]),
          and(
            inArray(legalizationSessions.state, [...states.success]),
            isNull(legalizationSessions.filesReadyAt),
          ),
        ),
      ),
    )
    .orderBy(asc(legalizationSessions.updatedAt))
    .limit(100);
}

/** Records a stored file; the same name again (a retried job) takes the new bytes' key, size and hash. */
export async function putSessionFile(
  db: Db,
  values: Omit<typeof legalizationFiles.$inferInsert, "id" | "createdAt">,
): Promise<void> {
  await db
    .insert(legalizationFiles)
    .values(values)
    .onConflictDoUpdate({
      target: [legalizationFiles.sessionId, legalizationFiles.name],
      set: {
        storageKey: values.storageKey,
        contentType: values.contentType,
        size: values.size,
        sha256: values.sha256,
      },
    });
}

/** A session's files, in the order they were made (legalization_files_session_name_key). */
export async function listSessionFiles(db: Db, sessionId: string): Promise<LegalizationFileRow[]> {
  return db
    .select()
    .from(legalizationFiles)
    .where(eq(legalizationFiles.sessionId, sessionId))
    .orderBy(asc(legalizationFiles.createdAt), asc(legalizationFiles.name));
}

export async function insertSandboxCapture(
  db: Db,
  values: Pick<SandboxCaptureRow, "id" | "url" | "reference" | "state" | "outcome" | "createdAt">,
): Promise<SandboxCaptureRow> {
  const [row] = await db.insert(sandboxCaptureSessions).values(values).returning();
  return row as SandboxCaptureRow;
}

export async function findSandboxCapture(db: Db, id: string): Promise<SandboxCaptureRow | undefined> {
  const [row] = await db.select().from(sandboxCaptureSessions).where(eq(sandboxCaptureSessions.id, id));
  return row;
}

/** Moves a sandbox session on only from one of the states `from`: undefined when it was not there. */
export async function moveSandboxCapture(
  db: Db,
  id: string,
  from: readonly string[],
  values: Partial<Pick<SandboxCaptureRow, "state" | "step" | "stopRequestedAt">>,
): Promise<SandboxCaptureRow | undefined> {
  const [row] = await db
    .update(sandboxCaptureSessions)
    .set(values)
    .where(and(eq(sandboxCaptureSessions.id, id), inArray(sandboxCaptureSessions.state, [...from])))
    .returning();
  return row;
}

/** The evidence a sandbox session made (a retried job's files replace the ones before). */
/**
 * Replaces a sandbox session's files only if they are still the ones the caller read (`seen`): false when
 * another process made them meanwhile (two starts finishing the demo capture), whose files then stand.
 */
export async function setSandboxCaptureFiles(
  db: Db,
  id: string,
  seen: SandboxCaptureFile[],
  files: SandboxCaptureFile[],
): Promise<boolean> {
  const updated = await db
    .update(sandboxCaptureSessions)
    .set({ files })
    .where(
      and(
        eq(sandboxCaptureSessions.id, id),
        sql`${sandboxCaptureSessions.files} = ${JSON.stringify(seen)}::jsonb`,
      ),
    )
    .returning({ id: sandboxCaptureSessions.id });
  return updated.length > 0;
}
