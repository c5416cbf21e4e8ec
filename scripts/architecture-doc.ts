import path from "node:path";

// The vocabulary of docs/architecture.md, checked over lists of names: every domain carries one word in every
// layer, and any other folder or db file is an exception written down with its reason. Pure functions; the
// test (architecture-doc.test.ts) reads the doc and the tree and hands them in.

/** The layers a word names, each one place per word. */
export const LAYERS = ["core", "schema", "queries", "api", "routes", "web"] as const;
export type Layer = (typeof LAYERS)[number];

/** Each layer's names: folders (core, api, routes, web) or db files without `.ts` (schema, queries). */
export type Tree = Record<Layer, string[]>;

/** Where a name lives in each layer, as the repository's path. */
export const LAYER_PATH: Record<Layer, (name: string) => string> = {
  core: (name) => `packages/core/src/${name}/`,
  schema: (name) => `packages/db/src/schema/${name}.ts`,
  queries: (name) => `packages/db/src/queries/${name}.ts`,
  api: (name) => `apps/api/src/${name}/`,
  routes: (name) => `apps/api/src/routes/v1/${name}/`,
  web: (name) => `apps/web/app/features/${name}/`,
};

// The forms the doc writes a layer's path in, long and short; routes before the API, whose folder they are in.
const PATH_FORMS: [Layer, RegExp][] = [
  ["routes", /^(?:apps\/api\/src\/)?routes\/v1\/([\w-]+)\/$/],
  ["core", /^(?:packages\/core\/src|core)\/([\w-]+)\/$/],
  ["schema", /^packages\/db\/src\/schema\/([\w-]+)\.ts$/],
  ["queries", /^packages\/db\/src\/queries\/([\w-]+)\.ts$/],
  ["web", /^(?:apps\/web\/app\/)?features\/([\w-]+)\/$/],
  ["api", /^apps\/api\/src\/([\w-]+)\/$/],
];

/** The layer and name a written path stands for, or null when it is no layer's place for a name. */
export function layerOf(written: string): { layer: Layer; name: string } | null {
  for (const [layer, form] of PATH_FORMS) {
    const name = form.exec(written)?.[1];
    if (name) return { layer, name };
  }
  return null;
}

/** A word in one layer: there (✓), not there (—, or held inside another word's folder), or there soon. */
export type Mark = "yes" | "no" | "soon";

export type Vocabulary = {
  /** Each word and its mark in every layer. */
  words: Map<string, Record<Layer, Mark>>;
  /** Each written exception, as its LAYER_PATH, and its reason. */
  exceptions: Map<string, string>;
  /** The web features written down as having no public.ts, and why. */
  withoutPublicFile: Map<string, string>;
};

const HEADER = /^\|\s*word\s*\|/;
const EXCEPTIONS_HEADING = /^#+ Exceptions to the vocabulary\s*$/;
const WORD = /^[a-z][a-z0-9-]*$/;

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((cell) => cell.trim());

const unquoted = (text: string) => text.replace(/`/g, "");

/** The layer a header cell names (`packages/core/src/<word>/`…), or null for the word and its description. */
function headerLayer(cell: string): Layer | null {
  const text = unquoted(cell);
  if (text.includes("routes/v1/")) return "routes";
  if (text.includes("schema/")) return "schema";
  if (text.includes("queries/")) return "queries";
  if (text.includes("features/")) return "web";
  if (text.includes("core/")) return "core";
  if (text.includes("apps/api/src/")) return "api";
  return null;
}

function markOf(cell: string): Mark {
  if (cell === "✓") return "yes";
  return /^soon\b/.test(cell) ? "soon" : "no";
}

/** The index of the first ": " outside a code span, where an exception's reason starts. */
function reasonStart(item: string): number {
  let inCode = false;
  for (let i = 0; i < item.length - 1; i++) {
    if (item[i] === "`") inCode = !inCode;
    else if (!inCode && item[i] === ":" && item[i + 1] === " ") return i;
  }
  return -1;
}

/** The list items of the lines, each with its indented continuation lines joined. */
function listItems(lines: string[]): string[] {
  const items: string[] = [];
  for (const line of lines) {
    if (line.startsWith("- ")) items.push(line.slice(2).trim());
    else if (/^\s+\S/.test(line) && items.length > 0) items[items.length - 1] += ` ${line.trim()}`;
  }
  return items;
}

