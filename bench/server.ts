// A server for the benchmark, in its own process so the load generator does not share its event loop.
// `ours`: the real app on an in-memory, seeded database. `bare`: a bare Fastify route with the same JSON.
// `live`: the real app as `ours`, reachable for sign-ins (its issuer is its own address), with LIVE_ACCOUNTS
// more accounts (half lawyers, half clients owning nothing) for live-load.ts's sockets.

import { buildApp } from "@argine/api/app";
import { loadConfig } from "@argine/api/config";
import { sealSecret } from "@argine/api/identity/second-factor";
import { openDb } from "@argine/db/client";
import { insertConfirmedSecondFactor } from "@argine/db/queries/second-factor";
import { createUser, grantRole } from "@argine/db/queries/users";
import { seedDemo } from "@argine/db/seed";
import { hash } from "@node-rs/argon2";
import Fastify from "fastify";
import {
  freePort,
  LIVE_ACCOUNTS,
  LIVE_PASSWORD,
  LIVE_TOTP_PERIOD_SECONDS,
  LIVE_TOTP_SECRET,
  liveAccount,
} from "./live-accounts.ts";

const kind = process.argv[2];
const port = kind === "live" ? await freePort() : 0;
// X-Forwarded-For is trusted from loopback: the nested JSON part gives each request its own address, so the
// per-address limits of the public routes count senders, not the bench.
const config = loadConfig({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  TRUST_PROXY: "1",
  ...(port
    ? {
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ACCESS_TOKEN_TTL_SECONDS: "3600",
        TOTP_PERIOD_SECONDS: String(LIVE_TOTP_PERIOD_SECONDS),
      }
    : {}),
});
const handle = await openDb({ dataDir: null });
await seedDemo(handle.db, { hashPassword: (p) => hash(p) });

let app: ReturnType<typeof Fastify>;
if (kind === "live") {
  const passwordHash = await hash(LIVE_PASSWORD);
  for (let i = 0; i < LIVE_ACCOUNTS; i++) {
    const user = await createUser(handle.db, {
      email: liveAccount(i),
      name: "Bench",
      lastname: String(i),
      passwordHash,
      privacyConsent: true,
      marketingConsent: false,
      emailVerifiedAt: new Date(),
    });
    if (!user || i % 2 !== 0) continue;
    await grantRole(handle.db, user.id, "lawyer");
    await insertConfirmedSecondFactor(handle.db, {
      userId: user.id,
      sealedSecret: sealSecret(config.documentLinkKey, user.id, LIVE_TOTP_SECRET),
      at: new Date(),
    });
  }
  app = await buildApp({ config, handle, logger: false });
} else if (kind === "ours") {
  app = await buildApp({ config, handle, logger: false });
} else {
  const ours = await buildApp({ config, handle, logger: false });
  const body = (await ours.inject({ method: "GET", url: "/v1/products" })).json();
  await ours.close();
  app = Fastify({ logger: false });
  app.get("/v1/products", async () => body);
}
const address = await app.listen({ port, host: "127.0.0.1" });
process.stdout.write(`${JSON.stringify({ address })}\n`);
process.on("SIGTERM", async () => {
  await app.close();
  await handle.close();
  process.exit(0);
});
