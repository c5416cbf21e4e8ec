import { randomBytes } from "node:crypto";
import { reactRouter } from "@react-router/dev/vite";
import { rolldown } from "rolldown";
import { defineConfig, type Plugin } from "vite";

// The API (apps/api) listens on :3000 in development; the web dev server forwards the API and the
// embedded OpenID provider to it so the browser only ever talks to one origin.
const API_ORIGIN = "http://localhost:3000";

// One id per build. `react-router build` runs its client and prerender passes in this process, so the env
// carries the same id to both; the client compares it with /page-data/app-data.json to notice a new build.
process.env.ARGINE_BUILD_ID ??= `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
const BUILD_ID = process.env.ARGINE_BUILD_ID;

const SHELL_MODULES = new RegExp(
  [
    String.raw`app[\/](config|content-pages|prerender-routes)\.ts`,
    String.raw`app[\/]shell[\/]`,
    String.raw`app[\/]shared[\/](async|http|modal|store|navigation|data-layer)[\/]`,
    String.raw`app[\/]features[\/](seo|not-found)[\/]`,
    String.raw`app[\/]features[\/]identity[\/](auth-session|auth-provider|session-user|me-queries|oidc-client|jwt)\.tsx?`,
    String.raw`app[\/]shared[\/]ui[\/](button|heading|external-link|scroll-lock|use-hydrated|breakpoints)`,
    String.raw`packages[\/]core[\/]src[\/](shared[\/](constants|transport-messages|money|site-redirects)|identity[\/](roles|auth-messages)|errors[\/]error-codes)\.ts`,
  ].join("|"),
);

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

/**
 * The login page's inline start (app/features/identity/early-login.ts), bundled on its own into one script so
 * it runs before, and without, the app's chunks. A constant of the build, the same in the prerendered HTML and
 * in the hydrating client; the API allows it by its hash like every prerendered inline script.
 */
async function earlyLoginScript(): Promise<string> {
  const bundle = await rolldown({
    input: new URL("./app/features/identity/early-login-entry.ts", import.meta.url).pathname,
    platform: "browser",
  });
  try {
    const { output } = await bundle.generate({ format: "iife", minify: true });
    return (output[0]?.code ?? "").trim();
  } finally {
    await bundle.close();
  }
}

export default defineConfig(async () => ({
  plugins: [reactRouter(), appDataPlugin()],
  define: {
    __ARGINE_BUILD_ID__: JSON.stringify(BUILD_ID),
    __ARGINE_EARLY_LOGIN__: JSON.stringify(await earlyLoginScript()),
  },
  server: {
    proxy: {
      "/v1": { target: API_ORIGIN, changeOrigin: false },
      "/oidc": { target: API_ORIGIN, changeOrigin: false },
    },
  },
  build: {
    // No data: URIs: the CSP need not allow them, and every asset stays a separately cacheable file.
    assetsInlineLimit: 0,
    // One stylesheet for the whole site (about 10 KB compressed): a page waits for one CSS request, not
    // for five queued behind its scripts.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Fewer, larger scripts: over HTTP/1.1 a page's dozens of tiny shared modules queue six at a time.
        advancedChunks: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie)[\\/]/,
            },
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]/ },
            // The shell every page runs (header, footer, session, data layer): the modules root.tsx reaches.
            // Screens' own code and the validation library stay in their routes' chunks.
            { name: "shell", test: SHELL_MODULES },
          ],
        },
      },
    },
  },
}));
