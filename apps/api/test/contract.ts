import { it } from "vitest";

// What the engines' contract suites (src/storage/storage-contract.ts, src/fan-out/fan-out-contract.ts,
// src/rate-limits/rate-limit-contract.ts) share: each case runs on a fresh harness from the engine's setup,
// closed whatever the case's outcome.

/** The case maker of a contract: `name` runs `test` on a fresh harness, closed after; `skip` skips it. */
export function harnessCase<H extends { close(): Promise<void> }>(setup: () => Promise<H>) {
  return (name: string, test: (harness: H) => Promise<void>, skip = false) =>
    it.skipIf(skip)(name, async () => {
      const harness = await setup();
      try {
        await test(harness);
      } finally {
        await harness.close();
      }
    });
}
