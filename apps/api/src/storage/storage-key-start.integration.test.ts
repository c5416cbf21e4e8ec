import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureWebBuild } from "../../test/helpers.ts";
import { freePort } from "../../test/ports.ts";
import { READY, startServer, stopServer, waitForOutput } from "../../test/server-process.ts";

// Issue 39, item 8: the server as `npm run serve` starts it. With a STORAGE_KEY that is not the one its
// stored files were encrypted with it used to say it was ready and answer 500 to every download; now the
// start stops with one sentence for the operator and exit code 1, and the right key starts.

const KEY_A = Buffer.alloc(32, 0x3a).toString("base64");
const KEY_B = Buffer.alloc(32, 0x3b).toString("base64");

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("the server's start with the disk storage", () => {
  it("refuses a STORAGE_KEY that does not open the stored files, and starts with the right one", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "argine-storage-key-"));
    folders.push(dataDir);
    const env = (storageKey: string, port: number) => ({
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIR: fixtureWebBuild(),
      STORAGE_KEY: storageKey,
    });

    // The first start stores the demo's files under key A.
    const first = startServer(env(KEY_A, await freePort()));
    try {
      await waitForOutput(first, READY);
    } finally {
      expect(await stopServer(first)).toBe(0);
    }

    const wrong = startServer(env(KEY_B, await freePort()));
    let ended: number | null | "ready";
    try {
      // Bounded: a start that goes on to be ready is the failure this test is about.
      ended = await Promise.race([
        wrong.exited,
        waitForOutput(wrong, READY, 120_000).then(
          () => "ready" as const,
          () => null,
        ),
      ]);
    } finally {
      await stopServer(wrong);
    }
    expect(ended).toBe(1);
    const said = wrong.output();
    expect(said).toContain(
      `STORAGE_KEY does not open the files in ${join(dataDir, "storage")}: it is not the key they were encrypted with; set STORAGE_KEY to that key (or, while rotating it, STORAGE_PREVIOUS_KEY), then start again (docs/runbook.md, "The storage master key (encrypted disk)").`,
    );
    // The sentence, not a stack, and never ready.
    expect(said).not.toMatch(/\n\s+at /);
    expect(said).not.toContain(READY);

    const right = startServer(env(KEY_A, await freePort()));
    try {
      await waitForOutput(right, READY);
    } finally {
      expect(await stopServer(right)).toBe(0);
    }
  }, 240_000);
});