/**
 * The vocabulary as the doc writes it: the table whose header starts with "| word |" (a column per layer,
 * headed by its path, `✓` where the word's folder or file is, `soon` where a renaming will put it), and the
 * list under "Exceptions to the vocabulary": "- `path`, `path`: reason", or "- `features/x/` … no
 * `public.ts`: reason" for a web feature without one. A doc without them throws, so no check passes on
 * nothing.
 */
export function readVocabulary(markdown: string): Vocabulary {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => HEADER.test(line));
  if (start < 0) throw new Error('no vocabulary table (a header starting with "| word |")');
  const columns = cells(lines[start] as string).map(headerLayer);
  for (const layer of LAYERS) {
    if (!columns.includes(layer))
      throw new Error(`the vocabulary has no column for ${LAYER_PATH[layer]("<word>")}`);
  }

  const words = new Map<string, Record<Layer, Mark>>();
  for (const row of lines.slice(start + 1)) {
    if (!row.startsWith("|")) break;
    if (/^\|\s*-/.test(row)) continue;
    const [first = "", ...rest] = cells(row);
    const word = unquoted(first);
    if (!WORD.test(word)) throw new Error(`"${first}" is not a word of the vocabulary`);
    if (words.has(word)) throw new Error(`${word} is twice in the vocabulary`);
    const marks = Object.fromEntries(LAYERS.map((layer) => [layer, "no"])) as Record<Layer, Mark>;
    rest.forEach((cell, index) => {
      const layer = columns[index + 1];
      if (layer) marks[layer] = markOf(cell);
    });
    words.set(word, marks);
  }

  const heading = lines.findIndex((line) => EXCEPTIONS_HEADING.test(line));
  if (heading < 0) throw new Error('no "Exceptions to the vocabulary" heading');
  const end = lines.findIndex((line, index) => index > heading && line.startsWith("#"));
  const exceptions = new Map<string, string>();
  const withoutPublicFile = new Map<string, string>();
  for (const item of listItems(lines.slice(heading + 1, end < 0 ? undefined : end))) {
    const colon = reasonStart(item);
    const reason = colon < 0 ? "" : item.slice(colon + 1).trim();
    if (!reason) throw new Error(`an exception without its reason: "${item}"`);
    const head = item.slice(0, colon);
    const noPublicFile = head.includes("no `public.ts`");
    for (const [, written = ""] of head.matchAll(/`([^`]+)`/g)) {
      if (written === "public.ts") continue;
      const place = layerOf(written);
      if (!place) throw new Error(`an exception names ${written}, no layer's place for a name`);
      if (noPublicFile) {
        if (place.layer !== "web") throw new Error(`${written} is not a web feature`);
        withoutPublicFile.set(place.name, reason);
      } else {
        exceptions.set(LAYER_PATH[place.layer](place.name), reason);
      }
    }
  }
  return { words, exceptions, withoutPublicFile };
}

const singular = (name: string) => name.replace(/s$/, "");

/** The word a name looks like another spelling of (invoices for invoice, billing-data for billing), if any. */
function lookalike(name: string, words: Iterable<string>): string | undefined {
  for (const word of words) {
    if (singular(name) === singular(word)) return word;
    if (name.startsWith(`${word}-`) || word.startsWith(`${name}-`)) return word;
  }
  return undefined;
}

/**
 * What breaks the vocabulary in a tree: a folder or db file that is neither a word marked ✓ in its layer nor
 * a written exception (a domain named a second way fails here), a ✓ or an exception with nothing there, a
 * `soon` already there, an exception spelled as a word, and two words, or a word and an exception, that are
 * one name spelled singular and plural.
 */
export function vocabularyViolations(vocabulary: Vocabulary, tree: Tree): string[] {
  const { words, exceptions } = vocabulary;
  const problems: string[] = [];
  const present = new Set(LAYERS.flatMap((layer) => tree[layer].map((name) => LAYER_PATH[layer](name))));

  for (const layer of LAYERS) {
    for (const name of tree[layer]) {
      const where = LAYER_PATH[layer](name);
      const mark = words.get(name)?.[layer];
      if (mark === "yes" || (mark === undefined && exceptions.has(where))) continue;
      if (mark === "soon") problems.push(`${where} is there: mark ${name} ✓ in its column`);
      else if (mark === "no") problems.push(`${where} is the word ${name}, not marked ✓ in its column`);
      else {
        const word = lookalike(name, words.keys());
        problems.push(
          `${where} is neither a word nor a written exception${word ? ` (another name for ${word}?)` : ""}`,
        );
      }
    }
  }
  for (const [word, marks] of words) {
    for (const layer of LAYERS) {
      if (marks[layer] === "yes" && !present.has(LAYER_PATH[layer](word))) {
        problems.push(`${LAYER_PATH[layer](word)} is marked ✓ for ${word} but is not there`);
      }
    }
  }
  for (const where of exceptions.keys()) {
    if (!present.has(where)) problems.push(`${where} is a written exception but is not there`);
    const name = (layerOf(where) as { name: string }).name;
    if (words.has(name)) problems.push(`${where} is written as an exception, but ${name} is a word`);
  }
  const names = [
    ...new Set([...words.keys(), ...[...exceptions.keys()].map((where) => layerOf(where)?.name)]),
  ];
  for (const name of names) {
    if (name && names.includes(`${name}s`)) problems.push(`${name} and ${name}s: one name, two spellings`);
  }
  return problems;
}

