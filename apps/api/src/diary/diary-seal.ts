import { findAttachment, findVersion, sealAttachment, sealVersion } from "@argine/db/queries/diary";
import type { Deps } from "../deps.ts";
import type { JobPayloads } from "../jobs/job-queue.ts";
import { sealSessionManifest } from "../legalization/legalization-service.ts";
import type { Timestamp } from "../timestamps/timestamp-authority.ts";

// The evidence-seal job (issue 40, ADR 042): a hash written when its evidence arrived, sealed by the TSA. A
// TSA that refuses or does not answer throws, and the queue asks again later; a seal is written once (the
// queries' `seal is null`), so a job worked twice keeps the first token.

const seal = ({ response, genTime, serial }: Timestamp) => ({
  seal: response,
  sealedAt: genTime,
  sealSerial: serial,
});

export async function sealEvidence(deps: Deps, { kind, id }: JobPayloads["evidence-seal"]): Promise<void> {
  switch (kind) {
    case "diary-version": {
      const version = await findVersion(deps.db, id);
      if (!version || version.seal) return;
      await sealVersion(deps.db, id, seal(await deps.timestamps.stamp(version.sha256)));
      return;
    }
    case "diary-attachment": {
      const attachment = await findAttachment(deps.db, id);
      if (!attachment?.sha256 || attachment.seal) return;
      await sealAttachment(deps.db, id, seal(await deps.timestamps.stamp(attachment.sha256)));
      return;
    }
    case "legalization-manifest":
      await sealSessionManifest(deps, id);
  }
}
