import { CONTENT_PAGES } from "./content-pages.ts";

/** The pages a search engine should index, in sitemap order. */
export const INDEXABLE_ROUTES: readonly string[] = [
  "/",
  "/feedback",
  "/consulenza",
  ...CONTENT_PAGES.map((page) => page.path),
];

/**
 * The app screens' frame, painted before their scripts run (issue 41): the sign-in and registration screens'
 * title, intro and links, the dashboard's greeting and intro while the session is checked. What depends on
 * the address, the tab or the person (the sign-in step, a practice to claim, the person's name and cases)
 * comes once they are hydrated. Not indexed (noindex), not kept by the service worker (network-only).
 */
export const APP_SHELL_ROUTES: readonly string[] = ["/account/login", "/account/register", "/dashboard"];

// The paths prerendered to static HTML (build/client/<path>/index.html), read by react-router.config.ts: the
// public pages, the 404 page, the app screens' frame, and the files built by resource routes (sitemap,
// robots).
export const PRERENDER_ROUTES: readonly string[] = [
  ...INDEXABLE_ROUTES,
  "/404",
  ...APP_SHELL_ROUTES,
  "/sitemap.xml",
  "/robots.txt",
];
