import { randomUUID } from "node:crypto";
import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import type {
  LegalizationFiles,
  LegalizationSession,
  LegalizationStartBody,
  LegalizationStepBody,
} from "@argine/core/legalization/legalization-api";
import { LEGALIZATION_ERRORS } from "@argine/core/legalization/legalization-messages";
import { type LegalizationAction, legalizationPolicy } from "@argine/core/legalization/policy";
import {
  isFailure,
  isSuccess,
  isTerminal,
  LEGALIZATION_FAILURE_STATES,
  LEGALIZATION_SUCCESS_STATES,
} from "@argine/core/legalization/session-state";
import { casePath } from "@argine/core/practices/case-path";
import { filesExpireAt } from "@argine/core/retention/files-retention";
import { MESSAGES } from "@argine/core/shared/messages";
import {
  attachProviderSession,
  claimSession,
  dropClaimedSession,
  findCurrentSession,
  findSessionById,
  type LegalizationFileRow,
  type LegalizationSessionRow,
  listSessionFiles,
  listUnsettledSessions,
  markFilesReady,
  putSessionFile,
  updateSession,
} from "@argine/db/queries/legalization";
import { findServiceWithPractice, type ServiceWithPractice } from "@argine/db/queries/services";
import { findUserById } from "@argine/db/queries/users";
import { type CaptureSession, REPORT_FILE_NAME } from "../capture/capture-provider.ts";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { filesReadyMail } from "../mail/templates.ts";
import { authorizedService } from "../services/service-access.ts";
import { assertServiceOpen, moveServiceBySystem } from "../services/service-steps.ts";
import { sha256 } from "../storage/storage.ts";
import { assertCaptureHostPublic } from "./capture-url.ts";

// The legalization's use cases (spec §4 "Legalization" flow and §7): a LEGALIZATION service's
// capture session at the provider (legalization/capture-provider.ts), mirrored in legalization_sessions.
// The provider is the truth of a session's state: every read asks it and records what changed. Whoever first
// sees a session ended with success (a poll, the sync job) queues the copy of its files into the app's
// storage (legalization-files); the copy records them as ready (the report's hash, a year's retention),
// moves the service to "documenti pronti" and mails the client, once. The service goes "in corso" when
// its first capture starts.

/**
 * A claim whose provider's answer was never recorded is dropped after this, longer than a start lasts (the
 * service's calls time out after 15 s, capture/service-provider.ts): the server stopped between the two, or
 * the database failed under the start (the claim's insert committed, its answer or the attach lost).
 * Otherwise the case page would show it preparing, and refuse its stop, until a new start (issue 39).
 */
export const CLAIM_TIMEOUT_MS = 30_000;
/** A provider's file name becomes part of a storage key and of a download's name. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
/** The files' links are opened at once from the modal: short-lived. */
const FILES_LINK_SECONDS = 10 * 60;
const ENDED_STATES = [...LEGALIZATION_SUCCESS_STATES, ...LEGALIZATION_FAILURE_STATES];

/** The LEGALIZATION service, if the actor may do `action` on it; 'Service Legalization not Found!' otherwise. */
function legalizationService(
  deps: Deps,
  actor: Actor,
  id: string,
  action: LegalizationAction,
): Promise<ServiceWithPractice> {
  return authorizedService(deps.db, actor, id, action, {
    policy: legalizationPolicy,
    type: "LEGALIZATION",
    notFound: MESSAGES.legalizationNotFound,
  });
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
    filesDeletedAt: row.filesDeletedAt?.toISOString() ?? null,
  };
}

/**
 * Records what the provider says of the session (`seen`, or asked now), from the state we last saw: of two
 * callers at once one records the change, and on a success queues the copy of the files.
 */
async function record(
  deps: Deps,
  row: LegalizationSessionRow,
  seen?: CaptureSession,
): Promise<LegalizationSessionRow> {
  // Claimed, the provider's answer still to come; or ended and settled.
  if (!row.providerSessionId || isTerminal(row.state)) return row;
  const session = seen ?? (await deps.legalization.get(row.providerSessionId));
  if (session.state === row.state && session.step === row.step) return row;
  return deps.db.transaction(async (tx) => {
    const updated = await updateSession(tx, row.id, row.state, {
      state: session.state,
      step: session.step,
      endedAt: isTerminal(session.state) ? now(deps.clock) : null,
    });
    if (!updated) return (await findSessionById(tx, row.id)) ?? row;
    if (isSuccess(session.state)) await deps.jobs.send(tx, "legalization-files", { sessionId: row.id });
    return updated;
  });
}

