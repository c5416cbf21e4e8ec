import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// The layout rules of apps/web/app (docs/architecture.md, web part), checked over the import graph of its
// folders: Biome's cycle rule sees files, not folders. A unit is shared/<x>, shell/<x>, features/<domain>,
// routes, or a file at the top of app/.

/** The file a feature shows the others; every other file of a feature is private to it. */
export const PUBLIC_FILE = "public.ts";

export type Edge = { from: string; to: string; fromUnit: string; toUnit: string };

const SOURCE = /\.(ts|tsx)$/;
// Tests and their helpers may reach across units (a page test renders the app's providers); the rules are
// about the app's own code.
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

/** The unit of a path relative to app/ ("features/auth/login-page.tsx" -> "features/auth"). */
export function unitOf(relative: string): string {
  const parts = relative.split(path.sep);
  if (parts.length === 1) return parts[0] as string;
  if (parts[0] === "routes") return "routes";
  return parts.slice(0, 2).join("/");
}

function resolveImport(appDir: string, fromFile: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(appDir, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every import between two different units of appDir, as paths relative to appDir. */
export function folderEdges(appDir: string): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(appDir)) {
    const from = path.relative(appDir, file);
    for (const match of readFileSync(file, "utf8").matchAll(SPECIFIERS)) {
      const target = resolveImport(appDir, file, (match[1] ?? match[2]) as string);
      if (!target || target.startsWith("..") || !target.startsWith(appDir + path.sep)) continue;
      const to = path.relative(appDir, target);
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

/** What breaks the layout: folder cycles, shared reaching up, a feature reaching into another's files. */
export function layoutViolations(appDir: string): string[] {
  const edges = folderEdges(appDir);
  const violations = folderCycles(edges).map((units) => `folder cycle: ${units.join(" <-> ")}`);
  for (const edge of edges) {
    const fromTop = edge.fromUnit.split("/")[0];
    const toTop = edge.toUnit.split("/")[0];
    if (fromTop === "shared" && (toTop === "shell" || toTop === "features")) {
      violations.push(`shared imports ${toTop}: ${edge.from} -> ${edge.to}`);
    }
    if (fromTop === "features" && toTop === "features" && path.basename(edge.to) !== PUBLIC_FILE) {
      violations.push(`feature imports another feature's private file: ${edge.from} -> ${edge.to}`);
    }
  }
  return violations;
}
