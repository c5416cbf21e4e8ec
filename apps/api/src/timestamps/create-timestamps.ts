import type { Clock } from "../clock.ts";
import type { TimestampsConfig } from "../config.ts";
import { createHttpTsa } from "./http-tsa.ts";
import { loadLocalTsa } from "./local-tsa.ts";
import type { TimestampAuthority } from "./timestamp-authority.ts";

/**
 * The TSA the configuration names (ADR 042): a real one by URL, or the embedded local TSA, made in its folder
 * at its first use (a process that never seals writes nothing there), once per process however many seals
 * ask for it at the same moment.
 */
export function createTimestampAuthority(config: TimestampsConfig, clock: Clock): TimestampAuthority {
  if (config.engine === "remote") return createHttpTsa(config);
  let local: ReturnType<typeof loadLocalTsa> | null = null;
  const authority = () => {
    local ??= loadLocalTsa(config.dir, clock).catch((error: unknown) => {
      local = null; // a disk full at the first use is tried again at the next
      throw error;
    });
    return local.then((tsa) => tsa.authority);
  };
  return {
    stamp: async (sha256Hex) => (await authority()).stamp(sha256Hex),
    chain: async () => (await authority()).chain(),
  };
}
