// The floor of the phone benchmark, as a bare Fastify route is the API's (bench/run.ts): the home page's own
// HTML and styles from the web build, with its scripts replaced by React, ReactDOM and React Router alone
// hydrating it (bench/floor-entry.js). Lighthouse measures it beside the real pages in the same run, so a
// target the floor itself misses on this machine is the framework's cost, not ours (ADR 044).

import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync } from "node:zlib";
import { rolldown } from "rolldown";

const ENTRY = fileURLToPath(new URL("./floor-entry.js", import.meta.url));
const TYPES: Record<string, string> = {
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".webmanifest": "application/manifest+json",
};

/** The floor's script: minified for production, as the site's build is. */
async function floorScript(): Promise<string> {
  const bundle = await rolldown({
    input: ENTRY,
    platform: "browser",
    // React Router's "use client" means nothing outside a server-components build.
    onLog: (level, log, handler) => {
      if (log.code !== "MODULE_LEVEL_DIRECTIVE") handler(level, log);
    },
    transform: { define: { "process.env.NODE_ENV": JSON.stringify("production") } },
  });
  try {
    const { output } = await bundle.generate({ format: "esm", minify: true });
    return output[0]?.code ?? "";
  } finally {
    await bundle.close();
  }
}

/**
 * The home page with every script but its structured data taken out and its body inside one element the floor
 * script hydrates: the same text, styles, fonts and pictures, so the same first paint.
 */
export function floorHtml(homeHtml: string): string {
  const withoutScripts = homeHtml.replace(
    /<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g,
    "",
  );
  const body = withoutScripts.match(/<body[^>]*>([\s\S]*)<\/body>/)?.[1];
  if (body === undefined) throw new Error("the home page has no body");
  return withoutScripts.replace(
    /<body([^>]*)>[\s\S]*<\/body>/,
    `<body$1><div id="root"><div>${body}</div></div><script type="module" src="/floor.js"></script></body>`,
  );
}

/** Serves the floor page at `/`, its script, and the web build's other files (styles, fonts, pictures). */
export async function startFloor(webDir: string): Promise<{ address: string; stop: () => Promise<void> }> {
  const files = new Map<string, Buffer>([
    ["/", brotliCompressSync(floorHtml(readFileSync(join(webDir, "index.html"), "utf8")))],
    ["/floor.js", brotliCompressSync(await floorScript())],
  ]);
  const server: Server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? "/", "http://floor").pathname);
    const type = path === "/" ? "text/html; charset=utf-8" : TYPES[extname(path)];
    let body = files.get(path);
    if (!body && type && !path.includes("..")) {
      try {
        body = brotliCompressSync(readFileSync(join(webDir, path)));
      } catch {
        body = undefined;
      }
    }
    if (!body || !type) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": type, "content-encoding": "br", "cache-control": "no-cache" });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
