import { createServer, type Server } from "node:http";
import { groupCardNumber, SANDBOX_TEST_CARDS, sandboxCardOutcome } from "@argine/core/payments/sandbox-api";
import { openDb } from "@argine/db/client";
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_SHOP,
  DEMO_TOTP_SECRET,
  seedCatalogue,
  seedDemo,
  seedDemoFiles,
} from "@argine/db/seed";
import { hash } from "@node-rs/argon2";
import type { FastifyInstance } from "fastify";
import { startAdminServer } from "./admin/admin-server.ts";
import { buildApp } from "./app.ts";
import { backupRoutes } from "./backup/backup-routes.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { sealSecret } from "./identity/second-factor.ts";
import { finishDemoCapture } from "./legalization/demo-capture.ts";
import type { Readiness } from "./routes/health.ts";
import { storeDemoFile } from "./services/demo-files.ts";

/**
 * The probes, until the app itself listens (migrations can take a while, the demo is seeded): liveness says
 * the process is alive, so an orchestrator does not restart it mid-migration; readiness says it is starting,
 * so no proxy sends it traffic yet. Everything else is 503 too.
 */
function listenForProbes(port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    const alive = request.url?.split("?")[0] === "/healthz";
    response.writeHead(alive ? 200 : 503, {
      "content-type": "application/json",
      ...(alive ? {} : { "retry-after": "5" }),
    });
    response.end(JSON.stringify({ status: alive ? "ok" : "starting" }));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

async function main() {
  const config = loadConfig();
  const probes = await listenForProbes(config.port, config.host);
  const handle = await openDb(config.database);
  await seedCatalogue(handle.db);
  if (config.demoMode)
    await seedDemo(handle.db, {
      hashPassword: (p) => hash(p),
      sealSecret: (userId, secret) => sealSecret(config.documentLinkKey, userId, secret),
    });

  const readiness: Readiness = { ready: true };
  const app = await buildApp({ config, handle, readiness });
  // The demo's files need the storage, which the app builds.
  if (config.demoMode) await seedDemoFiles(handle.db, (file) => storeDemoFile(app.deps.storage, file));

  // Started once the app listens (ADMIN_PORT), closed with it.
  let admin: FastifyInstance | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    readiness.ready = false;
    app.log.info({ signal }, "shutting down");
    // A request that never ends must not keep the process alive past the deadline.
    setTimeout(() => {
      app.log.error("shutdown timed out");
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    try {
      await Promise.all([app.close(), admin?.close()]);
      await handle.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  // Ready first: the job queue then works, and the demo's capture queues its mail on it.
  await app.ready();
  if (config.demoMode) await finishDemoCapture(app.deps);
  // The probes hand the port over to the app.
  probes.closeAllConnections();
  await new Promise((resolve) => probes.close(resolve));
  await app.listen({ port: config.port, host: config.host });
  // The operators' port (admin/): the metrics and the backup, behind METRICS_TOKEN.
  if (config.admin && !stopping)
    admin = await startAdminServer({
      config: config.admin,
      metrics: app.deps.metrics,
      plugins: [(server) => backupRoutes(server, { handle, config })],
      log: app.log.child({ server: "admin" }),
    });
  const url = config.publicUrl;
  const lines = [
    "",
    `  Argine è pronto su ${url}`,
    `  API: ${url}/v1  ·  documentazione: ${url}/v1/docs`,
    `  Database: ${"dataDir" in config.database ? `PGlite in ${config.database.dataDir}` : "PostgreSQL"}`,
  ];
  // Where, never the token.
  if (config.admin)
    lines.push(
      `  Amministrazione: http://${config.admin.host}:${config.admin.port}/metrics (con METRICS_TOKEN)`,
    );
  if (config.demoMode) {
    lines.push("", `  Account demo (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS)
      lines.push(`    ${a.email.padEnd(26)} ${a.roles.length ? a.roles.join(", ") : "cliente"}`);
    lines.push(`    verifica in due passaggi di avvocato e admin: chiave TOTP ${DEMO_TOTP_SECRET}`);
    lines.push(
      "",
      "  Negozio di prova:",
      `    voucher ${DEMO_SHOP.voucher} (10%)  ·  gift card ${DEMO_SHOP.giftCard} (250 €)  ·  promo ${DEMO_SHOP.promo} (gift card difesa legale)`,
      `    campagna ${DEMO_SHOP.campaign} (50% di difesa legale e consulenza, fino a 150 €)`,
    );
  }
  if (config.payments.provider === "sandbox") {
    // No card is ever charged here: the sandbox takes only Stripe's test numbers (README, ADR 014).
    lines.push("", "  Pagamenti di prova (sandbox): qualsiasi scadenza futura e CVC di 3 cifre.");
    for (const card of SANDBOX_TEST_CARDS)
      lines.push(`    ${groupCardNumber(card.number)}  ${sandboxCardOutcome(card.scenario)}`);
  }
  if (config.payments.provider === "stripe") {
    // Which of the account's modes, never the key itself.
    const live = config.payments.publishableKey.startsWith("pk_live_");
    // A loopback double (the tests, a rehearsal: ADR 033) charges nobody, whatever its keys say.
    const mode = config.payments.apiUrl
      ? `verso ${config.payments.apiUrl}, non api.stripe.com: nessun addebito`
      : live
        ? "modalità live: addebiti reali"
        : "modalità test";
    lines.push("", `  Pagamenti con carta: Stripe (${mode}).`);
  }
  if (config.devMailboxKey) {
    // The mails (account confirmation, password reset…) are not sent in demo mode: they wait here. The key
    // changes at every start; whoever has this link can read every account's mail.
    lines.push(
      "",
      "  Casella email di prova (conferma dell'account, nuova password…), da non condividere:",
      `    ${url}/dev/mailbox?key=${encodeURIComponent(config.devMailboxKey)}`,
    );
  }
  process.stdout.write(`${lines.join("\n")}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}\n`,
  );
  process.exit(1);
});
