import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { layoutViolations } from "../scripts/folder-graph.ts";

// The layout of apps/web/app (docs/architecture.md, web part), run by `npm test`: shared imports neither the
// shell nor a feature, features meet only through their public.ts, and no two folders import each other.

const APP_DIR = path.dirname(fileURLToPath(import.meta.url));

let fixtureDir: string | null = null;

/** A small app/ in a temporary folder: file path (relative to app/) -> source. */
function fixture(files: Record<string, string>): string {
  fixtureDir = mkdtempSync(path.join(tmpdir(), "argine-layout-"));
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
    expect(layoutViolations(APP_DIR)).toEqual([]);
  });

  it("holds in a sound tree", () => {
    expect(layoutViolations(fixture(SOUND))).toEqual([]);
  });

  it("fails on a folder cycle", () => {
    const appDir = fixture({
      ...SOUND,
      "features/auth/menu.tsx": 'import { H } from "../../shell/layout/header.tsx";\nexport const M = H;\n',
    });
    expect(layoutViolations(appDir)).toEqual(["folder cycle: features/auth <-> shell/layout"]);
  });

  it("fails on a cycle through several folders, an import type and an export from included", () => {
    const appDir = fixture({
      ...SOUND,
      "shared/ui/icon.ts": 'export type { Api } from "../store/store.ts";\n',
      "shared/store/store.ts":
        'import type { X } from "~/shared/http/api-client.ts";\nexport type Api = X;\n',
    });
    expect(layoutViolations(appDir)).toEqual(["folder cycle: shared/http <-> shared/store <-> shared/ui"]);
  });

  it("fails when shared imports a feature or the shell", () => {
    const appDir = fixture({
      ...SOUND,
      "shared/store/user.ts": 'import { Login } from "~/features/auth/public.ts";\nexport const U = Login;\n',
      "shared/store/frame.ts": 'import { H } from "../../shell/layout/header.tsx";\nexport const F = H;\n',
    });
    expect(layoutViolations(appDir).sort()).toEqual([
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
    expect(layoutViolations(appDir)).toEqual([
      "feature imports another feature's private file: features/profile/profile-page.tsx -> features/auth/login-page.tsx",
      "feature imports another feature's private file: features/profile/profile-page.tsx -> features/auth/login-page.tsx",
    ]);
  });
});
