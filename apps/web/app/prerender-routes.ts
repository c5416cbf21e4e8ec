import { CONTENT_PAGES } from "./content-pages.ts";

// The public paths prerendered to static HTML (build/client/<path>/index.html), read by
// react-router.config.ts: the home, the questionnaire, every Markdown page, the 404 page, and the files
// built by resource routes (sitemap, robots, manifest).
export const PRERENDER_ROUTES: readonly string[] = [
  "/",
  "/feedback",
  "/consulenza",
  ...CONTENT_PAGES.map((page) => page.path),
  "/404",
  "/sitemap.xml",
  "/robots.txt",
];

/** The pages a search engine should index, in sitemap order. */
export const INDEXABLE_ROUTES: readonly string[] = PRERENDER_ROUTES.filter(
  (path) => path !== "/404" && !path.includes("."),
);
