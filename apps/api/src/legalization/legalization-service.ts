import { randomUUID } from "node:crypto";
import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import type {
  LegalizationFiles,
  LegalizationSession,
  LegalizationStartBody,
  LegalizationStepBody,
} from "@argine/core/legalization/legalization-api";
import {
  isFailure,
  isSuccess,
  isTerminal,
  LEGALIZATION_FAILURE_STATES,
  LEGALIZATION_SUCCESS_STATES,
} from "@argine/core/legalization/session-state";
import { casePath } from "@argine/core/practices/case-path";
import type { ServicesAction } from "@argine/core/services/policy";
import { MESSAGES } from "@argine/core/shared/messages";
import {
  findCurrentSession,
  insertSession,
  type LegalizationSessionRow,
  listOpenSessions,
  markFilesReady,
  updateSession,
} from "@argine/db/queries/legalization";
import { findServiceWithPractice, type ServiceWithPractice } from "@argine/db/queries/services";
import { findUserById } from "@argine/db/queries/users";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { filesReadyMail } from "../mail/templates.ts";
import { authorizedService } from "../services/service-access.ts";
import type { CaptureSession } from "./capture-provider.ts";
import { REPORT_FILE_NAME } from "./sandbox-evidence.ts";

// The legalization's use cases (issue 18, spec §4 "Legalization" flow and §7): a LEGALIZATION service's
// capture session at the provider (legalization/capture-provider.ts), mirrored in legalization_sessions.
// The provider is the truth of a session's state: every read asks it and records what changed; the first
// time a session is seen ended with success its files are recorded as ready (the report's hash, a year's
// retention) and the client gets a neutral mail, once, whoever saw it first (a poll, the sync job).

/** The files' links are opened at once from the modal: short-lived. */
const FILES_LINK_SECONDS = 10 * 60;
/** Kept one year (spec §9); the retention job deletes them then. */
const RETENTION_DAYS = 365;
const ENDED_STATES = [...LEGALIZATION_SUCCESS_STATES, ...LEGALIZATION_FAILURE_STATES];

const MESSAGES_HERE = {
  noSession: "Non c'è ancora una sessione di legalizzazione per questo servizio.",
  cancelled: "Il servizio è stato annullato: non si può avviare una legalizzazione.",
  practiceClosed: "La pratica è chiusa: per continuare chiedi al team di riaprirla.",
  ended: "La sessione è già terminata: ricarica la pagina.",
  noFiles: "I file della legalizzazione non sono ancora pronti: riprova fra qualche minuto.",
  filesGone: "I file di questa legalizzazione sono stati eliminati dopo un anno, come previsto.",
} as const;

/** The LEGALIZATION service, if the actor may do `action` on it; 'Service Legalization not Found!' otherwise. */
async function legalizationService(
  deps: Deps,
  actor: Actor,
  id: string,
  action: ServicesAction,
): Promise<ServiceWithPractice> {
  const found = await authorizedService(deps.db, actor, id, action).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "NOT_FOUND")
      throw new AppError("NOT_FOUND", MESSAGES.legalizationNotFound);
    throw error;
  });
  if (found.service.serviceType !== "LEGALIZATION")
    throw new AppError("NOT_FOUND", MESSAGES.legalizationNotFound);
  return found;
}

function view(row: LegalizationSessionRow): LegalizationSession {
  return {
    sessionId: row.id,
    provider: row.provider,
    state: row.state,
    step: row.step,
    url: row.url,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    filesReadyAt: row.filesReadyAt?.toISOString() ?? null,
    reportSha256: row.reportSha256,
  };
}

/**
 * Records what the provider says of the session (`seen`, or asked now); on its first success, the files as
 * ready and the client's mail, in one transaction.
 */
async function record(
  deps: Deps,
  row: LegalizationSessionRow,
  seen?: CaptureSession,
): Promise<LegalizationSessionRow> {
  if (isTerminal(row.state) && (!isSuccess(row.state) || row.filesReadyAt)) return row;
  const session = seen ?? (await deps.legalization.get(row.providerSessionId));
  const at = now(deps.clock);
  // Asked outside the transaction: the provider is another service (the sandbox has its own connection).
  const files = isSuccess(session.state) ? await deps.legalization.listFiles(row.providerSessionId) : [];
  return deps.db.transaction(async (tx) => {
    const changed = session.state !== row.state || session.step !== row.step;
    const updated = changed
      ? ((await updateSession(tx, row.id, {
          state: session.state,
          step: session.step,
          endedAt: isTerminal(session.state) ? (row.endedAt ?? at) : null,
        })) ?? row)
      : row;
    if (!isSuccess(session.state)) return updated;
    const reportSha256 = files.find((f) => f.name === REPORT_FILE_NAME)?.sha256 ?? null;
    const filesReadyAt = at;
    const filesExpireAt = new Date(at.getTime() + RETENTION_DAYS * 86_400_000);
    if (!(await markFilesReady(tx, row.id, { filesReadyAt, reportSha256, filesExpireAt }))) return updated;
    await mailFilesReady(deps, tx, row.serviceId);
    return { ...updated, filesReadyAt, reportSha256, filesExpireAt };
  });
}

