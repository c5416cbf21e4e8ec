// The shop's checkout (ADR 014): whole card flows on the sandbox, one after another, as the browser runs them
// (apps/web/app/features/orders/checkout-flow.ts), against the product (`node apps/api/src/main.ts`, demo
// data, PGlite on a temporary DATA_DIR, the API alone) signed in as buyers of its own (a new client every few
// flows, registered and confirmed through the demo mailbox: each account may make only so many orders and
// claims a minute, docs/limits.md):
//   - 4242 4242 4242 4242: POST /v1/sandbox/payment-methods, POST /v1/orders → paid;
//   - 4000 0027 6000 3184 (3-D Secure): the payment method, POST /v1/orders → requires_action, the challenge
//     read and approved (GET and POST /v1/sandbox/3ds/:intentId, as the dialog does), POST /v1/orders again
//     with the payment intent → paid; the sandbox's webhook reaches the product meanwhile, as Stripe's would.
// Beside a bare Fastify answering the same calls with the product's bodies (bench/orders-bare.ts), each flow
// of ours followed by the same flow on the bare one: p50/p95 and their ratios. Each practice is bought once,
// so the practices are made first (questionnaire, then claimed with the submitting browser's token), untimed.
// Every flow has its own client address, as separate buyers do: the product trusts X-Forwarded-For from
// loopback (TRUST_PROXY) and the bench plays that proxy, so the per-address limits on the questionnaire and on
// payment methods count buyers, not the bench. Never pass/fail on times; a flow answering otherwise fails.

import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FeedbackCreated } from "@argine/core/feedback/feedback-api";
import type { OrderCreateBody, OrderList, OrderResponse } from "@argine/core/orders/orders-api";
import {
  SANDBOX_TEST_CARDS,
  type SandboxCard,
  type SandboxChallenge,
  type SandboxPaymentMethod,
  type SandboxScenario,
} from "@argine/core/payments/sandbox-api";
import { TEST_BILLING } from "../apps/api/test/checkout.ts";
import { revengePornAnswers } from "../apps/api/test/feedback-answers.ts";
import { start } from "./child.ts";
import type { FlowBodies } from "./orders-bare.ts";
import { startProduct } from "./product.ts";
import { signIn } from "./sign-in.ts";

export interface OrdersBenchOptions {
  smoke: boolean;
  /** Timed flows of each card (default 50; 5 with --smoke). */
  flows?: number;
}

/** The demo mailbox's key the product runs with, so the bench reads its buyers' confirmation mails. */
const MAILBOX_KEY = "bench-orders-mailbox-key-0123456789";
const BUYER_PASSWORD = "Girasole-Lento-42";
/**
 * Practices (each bought once, a 3-D Secure flow with two POST /v1/orders) a buyer takes: within the limits a
 * minute of one account (20 orders, 30 claims) however fast the flows run.
 */
const PRACTICES_PER_BUYER = 6;
/** Takedown and formal notice, the acceptance's purchase. */
const ITEMS: OrderCreateBody["items"] = ["TAKEDOWN", "INJUCTION"];
const cardOf = (scenario: SandboxScenario): SandboxCard => ({
  number: SANDBOX_TEST_CARDS.find((c) => c.scenario === scenario)?.number ?? "",
  expMonth: 12,
  expYear: 2099,
  cvc: "123",
});
const CARDS = { simple: cardOf("succeeds"), threeDSecure: cardOf("three_d_secure") };
type Kind = keyof typeof CARDS;
const KINDS = ["simple", "threeDSecure"] as const;

/** A questionnaire that makes a practice (a crime, dates in the past): the integration tests' answers. */
function questionnaire() {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return { answers: revengePornAnswers(day(10), day(3)), statementOfTruth: true, privacyAccepted: true };
}

let buyers = 0;
/** 10.x.y.z, a new one each time: the address of one buyer's browser. */
function nextAddress(): string {
  const n = ++buyers;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** One browser, with its own address, signed in as the demo client, talking to a server. */
function browser(base: string, token: string) {
  const address = nextAddress();
  return async <T>(method: string, path: string, body: unknown, expected: number) => {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        "x-forwarded-for": address,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    const elapsed = performance.now() - started;
    if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return { ms: elapsed, body: JSON.parse(text) as T };
  };
}

/** A new client, as a person registers: the form's call, the mailed link's token, then the sign-in. */
async function newBuyer(base: string): Promise<string> {
  const email = `acquirente.${randomUUID()}@example.org`;
  const registered = await fetch(`${base}/v1/users`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
    body: JSON.stringify({
      name: "Banco",
      lastname: "Prova",
      email,
      password: BUYER_PASSWORD,
      privacyConsent: true,
    }),
  });
  if (registered.status !== 202)
    throw new Error(`registration: ${registered.status} ${await registered.text()}`);
  let token: string | undefined;
  for (let tries = 0; !token && tries < 50; tries++) {
    const mailbox = await fetch(`${base}/v1/dev/mailbox?key=${MAILBOX_KEY}`, {
      headers: { "x-forwarded-for": nextAddress() },
    });
    const mails = mailbox.ok ? ((await mailbox.json()) as { to: string; text: string }[]) : [];
    token = mails.find((mail) => mail.to === email)?.text.match(/verify\?token=([\w.-]+)/)?.[1];
    if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!token) throw new Error(`no confirmation mail to ${email}`);
  const verified = await fetch(`${base}/v1/users/verification`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
    body: JSON.stringify({ token }),
  });
  if (verified.status !== 200) throw new Error(`verification: ${verified.status} ${await verified.text()}`);
  return signIn(base, email, BUYER_PASSWORD);
}

