import { matchRoutes, type RouteObject } from "react-router";

// The SPA fallback (the personal areas, /callback) knows only the root's scripts. React Router then imports
// the matched routes' modules, and each chunk names the next only once it has arrived: on the dashboard that was
// three or four waves of scripts one after the other, each a round trip of a phone's line, before the page
// could show (issue 41, docs/performance-phone.md, eighth pass). The build's manifest lists every module a
// route needs, so the client entry asks for all of them at once before React starts. The routes whose
// modules the page brought itself (a prerendered page's own, with their imports) are left out. The session
// check runs beside these scripts in one round trip (oidc-provider.ts); each of the two shortened alone left
// the other as long as both had been.

/** A route as the build's manifest (window.__reactRouterManifest) describes it. */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}

/**
 * The scripts of the routes matching `pathname` whose modules the page has not loaded (`loaded`, by route id:
 * a prerendered page brings its own route's modules with it), their modules first, each once.
 */
export function routeScripts(
  routes: Record<string, ManifestRoute>,
  pathname: string,
  loaded: ReadonlySet<string> = new Set(),
): string[] {
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(routes)) {
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true }
        : { id: route.id, path: route.path ?? "", children: tree(route.id) },
    );
  const matched = (matchRoutes(tree(undefined), pathname) ?? []).flatMap(({ route }) => {
    const known = route.id && !loaded.has(route.id) ? routes[route.id] : undefined;
    return known ? [known] : [];
  });
  return [
    ...new Set([...matched.map((route) => route.module), ...matched.flatMap((route) => route.imports ?? [])]),
  ];
}

/** Adds a `modulepreload` hint for each script the current address's routes need and the page lacks. */
export function preloadRouteScripts(doc: Document = document): void {
  const { __reactRouterManifest: manifest, __reactRouterRouteModules: modules } = window as {
    __reactRouterManifest?: { routes?: Record<string, ManifestRoute> };
    __reactRouterRouteModules?: Record<string, unknown>;
  };
  if (!manifest?.routes) return;
  const loaded = new Set(Object.keys(modules ?? {}));
  const present = new Set(
    [...doc.querySelectorAll('link[rel="modulepreload"], script[src]')].map(
      (element) => element.getAttribute("href") ?? element.getAttribute("src"),
    ),
  );
  for (const href of routeScripts(manifest.routes, window.location.pathname, loaded)) {
    if (present.has(href)) continue;
    const link = doc.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    doc.head.append(link);
  }
}
