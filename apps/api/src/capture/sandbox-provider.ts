import { randomBytes, randomUUID } from "node:crypto";
import {
  isFailure,
  LEGALIZATION_FAILURE_STATES,
  SANDBOX_CAPTURE_PROVIDER,
} from "@argine/core/legalization/session-state";
import type { Db } from "@argine/db/client";
import {
  findSandboxCapture,
  insertSandboxCapture,
  moveSandboxCapture,
  type SandboxCaptureRow,
  setSandboxCaptureFiles,
} from "@argine/db/queries/legalization";
import { type Clock, now } from "../clock.ts";
import type { LegalizationConfig, SandboxCaptureTimings } from "../config.ts";
import type { Storage } from "../storage/storage.ts";
import type { CaptureProvider, CaptureSession } from "./capture-provider.ts";
import { makeSandboxEvidence } from "./sandbox-evidence.ts";

// The embedded capture provider (ADR 021): what a real forensic-capture service does, on the app's own
// database and job queue, so a capture outlives a restart of the server. It keeps its sessions and files
// apart (sandbox_capture_sessions, storage keys under sandbox-capture/), as a service of its own would. A session walks
//   VM_PREPARING → LIVE (the client browses; a state the spec does not list, so the flow keeps polling)
//   → CLOSING (the client's stop, or `liveSeconds` gone by) → ARTIFACTS_UPLOADED (the evidence stored)
//   → CLOSED,
// each move a job scheduled `…Seconds` later on the queue's clock, each a conditional update from the state
// it expects, queuing the next move in the same transaction: a job worked twice moves the session once.
// Like Stripe's test cards, the URL chooses the ending: one whose fragment is `#esito=<failure state>`
// (e.g. `https://example.org/#esito=FATAL_FAILED_TERMINATED`) ends in that state from CLOSING, without files.

export const LIVE_STATE = "LIVE";

/** The job queue as the sandbox uses it: its sessions' next moves (the app's JobQueue fits). */
export interface SandboxCaptureQueue {
  send(
    tx: Db,
    queue: "legalization-sandbox",
    data: { id: string },
    options: { startAfterSeconds: number },
  ): Promise<void>;
}

export interface SandboxCaptureEngine {
  db: Db;
  jobs: SandboxCaptureQueue;
  clock: Clock;
  storage: Storage;
  timings: SandboxCaptureTimings;
  chromiumPath: string | null;
}

const IN_PROGRESS = ["VM_PREPARING", LIVE_STATE, "CLOSING", "ARTIFACTS_UPLOADED"];