/** A practice of a buyer's with nothing bought: a questionnaire, claimed by its browser. */
async function newPractice(base: string, token: string): Promise<string> {
  const call = browser(base, token);
  const { body } = await call<FeedbackCreated>("POST", "/v1/feedback", questionnaire(), 201);
  await call("PATCH", `/v1/practices/${body.practiceId}/user`, { claimToken: body.claimToken }, 200);
  return body.practiceId;
}

interface FlowResult {
  /** The whole flow, first call to last answer. */
  total: number;
  /** Each POST /v1/orders. */
  orders: number[];
  bodies: Partial<FlowBodies>;
}

/** One checkout attempt paid by card, as checkout-flow.ts runs it, on a server (the product or the bare one). */
async function cardFlow(base: string, token: string, kind: Kind, practiceId: string): Promise<FlowResult> {
  const call = browser(base, token);
  const card = CARDS[kind];
  const started = performance.now();
  const method = await call<SandboxPaymentMethod>("POST", "/v1/sandbox/payment-methods", card, 201);
  const checkout = {
    practiceId,
    items: ITEMS,
    invoice: TEST_BILLING,
    salesConditionsAccepted: true,
    withdrawalWaiverAccepted: true,
  };
  const idempotencyKey = randomUUID();
  const order = (code: Record<string, string>) =>
    call<OrderResponse>(
      "POST",
      "/v1/orders",
      { ...checkout, idempotencyKey, payment: { type: "STRIPE", code: JSON.stringify(code) } },
      200,
    );
  const paid = (response: OrderResponse, step: string) => {
    if (response.requires_action || response.order?.status !== "PAID")
      throw new Error(`${kind} flow, ${step}: not paid: ${JSON.stringify(response).slice(0, 300)}`);
  };
  const first = await order({ payment_method_id: method.body.id });
  const bodies: Partial<FlowBodies> = { paymentMethods: { [card.number]: method.body } };
  if (kind === "simple") {
    paid(first.body, "POST /v1/orders");
    return {
      total: performance.now() - started,
      orders: [first.ms],
      bodies: { ...bodies, paid: first.body },
    };
  }
  const secret = first.body.payment_intent_client_secret;
  const intentId = secret?.split("_secret_")[0];
  if (!first.body.requires_action || !secret || !intentId)
    throw new Error(`3-D Secure flow: no card action: ${JSON.stringify(first.body).slice(0, 300)}`);
  const challengeUrl = `/v1/sandbox/3ds/${intentId}`;
  const challenge = await call<SandboxChallenge>(
    "GET",
    `${challengeUrl}?client_secret=${encodeURIComponent(secret)}`,
    undefined,
    200,
  );
  const answer = await call<SandboxChallenge>(
    "POST",
    challengeUrl,
    { client_secret: secret, approve: true },
    200,
  );
  if (answer.body.status !== "succeeded")
    throw new Error(`3-D Secure flow: challenge answered ${JSON.stringify(answer.body)}`);
  const second = await order({ payment_intent_id: intentId });
  paid(second.body, "POST /v1/orders with the payment intent");
  return {
    total: performance.now() - started,
    orders: [first.ms, second.ms],
    bodies: {
      ...bodies,
      threeDSecureMethodId: method.body.id,
      requiresAction: first.body,
      challenge: challenge.body,
      challengeAnswer: answer.body,
      paidAfterAction: second.body,
    },
  };
}