/**
 * The legalization-files job: a successful session's files copied from the provider into the app's storage
 * (each checked against the hash the provider gave), then, once, recorded as ready. Nothing yet when the
 * provider has not made them (up to 12 hours): the sync job asks again.
 */
export async function storeSessionFiles(deps: Deps, sessionId: string): Promise<void> {
  const row = await findSessionById(deps.db, sessionId);
  if (!row?.providerSessionId || !isSuccess(row.state) || row.filesReadyAt) return;
  const providerId = row.providerSessionId;
  const listed = await deps.legalization.listFiles(providerId);
  if (!listed.length) return;
  const stored: Omit<LegalizationFileRow, "id" | "sessionId" | "createdAt">[] = [];
  for (const file of listed) {
    if (!FILE_NAME.test(file.name))
      throw new Error(`capture file name refused: ${JSON.stringify(file.name)}`);
    const bytes = Buffer.from(await deps.legalization.download(providerId, file.name));
    if (sha256(bytes) !== file.sha256) throw new Error(`capture file ${file.name} does not match its hash`);
    // One key per session and name: a copy made twice (a retry) writes the same bytes in the same place.
    const storageKey = `legalization/${row.id}/${file.name}`;
    await deps.storage.put(storageKey, bytes);
    stored.push({
      name: file.name,
      contentType: file.contentType,
      size: bytes.length,
      sha256: file.sha256,
      storageKey,
    });
  }
  const at = now(deps.clock);
  await deps.db.transaction(async (tx) => {
    for (const file of stored) await putSessionFile(tx, { sessionId: row.id, ...file });
    const ready = await markFilesReady(tx, row.id, {
      filesReadyAt: at,
      reportSha256: stored.find((f) => f.name === REPORT_FILE_NAME)?.sha256 ?? null,
      filesExpireAt: filesExpireAt(at),
    });
    if (!ready) return;
    await deps.jobs.send(tx, "evidence-seal", { kind: "legalization-manifest", id: row.id });
    await moveServiceBySystem(tx, row.serviceId, "IN_PROGRESS", "DOCUMENTS_READY", at);
    await mailFilesReady(deps, tx, row.serviceId);
  });
}

/** The manifest a capture's evidence is listed in (the sandbox's), or its report where a provider has none. */
export const MANIFEST_FILE_NAME = "manifest.json";
/** Beside the sealed file: its token, and the TSA's chain a verifier trusts (`openssl ts -verify -CAfile`). */
const TOKEN_SUFFIX = ".tsr";
const TSA_CHAIN_FILE_NAME = "tsa-chain.pem";

/**
 * The evidence-seal job for a capture (issue 40): its manifest's SHA-256 sealed by the TSA, the token and the
 * TSA's chain stored as two more files of the session, so the client's download and the retention's archive
 * carry them. Once: a session whose token is stored is left alone.
 */
export async function sealSessionManifest(deps: Deps, sessionId: string): Promise<void> {
  const files = await listSessionFiles(deps.db, sessionId);
  const sealed =
    files.find((file) => file.name === MANIFEST_FILE_NAME) ??
    files.find((file) => file.name === REPORT_FILE_NAME);
  if (!sealed || files.some((file) => file.name === `${sealed.name}${TOKEN_SUFFIX}`)) return;
  const token = await deps.timestamps.stamp(sealed.sha256);
  const chain = Buffer.from(await deps.timestamps.chain());
  const stored = [
    { name: TSA_CHAIN_FILE_NAME, contentType: "application/x-pem-file", bytes: chain },
    {
      name: `${sealed.name}${TOKEN_SUFFIX}`,
      contentType: "application/timestamp-reply",
      bytes: token.response,
    },
  ];
  for (const file of stored) {
    const storageKey = `legalization/${sessionId}/${file.name}`;
    await deps.storage.put(storageKey, file.bytes);
    await putSessionFile(deps.db, {
      sessionId,
      name: file.name,
      contentType: file.contentType,
      size: file.bytes.length,
      sha256: sha256(file.bytes),
      storageKey,
    });
  }
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
  if (
    row &&
    !row.providerSessionId &&
    now(deps.clock).getTime() - row.startedAt.getTime() > CLAIM_TIMEOUT_MS
  ) {
    await dropClaimedSession(deps.db, row.id);
    return currentSession(deps, serviceId);
  }
  return row && record(deps, row);
}

