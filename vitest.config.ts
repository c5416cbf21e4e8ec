import { defineConfig } from "vitest/config";

// Unit tests: pure, no I/O. Integration tests: a database or a server is touched (PGlite in memory, and
// PostgreSQL too when TEST_DATABASE_URL is set). Browser tests live in e2e/ and run under Playwright.
export default defineConfig({
  test: {
    projects: [
      {
        extends: false,
        test: {
          name: "unit",
          include: ["packages/**/*.test.ts", "apps/api/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/node_modules/**", "**/*.integration.test.ts"],
          environment: "node",
        },
      },
      "apps/web/vitest.config.ts",
      {
        extends: false,
        test: {
          name: "integration",
          include: ["packages/**/*.integration.test.ts", "apps/**/*.integration.test.ts"],
          exclude: ["**/node_modules/**"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One PGlite per file is ~100 MB; two at a time fit the 2-core machine. Runs after the others.
          maxWorkers: 2,
          // One worker runs file after file in one module graph: the server's dependencies (oidc-provider,
          // pg-boss, PGlite, Fastify) load once a worker, not once a file (about 200 s of imports on CI). Each
          // file starts servers and databases of its own; none mocks a module (a mock would leak to the next).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
