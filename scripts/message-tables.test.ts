import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// One home for the product's words: core's message catalogue (shared/messages.ts and each domain's messages
// beside its schemas), so the API and the web say the same thing and a text is changed in one place. A table
// of messages in the API or the web is the drift this test stops.

const REPO = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const TABLE =
  /^(?:export )?const ([A-Z][A-Z0-9_]*(?:MESSAGES|ERRORS|TEXTS|COPY|HERE)[A-Z0-9_]*)\s*(?::[^=]+)?=\s*\{/gm;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "node_modules" ? [] : sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

function messageTables(dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    sources(dir).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(TABLE)].map(
        (match) => `${path.relative(REPO, file)}: ${match[1]}`,
      ),
    ),
  );
}

describe("the product's messages", () => {
  it("live in core, not in a table of the API or the web", () => {
    expect(messageTables([path.join(REPO, "apps/api/src"), path.join(REPO, "apps/web/app")])).toEqual([]);
  });

  it("would be found in a table of the API", () => {
    expect(messageTables([path.join(REPO, "packages/core/src/takedown")])).toContain(
      "packages/core/src/takedown/takedown-api.ts: TAKEDOWN_ERRORS",
    );
  });
});