/** Nearest rank. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

const ms = (n: number) => (n < 100 ? n.toFixed(1) : n.toFixed(0));

function printTable(rows: { label: string; ours: number[]; bare: number[] }[]) {
  const header = ["", "p50 ms", "p95 ms", "bare p50", "bare p95", "p50/bare", "p95/bare"];
  const lines = rows.map(({ label, ours, bare }) => {
    const [o50, o95, b50, b95] = [
      percentile(ours, 0.5),
      percentile(ours, 0.95),
      percentile(bare, 0.5),
      percentile(bare, 0.95),
    ] as [number, number, number, number];
    return [label, ms(o50), ms(o95), ms(b50), ms(b95), (o50 / b50).toFixed(1), (o95 / b95).toFixed(1)];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const fmt = (cells: string[]) =>
    `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[0] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ")}`;
  console.info(fmt(header));
  for (const line of lines) console.info(fmt(line));
}

export async function ordersBench(options: OrdersBenchOptions): Promise<void> {
  const flows = options.flows ?? (options.smoke ? 5 : 50);
  const warmUp = options.smoke ? 1 : 3;
  console.info(
    `POST /v1/orders with the sandbox: ${flows} whole card flows of each card, one after another, ` +
      "beside a bare Fastify answering the same calls",
  );
  const started = performance.now();
  const product = await startProduct(null, {
    TRUST_PROXY: "loopback",
    ACCESS_TOKEN_TTL_SECONDS: "3600",
    DEV_MAILBOX_KEY: MAILBOX_KEY,
  });
  const scratch = mkdtempSync(join(tmpdir(), "argine-bench-orders-"));
  let bare: ReturnType<typeof start> | null = null;
  try {
    const buyers: string[] = [];
    const practices: { practiceId: string; token: string }[] = [];
    for (let i = 0; i < 2 * (warmUp + flows); i++) {
      if (i % PRACTICES_PER_BUYER === 0) buyers.push(await newBuyer(product.address));
      const token = buyers.at(-1) ?? "";
      practices.push({ practiceId: await newPractice(product.address, token), token });
    }
    // The buyers are new: every order they have is one the flows made.
    const orderCount = async () => {
      let total = 0;
      for (const buyer of buyers)
        total += (
          await browser(product.address, buyer)<OrderList>("GET", "/v1/orders?pageSize=1", undefined, 200)
        ).body.total;
      return total;
    };
    const before = 0;
    const next = () => practices.pop() ?? { practiceId: "", token: "" };
    const token = buyers[0] ?? "";

    // Warm-up, untimed: the first flows of each card also give the bare server its bodies.
    let bodies: Partial<FlowBodies> = {};
    for (let i = 0; i < warmUp; i++) {
      for (const kind of KINDS) {
        const { practiceId, token: owner } = next();
        const flow = await cardFlow(product.address, owner, kind, practiceId);
        const paymentMethods = { ...bodies.paymentMethods, ...flow.bodies.paymentMethods };
        bodies = { ...bodies, ...flow.bodies, paymentMethods };
      }
    }
    const bodiesFile = join(scratch, "bodies.json");
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    bare = start("./orders-bare.ts", [bodiesFile]);
    const { address: bareAddress } = await bare.next<{ address: string }>();
    for (let i = 0; i < warmUp; i++) {
      for (const kind of KINDS) await cardFlow(bareAddress, token, kind, randomUUID());
    }

    // Ours and bare in turns, so that whatever else the machine does weighs on both alike.
    const runs: Record<Kind, { ours: FlowResult[]; bare: FlowResult[] }> = {
      simple: { ours: [], bare: [] },
      threeDSecure: { ours: [], bare: [] },
    };
    for (let i = 0; i < flows; i++) {
      for (const kind of KINDS) {
        const { practiceId, token: owner } = next();
        runs[kind].ours.push(await cardFlow(product.address, owner, kind, practiceId));
        runs[kind].bare.push(await cardFlow(bareAddress, token, kind, randomUUID()));
      }
    }
    // One paid order per flow on the product, none more: the figures are of the flows we think we timed.
    const bought = 2 * (warmUp + flows);
    const made = (await orderCount()) - before;
    if (made !== bought) throw new Error(`${made} orders made by ${bought} card flows`);
    const row = (label: string, kind: Kind, pick: (r: FlowResult) => number) => ({
      label,
      ours: runs[kind].ours.map(pick),
      bare: runs[kind].bare.map(pick),
    });
    printTable([
      row("4242… flow (2 calls)", "simple", (r) => r.total),
      row("  POST /v1/orders → paid", "simple", (r) => r.orders[0] ?? Number.NaN),
      row("3184… 3-D Secure flow (5 calls)", "threeDSecure", (r) => r.total),
      row("  POST /v1/orders → requires_action", "threeDSecure", (r) => r.orders[0] ?? Number.NaN),
      row("  POST /v1/orders, intent → paid", "threeDSecure", (r) => r.orders[1] ?? Number.NaN),
    ]);
    console.info(
      `  product: main.ts on PGlite, demo data; ${ITEMS.join(" + ")} on a new practice per flow; ` +
        `${bought} practices made and bought; warm-up (untimed): ${warmUp} flow(s) of each card on each server; ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s in all`,
    );
  } finally {
    await bare?.stop();
    await product.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
