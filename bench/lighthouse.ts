// Lighthouse on the public pages of the real product (bench/product.ts: the built site served by the API),
// in Lighthouse's default configuration: a mobile phone, simulated slow 4G and a 4× slower CPU. One fresh
// Chromium per page, pages one after another. Prints the four category scores, the Web Vitals and the JS
// weight against our budget, then, for every score under its target, the audits that cost points.
// Never fails on scores (a benchmark prints); fails when the server cannot start or Lighthouse cannot run.
// The raw JSON reports go to a temporary folder whose path is printed (open them at
// https://googlechrome.github.io/lighthouse/viewer/).

import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { ensureWebBuild, startProduct } from "./product.ts";

/** The pages we hold to the targets (spec: home, a service, an education page, the FAQ). */
export const LIGHTHOUSE_PAGES = ["/", "/services/takedown", "/education/stalking", "/faq"];
const SMOKE_PAGES = ["/"];

const CATEGORIES = [
  { id: "performance", label: "performance", target: 98 },
  { id: "accessibility", label: "accessibility", target: 100 },
  { id: "best-practices", label: "best practices", target: 96 },
  { id: "seo", label: "SEO", target: 100 },
] as const;
const TARGETS_LINE = "targets: performance ≥ 98, accessibility 100, SEO 100, best practices ≥ 96";
/** The page's JavaScript, gzipped, must fit in this (KB of 1 024 bytes). */
const JS_BUDGET_KB = 110;

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
/** A run that takes longer than this is stuck (Lighthouse's own page-load limit is 45 s). */
const RUN_TIMEOUT_MS = 180_000;
const NOT_SCORED = new Set(["informative", "notApplicable", "manual"]);
/** Runtime errors about the page itself (a 404, not HTML…): reported as measured, never retried. */
const PAGE_ERRORS = new Set([
  "ERRORED_DOCUMENT_REQUEST",
  "FAILED_DOCUMENT_REQUEST",
  "NOT_HTML",
  "INSECURE_DOCUMENT_REQUEST",
  "DNS_FAILURE",
  "CHROME_INTERSTITIAL_ERROR",
]);

export interface LighthouseBenchOptions {
  smoke: boolean;
  /** Overrides the page list (paths, e.g. ["/", "/feedback"]). */
  pages?: string[];
  /** Runs per page (default 1); with more, the table shows Lighthouse's median run. */
  runs?: number;
}

/** CHROME_PATH (or the e2e tests' CHROMIUM_PATH), when set, is the only candidate; else Debian's. */
function chromePath(): string {
  const fromEnv = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH;
  const candidates = fromEnv !== undefined ? [fromEnv] : ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((p) => p && existsSync(p));
  if (!found) throw new Error("no Chromium found: install Debian's chromium or set CHROME_PATH");
  return found;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
  statusCode?: number;
}

