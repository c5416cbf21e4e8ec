import { startStripeFake } from "./stripe-fake.ts";

// The loopback stand-in of api.stripe.com as a process of its own, for the e2e journeys' Stripe server
// (e2e/playwright.config.ts): `node apps/api/test/stripe-fake-server.ts <port>`.

const fake = await startStripeFake(Number(process.argv[2] ?? 0));
process.stdout.write(`stripe stand-in on ${fake.url}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
