import { defineProject } from "vitest/config";

// The "web" project of the root vitest.config.ts. The React Router Vite plugin is not used here (it does
// not run under Vitest); components are tested with @testing-library/react in happy-dom.
export default defineProject({
  define: { __ARGINE_BUILD_ID__: JSON.stringify("test-build"), __ARGINE_EARLY_LOGIN__: JSON.stringify("") },
  oxc: {
    jsx: { runtime: "automatic", importSource: "react" },
  },
  test: {
    name: "web",
    include: ["app/**/*.test.{ts,tsx}"],
    environment: "happy-dom",
    setupFiles: ["./app/test-setup.ts"],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
