// A server for the practices benchmark, in its own process (the load generator must not share its loop).
//
//   node practices-server.ts app --data-dir DIR        the real app on a PGlite folder (generated data)
//   node practices-server.ts app --database-url URL    the real app on a PostgreSQL database
//   node practices-server.ts bare BODY.json            a bare Fastify GET /v1/practices returning that body
//
// Prints one JSON line `{ address }` when it listens (the app's with `changeAddress`: a POST there gives the
// practice lists' version a new value, as a change would, so the next list is read from the database instead
// of answered from memory); on SIGTERM it closes and prints `{ maxRssMb }`.
// The app's issuer must be a URL the bench can reach (it signs in through the embedded provider), so the
// port is chosen before the configuration is built.

import { readFileSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer } from "node:net";
import { buildApp } from "@argine/api/app";
import { loadConfig } from "@argine/api/config";
import { type DbHandle, openDb } from "@argine/db/client";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
};

const kind = process.argv[2];
let app: FastifyInstance;
let handle: DbHandle | null = null;
let address: string;
let change: Server | null = null;
let changeAddress: string | undefined;

if (kind === "app") {
  const databaseUrl = arg("database-url");
  const dataDir = arg("data-dir");
  if (!databaseUrl && !dataDir) throw new Error("app needs --database-url or --data-dir");
  const port = await freePort();
  address = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PORT: String(port),
    PUBLIC_URL: address,
    // The tokens are fetched once and must outlive a long run (1 000 000 practices on PGlite).
    ACCESS_TOKEN_TTL_SECONDS: "3600",
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  handle = await openDb(databaseUrl ? { databaseUrl } : { dataDir: dataDir ?? null });
  app = await buildApp({ config, handle, logger: false });
  await app.listen({ port, host: "127.0.0.1" });
  // Beside the app, in its process: on PGlite no other process can write to its database.
  const db = handle.db;
  change = createHttpServer((_req, res) => {
    db.execute(sql`update practice_lists_version set version = gen_random_uuid()`).then(
      () => res.writeHead(204).end(),
      () => res.writeHead(500).end(),
    );
  });
  const changePort = await freePort();
  await new Promise<void>((resolve) => change?.listen(changePort, "127.0.0.1", resolve));
  changeAddress = `http://127.0.0.1:${changePort}`;
} else if (kind === "bare") {
  const file = process.argv[3];
  if (!file) throw new Error("bare needs the body file");
  const body = JSON.parse(readFileSync(file, "utf8")) as unknown;
  app = Fastify({ logger: false });
  app.get("/v1/practices", async () => body);
  address = await app.listen({ port: 0, host: "127.0.0.1" });
} else {
  throw new Error(`unknown server kind ${kind}`);
}

process.stdout.write(`${JSON.stringify({ address, changeAddress })}\n`);
process.on("SIGTERM", async () => {
  change?.close();
  await app.close();
  await handle?.close();
  // maxRSS is in kilobytes.
  process.stdout.write(
    `${JSON.stringify({ maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) })}\n`,
  );
  process.exit(0);
});