async function mailFilesReady(deps: Deps, tx: Deps["db"], serviceId: string): Promise<void> {
  const found = await findServiceWithPractice(tx, serviceId);
  const client = found?.practice.ownerId ? await findUserById(tx, found.practice.ownerId) : undefined;
  if (!found || !client) return;
  const link = `${deps.config.publicUrl}${casePath(found.practice.ticketCode)}`;
  await deps.jobs.send(tx, "mail", filesReadyMail(client.email, client.name, link));
}

/** The service's current session, as the provider reports it now. */
async function currentSession(deps: Deps, serviceId: string): Promise<LegalizationSessionRow | undefined> {
  const row = await findCurrentSession(deps.db, serviceId);
  return row && record(deps, row);
}

/** GET …/session: the current session (404 before the first one: the flow then starts one). */
export async function getSession(deps: Deps, actor: Actor, id: string): Promise<LegalizationSession> {
  await legalizationService(deps, actor, id, "read");
  const row = await currentSession(deps, id);
  if (!row) throw new AppError("NOT_FOUND", MESSAGES_HERE.noSession);
  return view(row);
}

/**
 * POST …/session: the session in progress or done if there is one (spec §4: fetch or start); a new one when
 * there is none or the last one failed (the restart after a failed terminal state).
 */
export async function startSession(
  deps: Deps,
  actor: Actor,
  id: string,
  body: LegalizationStartBody,
): Promise<LegalizationSession> {
  const { service, practice } = await legalizationService(deps, actor, id, "legalize");
  const current = await currentSession(deps, id);
  if (current && !isFailure(current.state)) return view(current);
  if (service.status === "CANCELLED") throw new AppError("CONFLICT", MESSAGES_HERE.cancelled);
  if (practice.status === "CLOSED") throw new AppError("CONFLICT", MESSAGES_HERE.practiceClosed);
  const sessionId = randomUUID();
  const started = await deps.legalization.start({ url: body.url, reference: sessionId });
  const row = await insertSession(deps.db, {
    id: sessionId,
    serviceId: id,
    provider: deps.legalization.name,
    providerSessionId: started.id,
    state: started.state,
    step: started.step,
    url: body.url,
    startedAt: now(deps.clock),
  });
  return view(row);
}

/** The current session while it runs, for a change the client makes to it. */
async function runningSession(deps: Deps, actor: Actor, id: string): Promise<LegalizationSessionRow> {
  await legalizationService(deps, actor, id, "legalize");
  const row = await currentSession(deps, id);
  if (!row) throw new AppError("NOT_FOUND", MESSAGES_HERE.noSession);
  if (isTerminal(row.state)) throw new AppError("CONFLICT", MESSAGES_HERE.ended);
  return row;
}

/** PATCH …/step: where the client is in the capture. */
export async function setStep(
  deps: Deps,
  actor: Actor,
  id: string,
  body: LegalizationStepBody,
): Promise<LegalizationSession> {
  const row = await runningSession(deps, actor, id);
  return view(await record(deps, row, await deps.legalization.setStep(row.providerSessionId, body.step)));
}

/** POST …/stop: the live panel's stop action; the provider closes the session and makes the files. */
export async function stopSession(deps: Deps, actor: Actor, id: string): Promise<LegalizationSession> {
  const row = await runningSession(deps, actor, id);
  return view(await record(deps, row, await deps.legalization.stop(row.providerSessionId)));
}

/** GET …/session-files: a short-lived link to each file of the finished session, and the report's hash. */
export async function sessionFiles(deps: Deps, actor: Actor, id: string): Promise<LegalizationFiles> {
  await legalizationService(deps, actor, id, "read");
  const row = await currentSession(deps, id);
  if (row?.filesDeletedAt) throw new AppError("GONE", MESSAGES_HERE.filesGone);
  if (!row?.filesReadyAt) throw new AppError("NOT_FOUND", MESSAGES_HERE.noFiles);
  const files = await deps.legalization.listFiles(row.providerSessionId);
  return {
    reportSha256: row.reportSha256,
    expiresAt: new Date(now(deps.clock).getTime() + FILES_LINK_SECONDS * 1000).toISOString(),
    files: await Promise.all(
      files.map(async (file) => ({
        ...file,
        url: await deps.legalization.downloadLink(row.providerSessionId, file.name, FILES_LINK_SECONDS),
      })),
    ),
  };
}

/** The sync job: every session not yet ended, asked again, so its files' mail goes though nobody polls. */
export async function syncOpenSessions(deps: Deps): Promise<void> {
  for (const row of await listOpenSessions(deps.db, ENDED_STATES)) await record(deps, row);
}
