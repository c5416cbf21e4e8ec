import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { API_NODE_FLAGS, missingNodeFlags } from "./node-flags.ts";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

describe("the API's node flags (ADR 046)", () => {
  const command = `node ${API_NODE_FLAGS.join(" ")} apps/api/src/main.ts`;

  it("are written out where a launcher is not code: npm run serve and the runbook's unit", () => {
    const scripts = JSON.parse(read("../../../package.json")).scripts as Record<string, string>;
    expect(scripts.serve).toBe(`exec ${command}`);
    expect(read("../../../docs/runbook.md")).toContain(`ExecStart=/srv/argine/node_modules/.bin/${command}`);
  });

  it("are found missing from a process started without them, whether on the command line or in NODE_OPTIONS", () => {
    expect(missingNodeFlags([], "")).toEqual([...API_NODE_FLAGS]);
    expect(missingNodeFlags([...API_NODE_FLAGS], "")).toEqual([]);
    // Node takes only the first in NODE_OPTIONS; the others come on the command line.
    const [semiSpace, ...commandLineOnly] = API_NODE_FLAGS;
    expect(missingNodeFlags(commandLineOnly, ` --enable-source-maps ${semiSpace}`)).toEqual([]);
    expect(missingNodeFlags(commandLineOnly, "--enable-source-maps")).toEqual([semiSpace]);
  });
});
