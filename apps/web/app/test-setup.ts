import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy and waitFor wait for what the screen shows; Testing Library's 1 s was too short for the CI machine,
// three times slower than the one these tests were written on, where a page's data or a router's navigation
// came after it (practices-page.test.tsx failed there, right but late). A wrong screen still fails.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  document.documentElement.className = "";
  document.body.className = "";
});
