import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The integration tests run file after file in one module graph a worker (vitest.config.ts, isolate: false):
// a module mocked in one file would still be mocked, or already loaded unmocked, in the next. A failure to
// show is made real instead (a database trigger, a stand-in passed to the server), never with vi.mock.

const REPO = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const MODULE_MOCK = /\bvi\.(?:mock|doMock|unmock|doUnmock|resetModules)\s*\(/g;

const mocksIn = (source: string) => [...source.matchAll(MODULE_MOCK)].map((match) => match[0]);

describe("the integration tests", () => {
  it("mock no module", () => {
    const files = execFileSync("git", ["ls-files", "*.integration.test.ts"], { cwd: REPO, encoding: "utf8" })
      .split("\n")
      .filter(Boolean);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      mocksIn(readFileSync(path.join(REPO, file), "utf8")).map((mock) => `${file}: ${mock}`),
    );
    expect(found).toEqual([]);
  });

  it("would be found mocking one", () => {
    expect(mocksIn(`vi.mock("@argine/db/queries/audit", async () => ({}));\nvi.doMock ("x");`)).toEqual([
      "vi.mock(",
      "vi.doMock (",
    ]);
  });
});