/** The web features without a public.ts that are not written down as such, and what is written wrongly. */
export function publicFileViolations(
  vocabulary: Vocabulary,
  features: { name: string; hasPublicFile: boolean }[],
): string[] {
  const problems = features
    .filter((feature) => !feature.hasPublicFile && !vocabulary.withoutPublicFile.has(feature.name))
    .map((feature) => `${LAYER_PATH.web(feature.name)} has no public.ts, and no written reason`);
  for (const name of vocabulary.withoutPublicFile.keys()) {
    const feature = features.find((candidate) => candidate.name === name);
    if (!feature)
      problems.push(`${LAYER_PATH.web(name)} is written down without a public.ts but is not there`);
    else if (feature.hasPublicFile)
      problems.push(`${LAYER_PATH.web(name)} has a public.ts: strike it from the list`);
  }
  return problems;
}

/**
 * The comment lines of a source (line numbers from 1): whole lines opening with //, /* or *, and what
 * follows a // after code when the code's quotes are balanced, so a URL inside a string is not a comment.
 */
export function commentLines(source: string): { line: number; text: string }[] {
  return source.split("\n").flatMap((text, index) => {
    const trimmed = text.trim();
    if (/^(\/\/|\/\*|\*)/.test(trimmed)) return [{ line: index + 1, text: trimmed }];
    const at = text.search(/\s\/\/\s/);
    if (at < 0) return [];
    const code = text.slice(0, at);
    const balanced = ['"', "'", "`"].every((quote) => code.split(quote).length % 2 === 1);
    return balanced ? [{ line: index + 1, text: text.slice(at).trim() }] : [];
  });
}

const MARKDOWN_FILE = /(?:^|[\s(`"'])((?:\.{1,2}\/)*[\w/.-]*\w\.md)\b/g;
const CLIMBING_PATH = /(?:^|[\s(`"'])((?:\.\.\/)+[\w.-][\w/.-]*)/g;
const ABSOLUTE_PATH = /(?:^|[\s(`"'])(\/(?:work|home|Users|tmp|root)\/[\w/.-]*)/g;

/**
 * The citations of files outside the repository in one file's comments, once a line: a Markdown file found
 * neither beside the file nor in one of its folders up to the repository's root (a design brief kept beside
 * the checkout, a doc never written), a relative path climbing out of the repository, an absolute path of a
 * machine. A bare name ("its folder's index.md") may be any file of that name in the repository. `file` and
 * `repoFiles` are relative to the root.
 */
export function outsideCitations(file: string, source: string, repoFiles: ReadonlySet<string>): string[] {
  const dir = path.posix.dirname(file);
  const folders =
    dir === "." ? [] : dir.split("/").map((_, index, parts) => parts.slice(0, index + 1).join("/"));
  const inside = (candidate: string) => !candidate.startsWith("../") && candidate !== "..";
  const known = (written: string) => {
    if (!written.includes("/") && [...repoFiles].some((other) => other.endsWith(`/${written}`))) return true;
    return [".", ...folders]
      .map((folder) => path.posix.normalize(path.posix.join(folder, written)))
      .some((candidate) => inside(candidate) && repoFiles.has(candidate));
  };
  const found: string[] = [];
  for (const { line, text } of commentLines(source)) {
    const cited = new Set<string>();
    for (const [, written = ""] of text.matchAll(MARKDOWN_FILE)) if (!known(written)) cited.add(written);
    for (const [, written = ""] of text.matchAll(CLIMBING_PATH)) {
      if (!inside(path.posix.normalize(path.posix.join(dir, written)))) cited.add(written);
    }
    for (const [, written = ""] of text.matchAll(ABSOLUTE_PATH)) cited.add(written);
    for (const written of cited) found.push(`${file}:${line}: ${written}`);
  }
  return found;
}
