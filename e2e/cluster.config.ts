import { defineConfig } from "@playwright/test";
import { CLUSTER_PORTS, CLUSTER_URL } from "./cluster/env.ts";
import { SUBSET_BEHIND_NGINX } from "./cluster/subset.ts";
import main from "./playwright.config.ts";
import { SERVER_LOG } from "./server.ts";

// The journeys against the product as several processes run it (`npm run cluster`, scripts/cluster/): nginx
// round-robin in front of two API processes on one PostgreSQL database, mail through one SMTP server, files on
// one S3. A browser's requests, its live socket and the sandbox's webhook land on either process. The subset:
// sign-in and the account's mails, a checkout paid through the sandbox's webhook, uploads to S3, a takedown, the
// live conversation (two browsers, their sockets on different processes), the consultation booking, and the
// limits that must hold across the processes (cluster/limit.spec.ts). Desktop only: the phone checks pages,
// which one process serves as well as two.
export default defineConfig({
  ...main,
  testDir: ".",
  testMatch: [SUBSET_BEHIND_NGINX, /cluster\/.*\.spec\.ts$/],
  use: { ...main.use, baseURL: CLUSTER_URL },
  projects: [{ name: "desktop", use: { viewport: { width: 1280, height: 900 } }, grepInvert: /@phone/ }],
  webServer: {
    // The workers' SOCKS proxies too (client-addresses.ts), and the API processes' log where serverLog()
    // reads it (account-journeys.spec.ts checks what the server wrote).
    command: `node ../scripts/cluster/cluster.ts --port ${CLUSTER_PORTS.proxy} --client-proxies --log ${SERVER_LOG}`,
    // nginx starts last, once both API processes answer.
    url: `${CLUSTER_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    // SIGTERM, so the cluster stops its processes and removes its folder.
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    // Short-lived access tokens and 2 s authenticator codes, as in the main configuration (account-journeys.spec.ts
    // renews one; support.ts signIn types the demo staff's codes of 2 s).
    env: { ACCESS_TOKEN_TTL_SECONDS: "66", LOG_LEVEL: "info", TOTP_PERIOD_SECONDS: "2" },
    stdout: "ignore",
    stderr: "pipe",
  },
});
