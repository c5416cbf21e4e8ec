import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// docs/architecture.md is where a newcomer learns where code goes: every folder or file it names must exist,
// and every domain folder of core, the API and the web must be named there.

const REPO = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const DOC = readFileSync(path.join(REPO, "docs/architecture.md"), "utf8");

// The doc's short forms, as written in its prose, and the folder each stands for.
const SHORT_FORMS: [prefix: string, folder: string][] = [
  ["packages/", "packages/"],
  ["apps/", "apps/"],
  ["e2e/", "e2e/"],
  ["bench/", "bench/"],
  ["docs/", "docs/"],
  ["scripts/", "scripts/"],
  ["core/", "packages/core/src/"],
  ["features/", "apps/web/app/features/"],
  ["routes/v1/", "apps/api/src/routes/v1/"],
];

/** Each code span of the doc that reads as a path under one of the short forms, resolved from the repo. */
function namedPaths(): { named: string; resolved: string }[] {
  const spans = [...DOC.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] as string);
  return spans.flatMap((span) => {
    // "routes/v1/practices/{index,assignment}.ts", "schema/<x>": a pattern, not a path.
    if (/[{}<>*…|]/.test(span)) return [];
    const clean = span.replace(/[.,:;)]+$/, "").replace(/\s.*$/, "");
    const form = SHORT_FORMS.find(([prefix]) => clean.startsWith(prefix));
    return form ? [{ named: span, resolved: form[1] + clean.slice(form[0].length) }] : [];
  });
}

function folders(relative: string): string[] {
  return readdirSync(path.join(REPO, relative)).filter((name) =>
    statSync(path.join(REPO, relative, name)).isDirectory(),
  );
}

describe("docs/architecture.md", () => {
  it("names only paths that exist", () => {
    const missing = namedPaths()
      .filter(({ resolved }) => !existsSync(path.join(REPO, resolved)))
      .map(({ named }) => named);
    expect(missing).toEqual([]);
  });

  it("names every domain folder of core, the API and the web", () => {
    const mentioned = (candidates: string[]) => candidates.some((text) => DOC.includes(text));
    const unnamed = [
      ...folders("packages/core/src")
        .filter((d) => !mentioned([`packages/core/src/${d}/`, `core/${d}/`]))
        .map((d) => `packages/core/src/${d}/`),
      ...folders("apps/api/src")
        .filter((d) => !mentioned([`apps/api/src/${d}/`, `apps/api/src/${d}\``]))
        .map((d) => `apps/api/src/${d}/`),
      ...folders("apps/web/app/features")
        .filter((d) => !mentioned([`features/${d}/`, `features/${d}\``]))
        .map((d) => `apps/web/app/features/${d}/`),
    ];
    expect(unnamed).toEqual([]);
  });
});
