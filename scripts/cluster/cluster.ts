// `npm run cluster`: the product as several processes run it, on one machine. Two API processes
// (apps/api/src/main.ts) on one fresh PostgreSQL database, behind nginx (round-robin, WebSockets passed
// through), their mails through one SMTP server that keeps them (mail-capture.ts), their files on one S3
// (s3rver). Demo mode, so the demo accounts, the payment sandbox (its webhook through the proxy) and the
// capture sandbox are there. Prints the proxy's address and runs until Ctrl-C (or SIGTERM), then stops
// everything. e2e/cluster.config.ts starts it as Playwright's web server (ready: the proxy's /readyz).
//
//   node scripts/cluster/cluster.ts [--port 3200] [--log file] [--client-proxies]
//
// Ports from --port (CLUSTER_PORT): nginx on it, the API processes on the next two, then SMTP, the captured
// mail's HTTP server and S3. The database, argine_cluster_<port> on CLUSTER_POSTGRES_URL
// (postgres://postgres@127.0.0.1:5432), is dropped and made again at each start, and left after the stop.
// --log: the API processes' log (stdout, both in one file) goes there instead of the cluster's folder.
// --client-proxies: the e2e workers' SOCKS proxies too (e2e/client-addresses.ts, from E2E_PORT = --port).

import { join } from "node:path";
import { parseArgs } from "node:util";
import { startCluster } from "./start-cluster.ts";

const { values: options } = parseArgs({
  options: {
    port: { type: "string", default: process.env.CLUSTER_PORT ?? "3200" },
    log: { type: "string" },
    "client-proxies": { type: "boolean", default: false },
  },
});

let stopped = false;
let cluster: Awaited<ReturnType<typeof startCluster>> | null = null;
async function stop(code: number): Promise<void> {
  if (stopped) return;
  stopped = true;
  await cluster?.stop();
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

try {
  cluster = await startCluster({
    port: Number(options.port),
    ...(options.log ? { log: options.log } : {}),
    clientProxies: options["client-proxies"],
    onUnexpectedExit: (name, code) => {
      process.stderr.write(`cluster: ${name} stopped (${code}): stopping everything\n`);
      void stop(1);
    },
  });
  const { publicUrl, apiPorts, databaseUrl, mailUrl, logFile, dir } = cluster;
  process.stdout.write(
    [
      "",
      `  Argine in cluster: ${publicUrl}`,
      `  nginx (round-robin) → API processes on ${apiPorts.join(" and ")}; PostgreSQL ${databaseUrl}`,
      `  Mail (SMTP) kept and shown at ${mailUrl}/dev/mailbox`,
      `  Files on S3 (s3rver) ${cluster.env.S3_ENDPOINT}/${cluster.env.S3_BUCKET}`,
      `  Demo accounts as in the README. Logs: ${logFile}, ${join(dir, "access.log")}`,
      "  Ctrl-C stops everything.",
      "",
      "",
    ].join("\n"),
  );
} catch (error) {
  process.stderr.write(`cluster: ${(error as Error)?.stack ?? String(error)}\n`);
  await stop(1);
}
