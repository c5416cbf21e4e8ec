// The floor of the orders benchmark (bench/orders.ts): a bare Fastify answering the card flow's calls with the
// bodies the product answered, so the same HTTP calls cost what they cost with no work behind them.
//
//   node orders-bare.ts BODIES.json        prints one JSON line `{ address }` once it listens
//
// POST /v1/orders answers as the product did for its payment code: a payment intent → the 3-D Secure flow's
// paid order; the 3-D Secure card's payment method → requires_action; any other → the simple flow's order.

import { readFileSync } from "node:fs";
import Fastify from "fastify";

/** What the product answered at each step of one flow of each kind. */
export interface FlowBodies {
  /** By card number. */
  paymentMethods: Record<string, { id: string }>;
  threeDSecureMethodId: string;
  paid: unknown;
  requiresAction: unknown;
  challenge: unknown;
  challengeAnswer: unknown;
  paidAfterAction: unknown;
}

const file = process.argv[2];
if (!file) throw new Error("orders-bare.ts needs the bodies file");
const bodies = JSON.parse(readFileSync(file, "utf8")) as FlowBodies;
const app = Fastify({ logger: false });
app.post<{ Body: { number: string } }>("/v1/sandbox/payment-methods", async (request, reply) =>
  reply.status(201).send(bodies.paymentMethods[request.body.number.replace(/\s+/g, "")]),
);
app.get("/v1/sandbox/3ds/:intentId", async () => bodies.challenge);
app.post("/v1/sandbox/3ds/:intentId", async () => bodies.challengeAnswer);
app.post<{ Body: { payment: { code: string } } }>("/v1/orders", async (request) => {
  const code = JSON.parse(request.body.payment.code) as {
    payment_method_id?: string;
    payment_intent_id?: string;
  };
  if (code.payment_intent_id) return bodies.paidAfterAction;
  return code.payment_method_id === bodies.threeDSecureMethodId ? bodies.requiresAction : bodies.paid;
});
const address = await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`${JSON.stringify({ address })}\n`);
process.on("SIGTERM", async () => {
  await app.close();
  process.exit(0);
});
