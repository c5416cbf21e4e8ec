import { and, asc, desc, eq, inArray, isNull, notInArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import { legalizationFiles, legalizationSessions, sandboxCaptureSessions } from "../schema/fulfilment.ts";

// A LEGALIZATION service's capture sessions and their evidence files (issue 18), and the embedded sandbox
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

/** A session by its provider's id (legalization_sessions_provider_key). */
export async function findSessionByProviderId(
  db: Db,
  provider: string,
  providerSessionId: string,
): Promise<LegalizationSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(legalizationSessions)
    .where(
      and(
        eq(legalizationSessions.provider, provider),
        eq(legalizationSessions.providerSessionId, providerSessionId),
      ),
    );
  return row;
}

export async function insertSession(
  db: Db,
  values: typeof legalizationSessions.$inferInsert,
): Promise<LegalizationSessionRow> {
  const [row] = await db.insert(legalizationSessions).values(values).returning();
  return row as LegalizationSessionRow;
}

/** What the provider last said of the session. */
export async function updateSession(
  db: Db,
  id: string,
  values: Partial<Pick<LegalizationSessionRow, "state" | "step" | "endedAt">>,
): Promise<LegalizationSessionRow | undefined> {
  const [row] = await db
    .update(legalizationSessions)
    .set(values)
    .where(eq(legalizationSessions.id, id))
    .returning();
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

/** Sessions not yet ended, by whom they were last seen (the sync job's pass; a short scan). */
export async function listOpenSessions(
  db: Db,
  endedStates: readonly string[],
): Promise<LegalizationSessionRow[]> {
  return db
    .select()
    .from(legalizationSessions)
    .where(notInArray(legalizationSessions.state, [...endedStates]))
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
  values: Pick<SandboxCaptureRow, "id" | "state" | "outcome">,
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
