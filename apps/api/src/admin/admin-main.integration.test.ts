import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureWebBuild } from "../../test/helpers.ts";
import { freePort } from "../../test/ports.ts";

// The server process with ADMIN_PORT: the admin server listens beside the app, answers the metrics to the
// token only, and stops with the app on SIGTERM.

const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));
const TOKEN = "9b1e4d7a2c5f8e0b3d6a9c2f5e8b1d4a";

describe("the server process with an admin port", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "argine-admin-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("serves the metrics on the admin port behind the token, and closes it on SIGTERM", async () => {
    const [port, adminPort] = [await freePort(), await freePort()];
    let output = "";
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        NODE_ENV: "development",
        LOG_LEVEL: "warn",
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIR: fixtureWebBuild(),
        ADMIN_PORT: String(adminPort),
        METRICS_TOKEN: TOKEN,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (d) => {
      output += d;
    });
    child.stderr?.on("data", (d) => {
      output += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      const deadline = Date.now() + 60_000;
      while (!output.includes("Argine è pronto")) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`never ready:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // The banner says where, never the token.
      expect(output).toContain(`http://127.0.0.1:${adminPort}/metrics`);
      expect(output).not.toContain(TOKEN);
      expect((await fetch(`http://127.0.0.1:${port}/v1/products`)).status).toBe(200);
      // Not on the public port.
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).not.toBe(200);

      const admin = `http://127.0.0.1:${adminPort}`;
      expect((await fetch(`${admin}/metrics`)).status).toBe(401);
      expect((await fetch(`${admin}/backup`, { method: "POST" })).status).toBe(401);
      const metrics = await fetch(`${admin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(
        /^argine_http_requests_total\{method="GET",route="\/v1\/products",status="200"\} 1$/m,
      );

      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      await expect(fetch(`${admin}/metrics`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 90_000);
});
