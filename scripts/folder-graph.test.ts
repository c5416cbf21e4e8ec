import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { API, CORE, layoutViolations, WEB } from "./folder-graph.ts";

// The layering of docs/architecture.md, run by `npm test` over the three trees: no two folders import each
// other, even indirectly or only for a type; core's shared/ and errors/ use no domain; the web's shared
// imports neither the shell nor a feature, and features meet only through their public.ts.

const REPO = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const APP_DIR = path.join(REPO, "apps/web/app");

let fixtureDir: string | null = null;

/** A small app/ in a temporary folder: file path (relative to app/) -> source. */
function fixture(files: Record<string, string>): string {
  fixtureDir = mkdtempSync(path.join(tmpdir(), "argine-layering-"));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(fixtureDir, file)), { recursive: true });
    writeFileSync(path.join(fixtureDir, file), source);
  }
  return fixtureDir;
}

afterEach(() => {
  if (fixtureDir) rmSync(fixtureDir, { recursive: true, force: true });
  fixtureDir = null;
});

// A tree that keeps every rule: the broken trees below each add one wrong file to it.
const SOUND = {
  "config.ts": "export const config = {};\n",
  "shared/ui/button.tsx": 'import { config } from "../../config.ts";\nexport const Button = config;\n',
  "shared/http/api-client.ts":
    'import { Button } from "~/shared/ui/button.tsx";\nexport const api = Button;\n',
  "features/auth/login-page.tsx":
    'import { api } from "../../shared/http/api-client.ts";\nexport const Login = api;\n',
  "features/auth/public.ts": 'export { Login } from "./login-page.tsx";\n',
  "features/practices/case-page.tsx": [
    'import { Login } from "../auth/public.ts";',
    'const lazy = () => import("~/features/auth/public.ts");',
    "export const Case = [Login, lazy];",
    "",
  ].join("\n"),
  "shell/layout/header.tsx":
    'import { Login } from "../../features/auth/login-page.tsx";\nexport const H = Login;\n',
  "routes/home.tsx": 'import { H } from "../shell/layout/header.tsx";\nexport default H;\n',
  "features/auth/login-page.test.tsx": 'import "../../shell/layout/header.tsx";\n',
};

describe("the layout of apps/web/app", () => {
  it("holds in the app", () => {
    expect(layoutViolations(APP_DIR, WEB)).toEqual([]);
  });

  it("holds in a sound tree", () => {
    expect(layoutViolations(fixture(SOUND), WEB)).toEqual([]);
  });

  it("fails on a folder cycle", () => {
    const appDir = fixture({
      ...SOUND,
      "features/auth/menu.tsx": 'import { H } from "../../shell/layout/header.tsx";\nexport const M = H;\n',
    });
    expect(layoutViolations(appDir, WEB)).toEqual(["folder cycle: features/auth <-> shell/layout"]);
  });

  it("fails on a cycle through several folders, an import type and an export from included", () => {
    const appDir = fixture({
      ...SOUND,
      "shared/ui/icon.ts": 'export type { Api } from "../store/store.ts";\n',
      "shared/store/store.ts":
        'import type { X } from "~/shared/http/api-client.ts";\nexport type Api = X;\n',
    });
    expect(layoutViolations(appDir, WEB)).toEqual([
      "folder cycle: shared/http <-> shared/store <-> shared/ui",
    ]);
  });

  it("fails when shared imports a feature or the shell", () => {
    const appDir = fixture({
      ...SOUND,
      "shared/store/user.ts": 'import { Login } from "~/features/auth/public.ts";\nexport const U = Login;\n',
      "shared/store/frame.ts": 'import { H } from "../../shell/layout/header.tsx";\nexport const F = H;\n',
    });
    expect(layoutViolations(appDir, WEB).sort()).toEqual([
      "shared imports features: shared/store/user.ts -> features/auth/public.ts",
      "shared imports shell: shared/store/frame.ts -> shell/layout/header.tsx",
    ]);
  });

  it("fails when a feature imports another feature's private file, lazily or not", () => {
    const appDir = fixture({
      ...SOUND,
      "features/profile/profile-page.tsx": [
        'import { Login } from "../auth/login-page.tsx";',
        'const later = () => import("~/features/auth/login-page.tsx");',
        "export const P = [Login, later];",
        "",
      ].join("\n"),
    });
    expect(layoutViolations(appDir, WEB)).toEqual([
      "feature imports another feature's private file: features/profile/profile-page.tsx -> features/auth/login-page.tsx",
      "feature imports another feature's private file: features/profile/profile-page.tsx -> features/auth/login-page.tsx",
    ]);
  });
});

// Core: domains over shared/ and errors/; the graph of its domains has no cycle.
const CORE_SOUND = {
  "shared/messages.ts": "export const MESSAGES = {};\n",
  "errors/app-error.ts": 'import { MESSAGES } from "../shared/messages.ts";\nexport const E = MESSAGES;\n',
  "identity/roles.ts": 'import { E } from "../errors/app-error.ts";\nexport const R = E;\n',
  "practices/policy.ts": 'import { R } from "../identity/roles.ts";\nexport const P = R;\n',
  "identity/roles.test.ts": 'import "../practices/policy.ts";\n',
};

describe("the layering of packages/core/src", () => {
  it("holds in core", () => {
    expect(layoutViolations(path.join(REPO, "packages/core/src"), CORE)).toEqual([]);
  });

  it("holds in a sound tree, a test reaching up aside", () => {
    expect(layoutViolations(fixture(CORE_SOUND), CORE)).toEqual([]);
  });

  it("fails on a cycle between domains, even through a type", () => {
    const root = fixture({
      ...CORE_SOUND,
      "identity/profile.ts": 'import type { P } from "../practices/policy.ts";\nexport type Q = typeof P;\n',
    });
    expect(layoutViolations(root, CORE)).toEqual(["folder cycle: identity <-> practices"]);
  });

  it("fails when shared/ uses a domain", () => {
    const root = fixture({
      ...CORE_SOUND,
      "outreach/labels.ts": "export const L = {};\n",
      "shared/dates.ts": 'export { L } from "../outreach/labels.ts";\n',
    });
    expect(layoutViolations(root, CORE)).toEqual([
      "shared imports a domain: shared/dates.ts -> outreach/labels.ts",
    ]);
  });
});

// The API: a top-level file (adapters.ts, app.ts) is a unit like a folder, so a port importing a type from
// adapters.ts while adapters.ts builds that port is a cycle.
const API_SOUND = {
  "http/csp.ts": "export type CspSources = string[];\n",
  "storage/storage.ts": 'import type { CspSources } from "../http/csp.ts";\nexport type S = CspSources;\n',
  "adapters.ts": 'import type { S } from "./storage/storage.ts";\nexport type A = S;\n',
};

describe("the layering of apps/api/src", () => {
  it("holds in the API", () => {
    expect(layoutViolations(path.join(REPO, "apps/api/src"), API)).toEqual([]);
  });

  it("holds in a sound tree", () => {
    expect(layoutViolations(fixture(API_SOUND), API)).toEqual([]);
  });

  it("fails on a cycle through a top-level file, type-only", () => {
    const root = fixture({
      ...API_SOUND,
      "storage/disk.ts": 'import type { A } from "../adapters.ts";\nexport type D = A;\n',
    });
    expect(layoutViolations(root, API)).toEqual(["folder cycle: adapters.ts <-> storage"]);
  });
});
