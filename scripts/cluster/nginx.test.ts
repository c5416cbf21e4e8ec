import { type ChildProcess, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../apps/api/test/ports.ts";
import { LOGGED_URI_MAP, NGINX, nginxAvailable, nginxConfig, startNginx } from "./nginx.ts";

// The proxy's access log keeps none of what the API's own log redacts: a real nginx, with the cluster's
// configuration, in front of a server that answers everything, and the log it writes read back. Where no
// nginx is installed (a developer's laptop) it is skipped; CI's machines have Debian's, for the cluster.

const REPO = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));

describe.runIf(nginxAvailable())("the cluster's nginx", () => {
  let dir = "";
  let nginx: ChildProcess | null = null;
  let upstream: Server | null = null;
  let base = "";

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "argine-nginx-test-"));
    // nginx's workers (nobody, when started as root) reach its temporary folders.
    chmodSync(dir, 0o755);
    const [port, upstreamPort] = [await freePort(), await freePort()];
    upstream = createServer((_request, response) => response.end("ok"));
    await new Promise<void>((resolve) => upstream?.listen(upstreamPort, "127.0.0.1", resolve));
    nginx = startNginx(dir, port, [upstreamPort]);
    base = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries++) {
      const up = await fetch(`${base}/readyz`).then(
        () => true,
        () => false,
      );
      if (up) break;
      if (tries > 100 || nginx.exitCode !== null) throw new Error("nginx did not start");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    nginx?.kill("SIGTERM");
    await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("passes nginx's own check of its configuration", () => {
    const conf = path.join(dir, "checked.conf");
    writeFileSync(conf, nginxConfig(dir, 1, [2, 3]));
    const check = spawnSync(NGINX, ["-t", "-p", dir, "-c", conf, "-e", "stderr"], { encoding: "utf8" });
    expect(check.stderr).toContain("test is successful");
    expect(check.status).toBe(0);
  });

  it("logs each request's path without its query string, a storage token or a ticket code", async () => {
    const requests: [method: string, path: string, logged: string][] = [
      // A receipt's link (valid for a year), the sign-in's code and state, a consultation's manage link.
      ["GET", "/v1/orders/receipt?token=RICEVUTA-segreta-1", "/v1/orders/receipt"],
      ["GET", "/callback?code=CODICE-oidc-2&state=STATO-3", "/callback"],
      ["GET", "/consulenza/gestisci?t=GESTIONE-4", "/consulenza/gestisci"],
      // The search by ticket code, then the case's own pages.
      ["GET", "/v1/practices?ticketCode=AR-PRATICA5&pageSize=1", "/v1/practices"],
      ["GET", "/dashboard/practices/case/AR-PRATICA6", "/dashboard/practices/case/[ticket]"],
      [
        "GET",
        "/dashboard/practices/case/AR-PRATICA7/add-services",
        "/dashboard/practices/case/[ticket]/add-services",
      ],
      // The disk storage's signed URLs, the token in the path, written as a client may (encoded).
      ["PUT", "/v1/storage/objects/FIRMATO-8", "/v1/storage/objects/[redacted]"],
      ["GET", "/v1/storage/objects/%46IRMATO-9/prova.pdf?download=1", "/v1/storage/objects/[redacted]"],
    ];
    for (const [method, url] of requests) expect((await fetch(`${base}${url}`, { method })).status).toBe(200);

    const log = path.join(dir, "access.log");
    const lines = () =>
      existsSync(log)
        ? readFileSync(log, "utf8")
            .split("\n")
            .filter((line) => line.includes('"'))
        : [];
    await expect.poll(() => lines().length).toBeGreaterThanOrEqual(requests.length + 1);
    const logged = lines().slice(-requests.length);
    expect(logged.map((line) => /"(\S+) (\S+)"/.exec(line)?.slice(1, 3).join(" "))).toEqual(
      requests.map(([method, , path]) => `${method} ${path}`),
    );
    const text = logged.join("\n");
    for (const secret of ["RICEVUTA", "CODICE", "STATO", "GESTIONE", "PRATICA", "FIRMATO", "?", "%46"])
      expect(text).not.toContain(secret);
    // Still there: the status, which process answered, and the request id the API's lines carry.
    for (const line of logged) expect(line).toMatch(/" 200 127\.0\.0\.1:\d+ \d+\.\d{3} [\da-f]{32}$/);
  });

  it("is the map the runbook's configuration shows", () => {
    const runbook = readFileSync(path.join(REPO, "docs/runbook.md"), "utf8");
    expect(runbook).toContain(LOGGED_URI_MAP);
  });
});
