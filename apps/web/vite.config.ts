import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// The API (apps/api) listens on :3000 in development; the web dev server forwards the API and the
// embedded OpenID provider to it so the browser only ever talks to one origin.
const API_ORIGIN = "http://localhost:3000";

export default defineConfig({
  plugins: [reactRouter()],
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
