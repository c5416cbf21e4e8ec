import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { legacyRedirect } from "@argine/core/shared/site-redirects";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SecurityHeaders } from "../http/security.ts";

/**
 * Paths the client renders on its own from the SPA fallback (spec §2; docs/architecture.md, "A request"), the
 * consultation mail link's page among them (/consulenza itself is prerendered).
 */
const CLIENT_ONLY = [
  "/dashboard",
  "/account",
  "/callback",
  "/logout",
  "/dev",
  "/newsletter",
  "/consulenza/gestisci",
];
const SPA_FALLBACK = "__spa-fallback.html";
const NOT_FOUND_PAGE = "404/index.html";

export interface WebBuild {
  dir: string;
  files: Set<string>;
  /** CSP hashes of the inline scripts each prerendered page carries, by file. */
  scriptHashes: Map<string, string[]>;
  /** The stylesheets each page links, announced in a `Link` header so they load before its scripts. */
  stylesheets: Map<string, string[]>;
}

/** Indexes the web build once at boot: only files that exist then are ever served. */
export function loadWebBuild(dir: string): WebBuild | null {
  if (!existsSync(join(dir, "index.html"))) return null;
  const files = new Set<string>();
  const scriptHashes = new Map<string, string[]>();
  const stylesheets = new Map<string, string[]>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const rel = relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/");
    files.add(rel);
    if (rel.endsWith(".html")) {
      const html = readFileSync(join(dir, rel), "utf8");
      scriptHashes.set(rel, inlineScriptHashes(html));
      stylesheets.set(rel, linkedStylesheets(html));
    }
  }
  return { dir, files, scriptHashes, stylesheets };
}

export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? "";
    if (body.trim()) hashes.push(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  return hashes;
}

export function linkedStylesheets(html: string): string[] {
  return [...html.matchAll(/<link rel="stylesheet" href="(\/assets\/[^"#]+)[^"]*"/g)].map(
    (match) => match[1] ?? "",
  );
}

type Resolved = { file: string; status: number };

export function resolveWebPath(build: WebBuild, rawPath: string): Resolved {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return { file: NOT_FOUND_PAGE, status: 404 };
  }
  const clean = path.replace(/\/+$/, "").replace(/^\/+/, "");
  if (clean.split("/").some((segment) => segment === ".." || segment === ".")) {
    return { file: NOT_FOUND_PAGE, status: 404 };
  }
  if (clean && build.files.has(clean) && clean !== SPA_FALLBACK) return { file: clean, status: 200 };
  const index = clean ? `${clean}/index.html` : "index.html";
  if (build.files.has(index) && index !== NOT_FOUND_PAGE) return { file: index, status: 200 };
  if (CLIENT_ONLY.some((p) => path === p || path.startsWith(`${p}/`)))
    return { file: SPA_FALLBACK, status: 200 };
  return { file: NOT_FOUND_PAGE, status: 404 };
}

/** Hashed assets never change; everything else (pages, `.data`, sw.js, app-data.json) is revalidated. */
function cacheControl(file: string): string {
  return file.startsWith("assets/") ? "public, max-age=31536000, immutable" : "no-cache";
}

/**
 * Answers every GET no API route took: the prerendered site, the client app, or the 404 page. `headers`: the
 * documents' security headers, whose CSP a page with inline scripts extends by their hashes.
 */
export function serveWeb(
  build: WebBuild | null,
  request: FastifyRequest,
  reply: FastifyReply,
  headers: SecurityHeaders,
) {
  if (!build) {
    return reply
      .status(503)
      .type("text/plain; charset=utf-8")
      .send("Il sito non è stato ancora compilato: esegui `npm run build`.");
  }
  const [path = "/", query] = request.url.split("?", 2);
  const canonical = legacyRedirect(path);
  if (canonical) return reply.redirect(query ? `${canonical}?${query}` : canonical, 301);
  const { file, status } = resolveWebPath(build, path);
  reply.status(status).header("cache-control", cacheControl(file));
  // The page's stylesheet is requested with the response headers, ahead of the scripts the page preloads.
  const styles = build.stylesheets.get(file);
  if (styles?.length)
    reply.header("link", styles.map((href) => `<${href}>; rel=preload; as=style`).join(", "));
  // A page may run exactly its own inline scripts: the CSP for everything else allows none.
  const hashes = build.scriptHashes.get(file);
  const csp = headers["content-security-policy"];
  if (hashes?.length && csp) {
    reply.header(
      "content-security-policy",
      csp.replace("script-src 'self'", `script-src 'self' ${hashes.join(" ")}`),
    );
  }
  return reply.sendFile(file, build.dir, { cacheControl: false });
}
