import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  commentLines,
  LAYERS,
  layerOf,
  outsideCitations,
  publicFileViolations,
  readVocabulary,
  type Tree,
  vocabularyViolations,
} from "./architecture-doc.ts";

// docs/architecture.md is where a newcomer learns where code goes: every path it names must exist, every
// domain carries the one word its vocabulary gives it in every layer, and whatever else has a folder or a db
// file is an exception written down there with its reason. Comments cite the repository's own files.

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

const isDir = (relative: string) => statSync(path.join(REPO, relative)).isDirectory();

function folders(relative: string): string[] {
  return readdirSync(path.join(REPO, relative)).filter((name) => isDir(path.join(relative, name)));
}

/** A db folder's modules, by name: its .ts files but the tests. */
function modules(relative: string): string[] {
  return readdirSync(path.join(REPO, relative))
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
    .map((name) => name.slice(0, -".ts".length));
}

const TREE: Tree = {
  core: folders("packages/core/src"),
  schema: modules("packages/db/src/schema"),
  queries: modules("packages/db/src/queries"),
  api: folders("apps/api/src"),
  routes: folders("apps/api/src/routes/v1"),
  web: folders("apps/web/app/features"),
};

const FEATURES = TREE.web.map((name) => ({
  name,
  hasPublicFile: existsSync(path.join(REPO, "apps/web/app/features", name, "public.ts")),
}));

// The code whose comments are read: every source and stylesheet of these folders, generated and installed
// files aside.
const CODE_ROOTS = ["packages", "apps", "scripts", "e2e", "bench"];
const SKIPPED = new Set([".git", "node_modules", "build", "dist", "data", ".react-router", "migrations"]);
const CODE = /\.(ts|tsx|js|mjs|cjs|css)$/;

/** The files under a folder, relative to the root, generated and installed ones aside. */
function filesUnder(relative: string): string[] {
  return readdirSync(path.join(REPO, relative)).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const file = path.join(relative, name);
    return isDir(file) ? filesUnder(file) : [path.normalize(file).split(path.sep).join("/")];
  });
}

describe("docs/architecture.md", () => {
  it("names only paths that exist", () => {
    const missing = namedPaths()
      .filter(({ resolved }) => !existsSync(path.join(REPO, resolved)))
      .map(({ named }) => named);
    expect(missing).toEqual([]);
  });

  it("has a vocabulary: words in every layer, and exceptions with their reasons", () => {
    const { words, exceptions } = readVocabulary(DOC);
    expect(words.size).toBeGreaterThan(15);
    expect(exceptions.size).toBeGreaterThan(10);
    for (const layer of LAYERS) {
      expect([...words.values()].filter((marks) => marks[layer] === "yes").length).toBeGreaterThan(3);
    }
  });

  it("gives every folder of core, the API, routes/v1 and the web's features, and every db file, one word or a written exception", () => {
    expect(vocabularyViolations(readVocabulary(DOC), TREE)).toEqual([]);
  });

  it("gives every web feature a public.ts, or writes down why not", () => {
    expect(publicFileViolations(readVocabulary(DOC), FEATURES)).toEqual([]);
  });
});

describe("code comments", () => {
  it("cite only files inside the repository", () => {
    const repoFiles = new Set(filesUnder("."));
    const files = CODE_ROOTS.flatMap(filesUnder).filter((file) => CODE.test(file));
    expect(files.length).toBeGreaterThan(500);
    const outside = files.flatMap((file) =>
      outsideCitations(file, readFileSync(path.join(REPO, file), "utf8"), repoFiles),
    );
    expect(outside).toEqual([]);
  });

  it("are told apart from code, a URL in a string being no comment", () => {
    const source = [
      "// one",
      "/**",
      " * two",
      " */",
      'const url = "http://example.org/x.md"; // three',
      'const other = "a // b";',
    ].join("\n");
    expect(commentLines(source).map(({ text }) => text)).toEqual([
      "// one",
      "/**",
      "* two",
      "*/",
      "// three",
    ]);
  });

  it("would be found citing a design file, a file above the repository or a machine's path", () => {
    const repoFiles = new Set([
      "docs/architecture.md",
      "packages/core/src/shared/messages.ts",
      "apps/web/content/index.md",
    ]);
    const source = [
      "// The audit log (DESIGN.md §6), the contract (../../../../../shared/legal/contract.md).",
      "// Our own docs: docs/architecture.md, ../shared/messages.ts beside this folder, a folder's index.md.",
      " * read from /work/shared/spec/notes.txt",
    ].join("\n");
    expect(outsideCitations("packages/core/src/feedback/rules.ts", source, repoFiles)).toEqual([
      "packages/core/src/feedback/rules.ts:1: DESIGN.md",
      "packages/core/src/feedback/rules.ts:1: ../../../../../shared/legal/contract.md",
      "packages/core/src/feedback/rules.ts:3: /work/shared/spec/notes.txt",
    ]);
  });
});

