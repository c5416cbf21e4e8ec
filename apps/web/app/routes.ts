import { index, type RouteConfig, route } from "@react-router/dev/routes";

// Public pages listed here must also be added to app/prerender-routes.ts to get their static HTML.
export default [
  index("routes/home.tsx"),
  // The account area is client-only (not prerendered): served from __spa-fallback.html.
  route("dashboard/*", "routes/dashboard.tsx"),
  // /404 is prerendered through this splat route, so the page the server answers for any unknown path
  // hydrates against the same route it was rendered with.
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
