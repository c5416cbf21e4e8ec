import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// The layering rules of docs/architecture.md, checked over the import graph of a source tree's folders
// (Biome's cycle rule sees files, not folders). Three trees are checked: packages/core/src, apps/api/src and
// apps/web/app. Type-only imports and re-exports count: a cycle in the types is a cycle in the design.

/** The file a web feature shows the others; every other file of a feature is private to it. */
export const PUBLIC_FILE = "public.ts";

export type Edge = { from: string; to: string; fromUnit: string; toUnit: string };

/** How one tree is cut into units and what it forbids besides cycles. */
export type Layout = {
  /** The unit of a path relative to the tree's root. */
  unitOf: (relative: string) => string;
  /** Messages for the edges this tree forbids (a cycle is always forbidden). */
  forbidden: (edge: Edge) => string[];
};

const SOURCE = /\.(ts|tsx)$/;
// Tests and their helpers may reach across units (a page test renders the app's providers); the rules are
// about the product's own code.
const TEST_FILE = /\.test\.tsx?$|(^|-)test-(render|setup|helpers)\.tsx?$|test-helpers\.tsx?$/;
const SPECIFIERS = /(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']|import\s*\(?\s*["']([^"']+)["']/g;
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "node_modules" ? [] : sourceFiles(file);
    return SOURCE.test(name) && !TEST_FILE.test(name) ? [file] : [];
  });
}

/** A top-level folder is one unit; a file at the top of the tree is its own. */
function firstFolder(relative: string): string {
  return relative.split(path.sep)[0] as string;
}

/** apps/web/app: shared/<x>, shell/<x>, features/<domain>, routes, or a file at the top. */
export function webUnitOf(relative: string): string {
  const parts = relative.split(path.sep);
  if (parts.length === 1) return parts[0] as string;
  if (parts[0] === "routes") return "routes";
  return parts.slice(0, 2).join("/");
}

export const WEB: Layout = {
  unitOf: webUnitOf,
  forbidden: (edge) => {
    const fromTop = edge.fromUnit.split("/")[0];
    const toTop = edge.toUnit.split("/")[0];
    const found: string[] = [];
    if (fromTop === "shared" && (toTop === "shell" || toTop === "features")) {
      found.push(`shared imports ${toTop}: ${edge.from} -> ${edge.to}`);
    }
    if (fromTop === "features" && toTop === "features" && path.basename(edge.to) !== PUBLIC_FILE) {
      found.push(`feature imports another feature's private file: ${edge.from} -> ${edge.to}`);
    }
    return found;
  },
};

/** The folders every domain may use and that use no domain: core's shared/ and errors/. */
const CORE_BASE = new Set(["shared", "errors"]);

export const CORE: Layout = {
  unitOf: firstFolder,
  forbidden: (edge) =>
    CORE_BASE.has(edge.fromUnit) && !CORE_BASE.has(edge.toUnit)
      ? [`${edge.fromUnit} imports a domain: ${edge.from} -> ${edge.to}`]
      : [],
};

export const API: Layout = { unitOf: firstFolder, forbidden: () => [] };

function resolveImport(root: string, fromFile: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every import between two different units of root, as paths relative to root. */
export function folderEdges(root: string, unitOf: Layout["unitOf"]): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(root)) {
    const from = path.relative(root, file);
    for (const match of readFileSync(file, "utf8").matchAll(SPECIFIERS)) {
      const target = resolveImport(root, file, (match[1] ?? match[2]) as string);
      if (!target?.startsWith(root + path.sep)) continue;
      const to = path.relative(root, target);
      const fromUnit = unitOf(from);
      const toUnit = unitOf(to);
      if (fromUnit !== toUnit) edges.push({ from, to, fromUnit, toUnit });
    }
  }
  return edges;
}

/** The folder cycles of the graph, each as the units of one strongly connected component. */
export function folderCycles(edges: Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (!next.has(edge.fromUnit)) next.set(edge.fromUnit, new Set());
    next.get(edge.fromUnit)?.add(edge.toUnit);
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit) as number);
    stack.push(unit);
    onStack.add(unit);
    for (const other of next.get(unit) ?? []) {
      if (!index.has(other)) {
        visit(other);
        low.set(unit, Math.min(low.get(unit) as number, low.get(other) as number));
      } else if (onStack.has(other)) {
        low.set(unit, Math.min(low.get(unit) as number, index.get(other) as number));
      }
    }
    if (low.get(unit) === index.get(unit)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== unit);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const unit of next.keys()) if (!index.has(unit)) visit(unit);
  return cycles;
}

/** What breaks a tree's layering: folder cycles, then the edges its layout forbids. */
export function layoutViolations(root: string, layout: Layout): string[] {
  const edges = folderEdges(root, layout.unitOf);
  return [
    ...folderCycles(edges).map((units) => `folder cycle: ${units.join(" <-> ")}`),
    ...edges.flatMap(layout.forbidden),
  ];
}