/**
 * GET …/session: the current session, or null before the first one (the case page asks on every visit, and a
 * capture not started yet is no error); a missing legalization service stays 'Service Legalization not Found!'.
 */
export async function getSession(deps: Deps, actor: Actor, id: string): Promise<LegalizationSession | null> {
  await legalizationService(deps, actor, id, "read");
  const row = await currentSession(deps, id);
  return row ? view(row) : null;
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
  const found = await legalizationService(deps, actor, id, "legalize");
  const current = await currentSession(deps, id);
  const at = now(deps.clock);
  if (current && !isFailure(current.state)) return view(current);
  assertServiceOpen(found, LEGALIZATION_ERRORS);
  // The schema refused private addresses and names; a name resolving to one is refused before the provider.
  await assertCaptureHostPublic(body.url);
  // The claim first: of two starts at once, the second finds the first's session and starts nothing.
  const claimed = await claimSession(deps.db, {
    id: randomUUID(),
    serviceId: id,
    provider: deps.legalization.name,
    state: "VM_PREPARING",
    step: null,
    url: body.url,
    startedAt: at,
  });
  if (!claimed) {
    const running = await currentSession(deps, id);
    if (running) return view(running);
    throw new AppError("CONFLICT", LEGALIZATION_ERRORS.starting);
  }
  let started: CaptureSession;
  try {
    started = await deps.legalization.start({ url: body.url, reference: claimed.id });
  } catch (error) {
    await dropClaimedSession(deps.db, claimed.id);
    throw error;
  }
  const row = await deps.db.transaction(async (tx) => {
    const attached = await attachProviderSession(tx, claimed.id, {
      providerSessionId: started.id,
      state: started.state,
      step: started.step,
    });
    await moveServiceBySystem(tx, id, "TO_START", "IN_PROGRESS", at);
    return attached;
  });
  return view(row ?? claimed);
}

/** The current session while it runs at the provider, for a change the client makes to it. */
async function runningSession(
  deps: Deps,
  actor: Actor,
  id: string,
): Promise<LegalizationSessionRow & { providerSessionId: string }> {
  await legalizationService(deps, actor, id, "legalize");
  const row = await currentSession(deps, id);
  if (!row) throw new AppError("NOT_FOUND", LEGALIZATION_ERRORS.noSession);
  if (isTerminal(row.state)) throw new AppError("CONFLICT", LEGALIZATION_ERRORS.ended);
  const { providerSessionId } = row;
  if (!providerSessionId) throw new AppError("CONFLICT", LEGALIZATION_ERRORS.starting);
  return { ...row, providerSessionId };
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

/** GET …/session-files: a short-lived link to each stored file of the finished session, and the report's hash. */
export async function sessionFiles(deps: Deps, actor: Actor, id: string): Promise<LegalizationFiles> {
  await legalizationService(deps, actor, id, "read");
  const row = await currentSession(deps, id);
  if (row?.filesDeletedAt) throw new AppError("GONE", LEGALIZATION_ERRORS.filesGone);
  if (!row?.filesReadyAt) throw new AppError("NOT_FOUND", LEGALIZATION_ERRORS.noFiles);
  const files = await listSessionFiles(deps.db, row.id);
  return {
    reportSha256: row.reportSha256,
    expiresAt: new Date(now(deps.clock).getTime() + FILES_LINK_SECONDS * 1000).toISOString(),
    files: await Promise.all(
      files.map(async ({ name, contentType, size, sha256, storageKey }) => ({
        name,
        contentType,
        size,
        sha256,
        url: await deps.storage.downloadUrl(storageKey, {
          fileName: name,
          expiresInSeconds: FILES_LINK_SECONDS,
        }),
      })),
    ),
  };
}

/**
 * The sync job: every session not yet ended, asked again, and every success whose files are not stored yet,
 * copied if the provider has them now; so the files' mail goes though nobody polls.
 */
export async function syncOpenSessions(deps: Deps): Promise<void> {
  const unsettled = await listUnsettledSessions(deps.db, {
    ended: ENDED_STATES,
    success: LEGALIZATION_SUCCESS_STATES,
  });
  // One provider's fault does not hold the others back; the pass fails after, so the log says so.
  let failed: unknown = null;
  for (const row of unsettled) {
    try {
      const recorded = await record(deps, row);
      if (isSuccess(recorded.state) && recorded.state === row.state) await storeSessionFiles(deps, row.id);
    } catch (error) {
      failed ??= error;
    }
  }
  if (failed) throw failed;
}
