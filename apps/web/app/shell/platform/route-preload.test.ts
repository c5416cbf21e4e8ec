import { describe, expect, it } from "vitest";
import { type ManifestRoute, routeScripts } from "./route-preload.ts";

const route = (id: string, extra: Partial<ManifestRoute>): ManifestRoute => ({
  id,
  module: `/assets/${id.replace("routes/", "")}.js`,
  ...extra,
});

// The shape of the build's manifest (window.__reactRouterManifest.routes): flat, by id, with each route's
// whole list of static imports.
const ROUTES: Record<string, ManifestRoute> = {
  root: route("root", { path: "", imports: ["/assets/react.js", "/assets/shell.js"] }),
  "routes/home": route("routes/home", { parentId: "root", index: true, imports: ["/assets/react.js"] }),
  "routes/dashboard": route("routes/dashboard", {
    parentId: "root",
    path: "dashboard",
    imports: ["/assets/shell.js", "/assets/use-auth-config.js", "/assets/policy.js"],
  }),
  "routes/dashboard-home": route("routes/dashboard-home", {
    parentId: "routes/dashboard",
    index: true,
    imports: ["/assets/form-field.js", "/assets/policy.js"],
  }),
  "routes/dashboard-orders": route("routes/dashboard-orders", {
    parentId: "routes/dashboard",
    path: "orders",
    imports: ["/assets/orders.js"],
  }),
  "routes/catch-all": route("routes/catch-all", { parentId: "root", path: "*" }),
};

describe("the scripts the current address's routes need (route-preload.ts)", () => {
  it("are every matched route's module and imports, each once, and no other route's", () => {
    expect(routeScripts(ROUTES, "/dashboard")).toEqual([
      "/assets/root.js",
      "/assets/dashboard.js",
      "/assets/dashboard-home.js",
      "/assets/react.js",
      "/assets/shell.js",
      "/assets/use-auth-config.js",
      "/assets/policy.js",
      "/assets/form-field.js",
    ]);
    expect(routeScripts(ROUTES, "/dashboard/orders")).not.toContain("/assets/dashboard-home.js");
    expect(routeScripts(ROUTES, "/dashboard/orders")).toContain("/assets/orders.js");
  });

  it("follow the route table's own matching: the home page, and an unknown path's catch-all", () => {
    expect(routeScripts(ROUTES, "/")).toEqual([
      "/assets/root.js",
      "/assets/home.js",
      "/assets/react.js",
      "/assets/shell.js",
    ]);
    expect(routeScripts(ROUTES, "/nowhere")).toContain("/assets/catch-all.js");
  });

  it("leave out the routes whose modules the page brought (a prerendered page's own)", () => {
    expect(
      routeScripts(ROUTES, "/dashboard", new Set(["root", "routes/dashboard", "routes/dashboard-home"])),
    ).toEqual([]);
    expect(routeScripts(ROUTES, "/dashboard", new Set(["root"]))).toEqual([
      "/assets/dashboard.js",
      "/assets/dashboard-home.js",
      "/assets/shell.js",
      "/assets/use-auth-config.js",
      "/assets/policy.js",
      "/assets/form-field.js",
    ]);
  });
});