/** The terminal state a URL asks for: a failure state in `#esito=`, else CLOSED. */
export function sandboxOutcome(url: string): string {
  const asked = /[#&]esito=([A-Z_]+)/.exec(new URL(url).hash)?.[1];
  return asked && (LEGALIZATION_FAILURE_STATES as readonly string[]).includes(asked) ? asked : "CLOSED";
}

const view = (row: SandboxCaptureRow): CaptureSession => ({ id: row.id, state: row.state, step: row.step });

export function createSandboxCaptureProvider(engine: SandboxCaptureEngine): CaptureProvider {
  const { db, jobs, storage, timings } = engine;
  const found = async (id: string) => {
    const row = await findSandboxCapture(db, id);
    if (!row) throw new Error(`sandbox capture ${id} not found`);
    return row;
  };
  return {
    name: SANDBOX_CAPTURE_PROVIDER,
    csp: {},
    async start({ url, reference }) {
      const id = `cap_${randomBytes(12).toString("hex")}`;
      const row = await db.transaction(async (tx) => {
        const inserted = await insertSandboxCapture(tx, {
          id,
          url,
          reference,
          // The capture's start as the evidence prints it, on the clock the timings run on.
          createdAt: now(engine.clock),
          state: "VM_PREPARING",
          outcome: sandboxOutcome(url),
        });
        await jobs.send(tx, "legalization-sandbox", { id }, { startAfterSeconds: timings.prepareSeconds });
        return inserted;
      });
      return view(row);
    },
    get: async (id) => view(await found(id)),
    async stop(id) {
      const moved = await db.transaction(async (tx) => {
        const row = await moveSandboxCapture(tx, id, ["VM_PREPARING", LIVE_STATE], {
          state: "CLOSING",
          stopRequestedAt: now(engine.clock),
        });
        if (row)
          await jobs.send(tx, "legalization-sandbox", { id }, { startAfterSeconds: timings.closingSeconds });
        return row;
      });
      return view(moved ?? (await found(id)));
    },
    async setStep(id, step) {
      return view((await moveSandboxCapture(db, id, IN_PROGRESS, { step })) ?? (await found(id)));
    },
    async listFiles(id) {
      return (await found(id)).files.map(({ name, contentType, size, sha256 }) => ({
        name,
        contentType,
        size,
        sha256,
      }));
    },
    async download(id, name) {
      const file = (await found(id)).files.find((f) => f.name === name);
      const bytes = file && (await storage.get(file.storageKey));
      if (!bytes) throw new Error(`sandbox capture ${id} has no file ${name}`);
      return bytes;
    },
  };
}

/** The queue's handler: the app's deps as the sandbox's engine (nothing to do once another provider runs). */
export async function advanceSandboxCaptureJob(
  deps: Omit<SandboxCaptureEngine, "timings" | "chromiumPath"> & {
    config: { legalization: LegalizationConfig };
  },
  id: string,
): Promise<void> {
  const { legalization } = deps.config;
  if (legalization.provider !== "sandbox") return;
  await advanceSandboxCapture(
    { ...deps, timings: legalization.timings, chromiumPath: legalization.chromiumPath },
    id,
  );
}

/** The job: the session's next move from where it stands (nothing once it ended). */
export async function advanceSandboxCapture(engine: SandboxCaptureEngine, id: string): Promise<void> {
  const { db, jobs, timings } = engine;
  const row = await findSandboxCapture(db, id);
  if (!row) return;
  const move = (from: string, state: string, nextInSeconds: number | null) =>
    db.transaction(async (tx) => {
      const moved = await moveSandboxCapture(tx, id, [from], { state });
      if (moved && nextInSeconds !== null)
        await jobs.send(tx, "legalization-sandbox", { id }, { startAfterSeconds: nextInSeconds });
    });
  switch (row.state) {
    case "VM_PREPARING":
      return move("VM_PREPARING", LIVE_STATE, timings.liveSeconds);
    case LIVE_STATE:
      return move(LIVE_STATE, "CLOSING", timings.closingSeconds);
    case "CLOSING":
      if (isFailure(row.outcome)) return move("CLOSING", row.outcome, null);
      await storeSandboxEvidence(engine, row);
      return move("CLOSING", "ARTIFACTS_UPLOADED", timings.uploadSeconds);
    case "ARTIFACTS_UPLOADED":
      return move("ARTIFACTS_UPLOADED", row.outcome, null);
  }
}

/**
 * Makes the files and stores them under generated keys; a retried job replaces what it stored before, unless
 * another process replaced them meanwhile.
 */
export async function storeSandboxEvidence(
  engine: SandboxCaptureEngine,
  row: SandboxCaptureRow,
): Promise<void> {
  const files = await makeSandboxEvidence({
    url: row.url,
    sessionId: row.reference,
    startedAt: row.createdAt,
    endedAt: now(engine.clock),
    chromiumPath: engine.chromiumPath,
  });
  const stored = [];
  for (const file of files) {
    const storageKey = `sandbox-capture/${row.id}/${randomUUID()}`;
    await engine.storage.put(storageKey, file.bytes);
    const { name, contentType, sha256 } = file;
    stored.push({ name, contentType, size: file.bytes.length, sha256, storageKey });
  }
  // Whoever set the files first stands (a retry, two processes); the other's copies are removed.
  const kept = await setSandboxCaptureFiles(engine.db, row.id, row.files, stored);
  for (const file of kept ? row.files : stored) await engine.storage.delete(file.storageKey);
}
