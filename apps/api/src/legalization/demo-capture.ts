import { findSandboxCapture } from "@argine/db/queries/legalization";
import { DEMO_FULFILMENT } from "@argine/db/seed";
import { storeSandboxEvidence } from "../capture/sandbox-provider.ts";
import type { Deps } from "../deps.ts";
import { storeSessionFiles } from "./legalization-service.ts";

/**
 * The demo practice's capture (demo mode, with the sandbox): the sandbox makes the evidence of the
 * ended capture the seed left, then its files are stored as after any capture (the service's documents
 * ready, the client's mail). Once: a start that finds them made does nothing. Run once the job queue works.
 */
export async function finishDemoCapture(deps: Deps): Promise<void> {
  const { legalization } = deps.config;
  if (legalization.provider !== "sandbox") return;
  const capture = await findSandboxCapture(deps.db, DEMO_FULFILMENT.captureId);
  if (!capture?.reference) return;
  if (!capture.files.length)
    await storeSandboxEvidence(
      { ...deps, timings: legalization.timings, chromiumPath: legalization.chromiumPath },
      capture,
    );
  await storeSessionFiles(deps, capture.reference);
}
