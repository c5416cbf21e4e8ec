// Writes build/client/sw.js after `react-router build`: the worker in service-worker.js, preceded by this
// build's id and the list of files to precache — every prerendered public page, its `.data` file for
// client navigations, and the scripts and styles those pages load. Run by `npm run build`.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { APP_SHELL_ROUTES } from "../app/prerender-routes.ts";

const CLIENT_DIR = new URL("../build/client/", import.meta.url).pathname;
const TEMPLATE = new URL("./service-worker.js", import.meta.url).pathname;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"));
}

const files = filesUnder(CLIENT_DIR);
// Prerendered public pages, by their canonical URL; the 404 page is not a page to come back to, and the
// app screens' frame always comes from the network (the worker's NETWORK_ONLY).
const pages = files
  .filter((file) => file.endsWith("index.html") && file !== "404/index.html")
  .map((file) => `/${file.slice(0, -"index.html".length).replace(/\/$/, "")}`)
  .filter((page) => !APP_SHELL_ROUTES.includes(page));
// Page data only: resource routes (sitemap.xml, robots.txt) leave a `.data` file too, never fetched.
const data = files
  .filter((file) => /^[^.]*\.data$/.test(file) && file !== "404.data")
  .map((file) => `/${file}`);

// The assets the prerendered pages reference (entry, route chunks, styles, icons).
const assets = new Set<string>(["/favicon.svg", "/manifest-it.webmanifest"]);
for (const page of pages) {
  const html = readFileSync(join(CLIENT_DIR, page, "index.html"), "utf8");
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) assets.add(match[1] as string);
  for (const match of html.matchAll(/"(\/assets\/[^"]+\.js)"/g)) assets.add(match[1] as string);
}

const appData = JSON.parse(readFileSync(join(CLIENT_DIR, "page-data/app-data.json"), "utf8")) as {
  buildId: string;
};
const precache = [...pages, ...data, ...[...assets].sort()];
const header = `const BUILD_ID = ${JSON.stringify(appData.buildId)};\nconst PRECACHE = ${JSON.stringify(precache)};\n\n`;
writeFileSync(join(CLIENT_DIR, "sw.js"), header + readFileSync(TEMPLATE, "utf8"));
console.info(`sw.js: ${pages.length} pages, ${data.length} data files, ${assets.size} assets to precache`);
