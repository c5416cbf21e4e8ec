import { CONTENT_PAGES } from "./content-pages.ts";

/** The pages a search engine should index, in sitemap order. */
export const INDEXABLE_ROUTES: readonly string[] = [
  "/",
  "/feedback",
  "/consulenza",
  ...CONTENT_PAGES.map((page) => page.path),
];

/**
 * The sign-in and registration screens' frame (title, intro, links), painted before their scripts run
 * (issue 41); what depends on the address or the tab (the sign-in step, a practice to claim) comes once they
 * are hydrated. Not indexed (noindex), not kept by the service worker (the account area is network-only).
 */
export const ACCOUNT_SHELL_ROUTES: readonly string[] = ["/account/login", "/account/register"];

// The paths prerendered to static HTML (build/client/<path>/index.html), read by react-router.config.ts: the
// public pages, the 404 page, the account screens' frame, and the files built by resource routes (sitemap,
// robots).
export const PRERENDER_ROUTES: readonly string[] = [
  ...INDEXABLE_ROUTES,
  "/404",
  ...ACCOUNT_SHELL_ROUTES,
  "/sitemap.xml",
  "/robots.txt",
];
