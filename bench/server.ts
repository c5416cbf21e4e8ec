// A server for the benchmark, in its own process so the load generator does not share its event loop.
// `ours`: the real app on an in-memory, seeded database. `bare`: a bare Fastify route with the same JSON.

import { buildApp } from "@argine/api/app";
import { loadConfig } from "@argine/api/config";
import { openDb } from "@argine/db/client";
import { seedDemo } from "@argine/db/seed";
import { hash } from "@node-rs/argon2";
import Fastify from "fastify";

const kind = process.argv[2];
// X-Forwarded-For is trusted from loopback: the nested JSON part gives each request its own address, so the
// per-address limits of the public routes count senders, not the bench.
const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", TRUST_PROXY: "1" });
const handle = await openDb({ dataDir: null });
await seedDemo(handle.db, { hashPassword: (p) => hash(p) });

let app: ReturnType<typeof Fastify>;
if (kind === "ours") {
  app = await buildApp({ config, handle, logger: false });
} else {
  const ours = await buildApp({ config, handle, logger: false });
  const body = (await ours.inject({ method: "GET", url: "/v1/products" })).json();
  await ours.close();
  app = Fastify({ logger: false });
  app.get("/v1/products", async () => body);
}
const address = await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`${JSON.stringify({ address })}\n`);
process.on("SIGTERM", async () => {
  await app.close();
  await handle.close();
  process.exit(0);
});
