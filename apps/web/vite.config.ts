import { randomBytes } from "node:crypto";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

// The API (apps/api) listens on :3000 in development; the web dev server forwards the API and the
// embedded OpenID provider to it so the browser only ever talks to one origin.
const API_ORIGIN = "http://localhost:3000";

// One id per build. `react-router build` runs its client and prerender passes in this process, so the env
// carries the same id to both; the client compares it with /page-data/app-data.json to notice a new build.
process.env.ARGINE_BUILD_ID ??= `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
const BUILD_ID = process.env.ARGINE_BUILD_ID;

/** Writes /page-data/app-data.json (spec §7 "Page data") with the build id, next to the client assets. */
function appDataPlugin(): Plugin {
  return {
    name: "argine-app-data",
    apply: "build",
    generateBundle() {
      if (this.environment.name !== "client") return;
      this.emitFile({
        type: "asset",
        fileName: "page-data/app-data.json",
        source: `${JSON.stringify({ buildId: BUILD_ID })}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), appDataPlugin()],
  define: { __ARGINE_BUILD_ID__: JSON.stringify(BUILD_ID) },
  server: {
    proxy: {
      "/v1": { target: API_ORIGIN, changeOrigin: false },
      "/oidc": { target: API_ORIGIN, changeOrigin: false },
    },
  },
  build: {
    // No data: URIs: the CSP need not allow them, and every asset stays a separately cacheable file.
    assetsInlineLimit: 0,
  },
});