// A small doc and tree that keep every rule; the broken ones below each change one thing.
const FAKE_DOC = [
  "| word | `core/<word>/` | `packages/db/src/schema/<word>.ts` | `packages/db/src/queries/<word>.ts` | `apps/api/src/<word>/` | `routes/v1/<word>/` | `features/<word>/` | what |",
  "| --- | --- | --- | --- | --- | --- | --- | --- |",
  "| `billing` | ✓ | ✓ | ✓ | in `users` | — | — | the billing data |",
  "| `invoice` | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | the money documents |",
  "| `users` | — | — | ✓ | ✓ | ✓ | ✓ | the accounts |",
  "| `support` | soon | — | ✓ | — | — | ✓ | the support chat |",
  "",
  "### Exceptions to the vocabulary",
  "",
  "- `apps/api/src/http/`, `core/shared/`: infrastructure, no domain.",
  "- `core/chat/`: being renamed to support.",
  "- `features/home/`: a screen, not a domain.",
  "- `features/home/` has no `public.ts`: only its route imports it.",
  "",
  "## Next",
].join("\n");

const SOUND: Tree = {
  core: ["billing", "invoice", "shared", "chat"],
  schema: ["billing", "invoice"],
  queries: ["billing", "invoice", "users", "support"],
  api: ["invoice", "users", "http"],
  routes: ["invoice", "users"],
  web: ["invoice", "users", "support", "home"],
};

const withNames = (layer: keyof Tree, ...names: string[]): Tree => ({
  ...SOUND,
  [layer]: [...SOUND[layer], ...names],
});
const without = (layer: keyof Tree, name: string): Tree => ({
  ...SOUND,
  [layer]: SOUND[layer].filter((other) => other !== name),
});

describe("the vocabulary check", () => {
  const fake = readVocabulary(FAKE_DOC);

  it("reads the words' marks per layer and the exceptions with their reasons", () => {
    expect([...fake.words.keys()]).toEqual(["billing", "invoice", "users", "support"]);
    expect(fake.words.get("billing")).toEqual({
      core: "yes",
      schema: "yes",
      queries: "yes",
      api: "no",
      routes: "no",
      web: "no",
    });
    expect(fake.words.get("support")?.core).toBe("soon");
    expect([...fake.exceptions.keys()]).toEqual([
      "apps/api/src/http/",
      "packages/core/src/shared/",
      "packages/core/src/chat/",
      "apps/web/app/features/home/",
    ]);
    expect([...fake.withoutPublicFile]).toEqual([["home", "only its route imports it."]]);
    expect(layerOf("apps/api/src/routes/v1/users/")).toEqual({ layer: "routes", name: "users" });
    expect(layerOf("apps/api/src/routes/")).toEqual({ layer: "api", name: "routes" });
  });

  it("refuses a doc without a vocabulary, or an exception without its reason", () => {
    expect(() => readVocabulary("# Architecture\n")).toThrow("no vocabulary table");
    expect(() => readVocabulary(FAKE_DOC.replace(": a screen, not a domain.", ""))).toThrow(
      "without its reason",
    );
  });

  it("holds in a sound tree", () => {
    expect(vocabularyViolations(fake, SOUND)).toEqual([]);
    expect(
      publicFileViolations(fake, [
        { name: "home", hasPublicFile: false },
        { name: "users", hasPublicFile: true },
      ]),
    ).toEqual([]);
  });

  it("fails on a domain named two ways", () => {
    expect(vocabularyViolations(fake, withNames("api", "billing-data"))).toEqual([
      "apps/api/src/billing-data/ is neither a word nor a written exception (another name for billing?)",
    ]);
    expect(vocabularyViolations(fake, withNames("web", "invoices"))).toEqual([
      "apps/web/app/features/invoices/ is neither a word nor a written exception (another name for invoice?)",
    ]);
  });

  it("fails on a word written in two spellings, or as an exception", () => {
    const twice = readVocabulary(
      FAKE_DOC.replace("| `users` |", "| `invoices` | — | — | — | — | — | — | x |\n| `users` |"),
    );
    expect(vocabularyViolations(twice, SOUND)).toEqual(["invoice and invoices: one name, two spellings"]);
    const excepted = readVocabulary(FAKE_DOC.replace("`apps/api/src/http/`", "`apps/api/src/users/`"));
    expect(vocabularyViolations(excepted, SOUND)).toContain(
      "apps/api/src/users/ is written as an exception, but users is a word",
    );
  });

  it("fails when the table and the tree disagree", () => {
    expect(vocabularyViolations(fake, without("routes", "invoice"))).toEqual([
      "apps/api/src/routes/v1/invoice/ is marked ✓ for invoice but is not there",
    ]);
    expect(vocabularyViolations(fake, withNames("routes", "billing"))).toEqual([
      "apps/api/src/routes/v1/billing/ is the word billing, not marked ✓ in its column",
    ]);
    expect(vocabularyViolations(fake, withNames("core", "support"))).toEqual([
      "packages/core/src/support/ is there: mark support ✓ in its column",
    ]);
    expect(vocabularyViolations(fake, without("core", "chat"))).toEqual([
      "packages/core/src/chat/ is a written exception but is not there",
    ]);
  });

  it("fails on a web feature without a public.ts nobody wrote down", () => {
    expect(
      publicFileViolations(fake, [
        { name: "home", hasPublicFile: true },
        { name: "users", hasPublicFile: false },
      ]),
    ).toEqual([
      "apps/web/app/features/users/ has no public.ts, and no written reason",
      "apps/web/app/features/home/ has a public.ts: strike it from the list",
    ]);
  });
});