interface PageResult {
  path: string;
  /** The status the server answers the page with (fetched before Lighthouse runs). */
  status: number | null;
  seconds: number;
  lhr: Result;
  /** Bytes of JS over the wire, gzipped size of the same scripts (null when not measured). */
  jsTransfer: number | null;
  jsGzip: number | null;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function runLighthouse(url: string, executable: string): Promise<Result> {
  const chrome = await launch({ chromePath: executable, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const result = await withTimeout(
      lighthouse(url, {
        port: chrome.port,
        logLevel: "error",
        output: "json",
        onlyCategories: CATEGORIES.map((c) => c.id),
      }),
      RUN_TIMEOUT_MS,
      `Lighthouse on ${url}`,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

function networkRequests(lhr: Result): NetworkRequest[] {
  const details = lhr.audits["network-requests"]?.details;
  return details && "items" in details ? (details.items as unknown as NetworkRequest[]) : [];
}

/** Transferred JS from resource-summary (network-requests as a fallback) and its gzip size, fetched again. */
async function jsWeight(lhr: Result): Promise<{ jsTransfer: number; jsGzip: number | null }> {
  const scripts = networkRequests(lhr).filter((r) => r.resourceType === "Script");
  const summary = lhr.audits["resource-summary"]?.details;
  const summaryItems =
    summary && "items" in summary
      ? (summary.items as unknown as { resourceType: string; transferSize: number }[])
      : [];
  const fromSummary = summaryItems.find((i) => i.resourceType === "script")?.transferSize;
  const jsTransfer = fromSummary ?? scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  // The budget is on gzipped bytes: what a compressing server or CDN would send, whatever ours does.
  let jsGzip = 0;
  for (const { url } of scripts) {
    const res = await fetch(url).catch(() => null);
    if (!res?.ok) return { jsTransfer, jsGzip: null };
    jsGzip += gzipSync(Buffer.from(await res.arrayBuffer())).length;
  }
  return { jsTransfer, jsGzip };
}

/** One Lighthouse run on the page, retried once when Lighthouse, not the page, went wrong. */
async function runOnce(url: string, path: string, executable: string): Promise<Result> {
  // A Chromium that did not start, a protocol hiccup or a broken trace (NO_NAVSTART, NO_FCP…) on a busy
  // machine: Lighthouse itself asks to "run Lighthouse again" for those.
  let lhr: Result;
  try {
    lhr = await runLighthouse(url, executable);
  } catch (error) {
    console.warn(`  ${path}: ${String(error)}; retrying once`);
    lhr = await runLighthouse(url, executable);
  }
  const code = lhr.runtimeError?.code;
  if (code && !PAGE_ERRORS.has(code)) {
    console.warn(`  ${path}: Lighthouse runtime error ${code}; retrying once`);
    lhr = await runLighthouse(url, executable);
  }
  return lhr;
}

async function measure(
  base: string,
  path: string,
  executable: string,
  runs: number,
): Promise<PageResult & { all: Result[] }> {
  const started = performance.now();
  const url = `${base}${path}`;
  const status = await fetch(url, { redirect: "manual" }).then(
    (res) => res.status,
    () => null,
  );
  const all: Result[] = [];
  for (let i = 0; i < runs; i++) all.push(await runOnce(url, path, executable));
  // Several runs: Lighthouse's own pick, the run closest to the median FCP and TTI (Lighthouse's advice on
  // variability; docs/architecture.md, "Benchmarks").
  const valid = filterToValidRuns(all);
  const lhr = valid.length ? computeMedianRun(valid) : (all.at(-1) as Result);
  const weight = lhr.runtimeError ? { jsTransfer: null, jsGzip: null } : await jsWeight(lhr);
  return { path, status, seconds: (performance.now() - started) / 1000, lhr, all, ...weight };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const score = (lhr: Result, id: string) => {
  const s = lhr.categories[id]?.score;
  return s === null || s === undefined ? null : Math.round(s * 100);
};
const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue;

function table(results: PageResult[]): string {
  const header = [
    "page",
    "HTTP",
    "perf",
    "a11y",
    "best pr.",
    "SEO",
    "FCP",
    "LCP",
    "TBT",
    "CLS",
    "JS KB",
    "JS gzip KB",
    `JS/${JS_BUDGET_KB} KB`,
  ];
  const rows = results.map(({ path, status, lhr, jsTransfer, jsGzip }) => {
    const ms = (id: string, unit: "s" | "ms") => {
      const v = metric(lhr, id);
      if (v === undefined) return "–";
      return unit === "s" ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`;
    };
    const cls = metric(lhr, "cumulative-layout-shift");
    return [
      path,
      status === null ? "–" : String(status),
      ...CATEGORIES.map((c) => String(score(lhr, c.id) ?? "–")),
      ms("first-contentful-paint", "s"),
      ms("largest-contentful-paint", "s"),
      ms("total-blocking-time", "ms"),
      cls === undefined ? "–" : cls.toFixed(3),
      jsTransfer === null ? "–" : kb(jsTransfer),
      jsGzip === null ? "–" : kb(jsGzip),
      jsGzip === null ? "–" : (jsGzip / 1024 / JS_BUDGET_KB).toFixed(2),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}

/** The audits costing points in each category under its target, heaviest first. */
function failingAudits(result: PageResult): string[] {
  const { lhr, path } = result;
  const lines: string[] = [];
  for (const category of CATEGORIES) {
    const value = score(lhr, category.id);
    if (value === null || value >= category.target) continue;
    const refs = lhr.categories[category.id]?.auditRefs ?? [];
    const failing = refs
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(
        ({ audit }) =>
          audit && audit.score !== null && audit.score < 1 && !NOT_SCORED.has(audit.scoreDisplayMode),
      )
      .sort((a, b) => b.ref.weight - a.ref.weight || (a.audit?.score ?? 0) - (b.audit?.score ?? 0));
    lines.push(`${path} ${category.label} ${value} < ${category.target}:`);
    for (const { ref, audit } of failing) {
      if (!audit) continue;
      const shown = audit.displayValue ? ` (${audit.displayValue})` : "";
      lines.push(
        `  ${audit.id}  [score ${audit.score?.toFixed(2)}, weight ${ref.weight}]  ${audit.title}${shown}`,
      );
    }
    if (!failing.length) lines.push("  (no single failing audit: see the report)");
  }
  return lines;
}

export async function lighthouseBench({ smoke, pages, runs = 1 }: LighthouseBenchOptions): Promise<void> {
  const list = pages ?? (smoke ? SMOKE_PAGES : LIGHTHOUSE_PAGES);
  const times = runs > 1 ? `; ${runs} runs per page, median run shown` : "";
  console.info(`\nLighthouse (mobile, simulated throttling${times}): ${list.join(", ")}`);
  const started = performance.now();
  const executable = chromePath();
  const webDir = await ensureWebBuild();
  const booting = performance.now();
  const product = await startProduct(webDir);
  const reports = mkdtempSync(join(tmpdir(), "argine-lighthouse-"));
  console.info(
    `server: ${product.address}, ready in ${((performance.now() - booting) / 1000).toFixed(0)} s; ` +
      `Chromium: ${executable}; reports: ${reports}`,
  );
  const results: PageResult[] = [];
  const failures: string[] = [];
  try {
    for (const path of list) {
      try {
        const result = await measure(product.address, path, executable, runs);
        const name = path === "/" ? "home" : path.slice(1).replace(/[^a-z0-9]+/gi, "-");
        writeFileSync(join(reports, `${name}.json`), JSON.stringify(result.lhr, null, 2));
        if (runs > 1) {
          result.all.forEach((lhr, i) => {
            writeFileSync(join(reports, `${name}.run-${i + 1}.json`), JSON.stringify(lhr, null, 2));
          });
        }
        results.push(result);
        const spread =
          runs > 1
            ? `; performance per run: ${result.all.map((r) => score(r, "performance") ?? "–").join(", ")}`
            : "";
        console.info(`  ${path}: ${result.seconds.toFixed(0)} s${spread}`);
      } catch (error) {
        failures.push(`${path}: ${String(error)}`);
        console.error(`  ${path}: Lighthouse could not run: ${String(error)}`);
      }
    }
  } finally {
    await product.stop();
  }

  if (results.length) {
    console.info(`\n${table(results)}`);
    console.info(TARGETS_LINE);
    console.info(
      "JS KB: transferred scripts (Lighthouse resource-summary); JS gzip KB: the same scripts gzipped, " +
        `against the ${JS_BUDGET_KB} KB budget.`,
    );
  }
  for (const { path, lhr } of results) {
    if (lhr.runtimeError)
      console.info(`${path}: not measured: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    for (const warning of lhr.runWarnings.filter((w) => w !== lhr.runtimeError?.message))
      console.info(`${path}: warning: ${warning}`);
  }
  const failing = results.flatMap(failingAudits);
  if (failing.length) {
    console.info(
      "\nAudits costing points (score < 1; weight 0 = a diagnostic or insight: no points by itself, but " +
        `it names what slows the weighted metrics):\n${failing.join("\n")}`,
    );
  }
  const indexes = results.map((r) => r.lhr.environment.benchmarkIndex);
  // Simulated throttling scales the CPU time it measures: a busy machine lowers TBT and performance.
  const busy = indexes.some((i) => i < 1000)
    ? " (under 1 000: the machine was busy, performance reads low)"
    : "";
  console.info(
    `\nreports: ${reports}\nhost CPU benchmark index per page: ${indexes.map((i) => i.toFixed(0)).join(", ")}` +
      `${busy}; total ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  if (failures.length) throw new Error(`Lighthouse could not run:\n${failures.join("\n")}`);
}
