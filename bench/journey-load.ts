// The whole journey under load (issue 39): N virtual clients at once (50; 8 with --smoke), each a new person
// doing what the web does, on the embedded default (one `node apps/api/src/main.ts` on PGlite, demo data,
// temporary DATA_DIR) and then on PostgreSQL with two API processes behind nginx (scripts/cluster), where the
// runbook's rolling restart (restartApi(0), then restartApi(1)) starts at the first client's sign-in and runs
// while the others are on their way; each process's restart window is printed with the requests it saw.
// Each client, one step after the other:
//   1. questionnaire: POST /v1/feedback → 201 (the practice's code and claim key);
//   2. registration: POST /v1/users → 202, the confirmation link read from the mail (PGlite: the demo
//      mailbox, GET /v1/dev/mailbox with DEV_MAILBOX_KEY; the cluster: its SMTP capture, not the product),
//      POST /v1/users/verification → 200;
//   3. sign-in as the web does (code + PKCE through the embedded provider: drill-client.ts signIn);
//   4. claim: POST /v1/practices/claim with the code and the key → 200;
//   5. checkout with the sandbox's 3-D Secure card (as bench/orders.ts): the payment method, POST /v1/orders
//      → requires_action, the challenge read and approved, POST /v1/orders with the intent → PAID;
//   6. takedown: the case read (GET /v1/practices/:id) for the service, its three URLs
//      (PATCH /v1/services/takedown/:id/urls → 200, three notices);
//   7. chat: the live socket opened (/v1/live, bearer.<jwt>) and subscribed to the case; once every client's
//      socket is open, each posts one message to the lawyer (POST /v1/practices/:id/comments → 201) and waits
//      for it on its socket; the sockets close once every message arrived. A socket the server drops (the
//      restart's 1001) is opened again with a catch-up, as the web's is, and counted;
//   8. booking: GET /v1/consultations/slots, POST /v1/consultations → 201 "booked", a slot of its own: the
//      clients spread over the days after today (the demo's hours: Monday to Friday, 14 slots a day, 28 days
//      ahead: ~280 slots), the k-th client of a day at the day's k-th time.
// Every request is timed into its step; any answer but the expected one is an error, printed with its status
// and body start, and ends that client's journey. Limits: none is raised. Each client speaks from a loopback
// address of its own (127.0.x.y, drill-client.ts): the PGlite process sees it as the peer, nginx passes it on
// (TRUST_PROXY=1), so the per-address limits count people; each person is a new account, so the per-account
// ones count one person's journey. Access tokens last an hour (ACCESS_TOKEN_TTL_SECONDS), as the web's would
// be renewed: a session-length setting, not a limit. Never pass/fail on times; a request that fails fails.

import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { BookingAnswer, SlotsAnswer } from "@argine/core/consultation/consultation-api";
import type { ServerFrame } from "@argine/core/conversations/live-api";
import { LIVE_PATH, LIVE_PROTOCOL } from "@argine/core/conversations/live-protocol";
import type { Comment } from "@argine/core/conversations/message-schemas";
import type { FeedbackCreated } from "@argine/core/feedback/feedback-api";
import type { OrderResponse } from "@argine/core/orders/orders-api";
import {
  SANDBOX_TEST_CARDS,
  type SandboxChallenge,
  type SandboxPaymentMethod,
} from "@argine/core/payments/sandbox-api";
import type { ClaimedPractice } from "@argine/core/practices/claim";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { API_PREFIX } from "@argine/core/shared/api-contract";
import type { TakedownNotices } from "@argine/core/takedown/takedown-api";
import pg from "pg";
import WebSocket from "ws";
import { TEST_BILLING } from "../apps/api/test/checkout.ts";
import { revengePornAnswers } from "../apps/api/test/feedback-answers.ts";
import { type Answer, type Client, clientOf, signIn } from "../scripts/cluster/drill-client.ts";
import { NGINX, nginxAvailable } from "../scripts/cluster/nginx.ts";
import { type Cluster, startCluster } from "../scripts/cluster/start-cluster.ts";
import { startProduct } from "./product.ts";

export type JourneyEngine = "pglite" | "postgres";

export interface JourneyLoadOptions {
  smoke: boolean;
  /** Virtual clients at once (default 50; 8 with --smoke). */
  clients?: number;
  /** The cluster's first port (nginx; the API processes, SMTP, mail and S3 on the next five): 3400. */
  port?: number;
  /** Default both; PostgreSQL is left out, said, without nginx or a reachable server. */
  engines?: JourneyEngine[];
}

const STEPS = [
  "questionnaire",
  "registration",
  "sign-in",
  "claim",
  "checkout",
  "takedown",
  "chat",
  "booking",
] as const;
type Step = (typeof STEPS)[number];
const STEP_LABELS: Record<Step, string> = {
  questionnaire: "1 questionnaire",
  registration: "2 registration + mailed link",
  "sign-in": "3 sign-in (code + PKCE)",
  claim: "4 claim (code + key)",
  checkout: "5 checkout, 3-D Secure card",
  takedown: "6 takedown URLs",
  chat: "7 chat, every socket open",
  booking: "8 consultation booking",
};

const PASSWORD = "Girasole-Lento-42";
const MAILBOX_KEY = "bench-journey-mailbox-key-0123456789";
const CARD = {
  number: SANDBOX_TEST_CARDS.find((c) => c.scenario === "three_d_secure")?.number ?? "",
  expMonth: 12,
  expYear: 2099,
  cvc: "123",
};
const TAKEDOWN_URLS = [
  "https://www.instagram.com/p/banco-prova/",
  "https://example.org/pagina-da-rimuovere",
  "https://t.me/canale-di-prova/7",
];
/** How long a mailed link, a message on the socket, may take before it is an error. */
const MAIL_DEADLINE_MS = 90_000;
const DELIVERY_DEADLINE_MS = 30_000;

/** Client i's own loopback address: 127.0.1.1 upwards (the drills use 127.0.0.x). */
const addressOf = (i: number) => `127.0.${1 + Math.floor(i / 250)}.${(i % 250) + 1}`;

const since = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

// ─── What was measured ──────────────────────────────────────────────────────────────────────────────────

interface Timed {
  step: Step;
  call: string;
  ms: number;
  /** When it started, ms after the journeys' start. */
  at: number;
}

class Recorder {
  readonly t0 = performance.now();
  readonly requests: Timed[] = [];
  /** Each client's time in each step, waits for the other clients left out. */
  readonly stepTimes = new Map<Step, number[]>();
  /** A message's POST to its arrival on its writer's socket. */
  readonly deliveries: number[] = [];
  readonly journeys: number[] = [];
  /** The clients' failed requests, and the cluster's own failures (no client, no step). */
  readonly errors: { client: number | null; step: Step | null; message: string; at: number }[] = [];
  /** Sockets the server dropped (a restarting process) and the client opened again. */
  reopened = 0;
  onStepDone: ((step: Step) => void) | null = null;

  request(step: Step, call: string, started: number, ms: number) {
    this.requests.push({ step, call, ms, at: started - this.t0 });
  }
  stepTime(step: Step, ms: number) {
    this.stepTimes.set(step, [...(this.stepTimes.get(step) ?? []), ms]);
    this.onStepDone?.(step);
  }
  fail(client: number | null, step: Step | null, message: string) {
    this.errors.push({ client, step, message, at: performance.now() - this.t0 });
  }
}

/** A path as a route: no query, ids as `:id` (uuids, the provider's uids, the sandbox's pi_…). */
function routeOf(path: string): string {
  return (path.split("?")[0] ?? "")
    .split("/")
    .map((s) => (s === "" || /^[a-z0-9]{1,4}$|^[a-z]+(-[a-z]+)*$/.test(s) ? s : ":id"))
    .join("/");
}

class Failure extends Error {}

/** One virtual client's HTTP, every request timed into the client's current step. */
function timedClient(address: string, base: string, rec: Recorder) {
  const inner = clientOf(address, base);
  const state = { step: "questionnaire" as Step };
  const send: Client["send"] = async (method, path, init) => {
    const started = performance.now();
    try {
      return await inner.send(method, path, init);
    } finally {
      rec.request(state.step, `${method} ${routeOf(path)}`, started, performance.now() - started);
    }
  };
  const client: Client = { send, cookies: inner.cookies, close: inner.close };
  /** A JSON call answered `expected`, else a Failure with the status and the body's start. */
  const json = async <T>(
    method: string,
    path: string,
    expected: number,
    init: { token?: string; body?: unknown } = {},
  ): Promise<T> => {
    const answer: Answer = await send(method, path, {
      headers: {
        accept: "application/json",
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    if (answer.status !== expected)
      throw new Failure(
        `${method} ${routeOf(path)}: ${answer.status} (expected ${expected}) ${answer.text.replace(/\s+/g, " ").slice(0, 200)}`,
      );
    return JSON.parse(answer.text) as T;
  };
  return { client, json, state, close: inner.close };
}

// ─── Waiting for one another ────────────────────────────────────────────────────────────────────────────

/** Released once every client has arrived or left (a failed journey leaves every barrier ahead of it). */
class Barrier {
  private readonly arrived = new Set<number>();
  private readonly left = new Set<number>();
  private release: () => void = () => {};
  readonly passed = new Promise<void>((resolve) => {
    this.release = resolve;
  });
  private readonly total: number;
  constructor(total: number) {
    this.total = total;
  }
  arrive(i: number): Promise<void> {
    this.arrived.add(i);
    this.check();
    return this.passed;
  }
  leave(i: number) {
    if (!this.arrived.has(i)) this.left.add(i);
    this.check();
  }
  private check() {
    if (this.arrived.size + this.left.size >= this.total) this.release();
  }
}

// ─── The live socket ────────────────────────────────────────────────────────────────────────────────────

/**
 * The case's live socket as the web holds it (apps/web/app/shared/live/): subscribed to the practice, opened
 * again with a catch-up from the last message when the server drops it (a process going away). Any answer to
 * the upgrade but 101, and any error frame, is a failure.
 */
class LiveSocket {
  private socket: WebSocket | null = null;
  private after: string | null = null;
  private closing = false;
  private drops = 0;
  private failure: Error | null = null;
  private readonly seen = new Map<string, number>();
  private readonly waiting = new Set<() => void>();
  private ready: { resolve: () => void; reject: (error: Error) => void } = {
    resolve: () => {},
    reject: () => {},
  };

  private readonly where: { url: string; token: string; address: string; practiceId: string };
  private readonly rec: Recorder;

  constructor(where: { url: string; token: string; address: string; practiceId: string }, rec: Recorder) {
    this.where = where;
    this.rec = rec;
  }

  /** Opens and subscribes; resolves on the subscription's catch-up (the acknowledgement). */
  open(): Promise<void> {
    const opened = new Promise<void>((resolve, reject) => {
      this.ready = { resolve, reject };
    });
    this.connect(false);
    return opened;
  }

  private fail(error: Error) {
    this.failure ??= error;
    this.notify();
    this.ready.reject(error);
  }

  private connect(reopening: boolean) {
    const started = performance.now();
    const socket = new WebSocket(this.where.url, [LIVE_PROTOCOL, `bearer.${this.where.token}`], {
      localAddress: this.where.address,
      handshakeTimeout: 15_000,
    });
    this.socket = socket;
    let subscribed = false;
    socket.on("unexpected-response", (request, response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () =>
        this.fail(new Failure(`GET /v1/live: ${response.statusCode} ${text.slice(0, 200)}`)),
      );
      request.destroy();
    });
    socket.on("error", (error) => this.fail(new Failure(`GET /v1/live: ${error.message}`)));
    socket.on("open", () =>
      socket.send(
        JSON.stringify({
          type: "subscribe",
          conversation: { practiceId: this.where.practiceId },
          after: this.after,
        }),
      ),
    );
    socket.on("message", (data) => {
      const frame = JSON.parse(String(data)) as ServerFrame;
      if (frame.type === "error") return this.fail(new Failure(`live frame: ${frame.code} ${frame.message}`));
      if (frame.type !== "messages") return;
      const at = performance.now();
      for (const message of frame.messages) {
        if (!this.seen.has(message.id)) this.seen.set(message.id, at);
        this.after = message.id;
      }
      this.notify();
      if (!subscribed) {
        subscribed = true;
        const call = reopening ? "WS /v1/live reopened, caught up" : "WS /v1/live open + subscribed";
        this.rec.request("chat", call, started, at - started);
        this.ready.resolve();
      }
    });
    socket.on("close", (code) => {
      if (this.closing || this.failure) return;
      // The server went away (a process restarting): the web opens a new socket and catches up.
      if (++this.drops > 10)
        return this.fail(new Failure(`GET /v1/live: dropped ${this.drops} times (${code})`));
      this.rec.reopened++;
      setTimeout(() => {
        if (!this.closing) this.connect(true);
      }, 250);
    });
  }

  /** When the message arrived on this socket, waiting for it if need be. */
  async arrival(id: string): Promise<number> {
    const deadline = performance.now() + DELIVERY_DEADLINE_MS;
    for (;;) {
      const at = this.seen.get(id);
      if (at !== undefined) return at;
      if (this.failure) throw this.failure;
      const left = deadline - performance.now();
      if (left <= 0)
        throw new Failure(`message ${id} not on the live socket after ${DELIVERY_DEADLINE_MS} ms`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiting.add(wake);
      });
    }
  }

  private notify() {
    for (const wake of [...this.waiting]) wake();
  }

  close() {
    this.closing = true;
    this.socket?.close(1000);
  }
}

// ─── One client's journey ───────────────────────────────────────────────────────────────────────────────

interface Target {
  /** The product's address (nginx's on the cluster). */
  base: string;
  /** The confirmation mails: the demo mailbox's list, or the cluster's capture. */
  readMails(http: ReturnType<typeof timedClient>): Promise<{ to: string; text: string }[]>;
  /** Polls between two reads of the mails (the demo mailbox allows 30 reads a minute per address). */
  mailPollMs(attempt: number): number;
}

interface Shared {
  socketsOpen: Barrier;
  messagesIn: Barrier;
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Client i's slot: the days after today in turn, the k-th client of a day at the day's k-th time. */
function slotFor(i: number, answer: SlotsAnswer): string | null {
  const days = [...new Set(answer.slots.map((s) => s.date))].filter((d) => d !== answer.from);
  const times = [...new Set(answer.slots.map((s) => s.time))].sort();
  if (days.length === 0 || times.length === 0) return null;
  const date = days[i % days.length];
  const k = Math.floor(i / days.length) % times.length;
  // The demo client's own booking may hold the k-th time: then the day's time counted from the end.
  for (const time of [times[k], times[times.length - 1 - k]]) {
    const slot = answer.slots.find((s) => s.date === date && s.time === time);
    if (slot) return slot.startsAt;
  }
  return null;
}

async function journey(i: number, target: Target, shared: Shared, rec: Recorder): Promise<void> {
  const address = addressOf(i);
  const http = timedClient(address, target.base, rec);
  const { json } = http;
  let stepStarted = 0;
  let waited = 0;
  const begin = (step: Step) => {
    http.state.step = step;
    stepStarted = performance.now();
    waited = 0;
  };
  const end = () => rec.stepTime(http.state.step, performance.now() - stepStarted - waited);
  const wait = async (barrier: Barrier) => {
    const started = performance.now();
    await barrier.arrive(i);
    waited += performance.now() - started;
  };
  let socket: LiveSocket | null = null;
  const started = performance.now();
  try {
    begin("questionnaire");
    const created = await json<FeedbackCreated>("POST", "/v1/feedback", 201, {
      body: { answers: revengePornAnswers(day(10), day(3)), statementOfTruth: true, privacyAccepted: true },
    });
    end();

    begin("registration");
    const email = `carico.${i}.${randomUUID().slice(0, 8)}@example.org`;
    await json("POST", "/v1/users", 202, {
      body: { name: "Banco", lastname: "Carico", email, password: PASSWORD, privacyConsent: true },
    });
    let link: string | undefined;
    const mailStarted = performance.now();
    for (let attempt = 0; !link; attempt++) {
      const mails = await target.readMails(http);
      link = mails.find((mail) => mail.to === email)?.text.match(/verify\?token=([\w.-]+)/)?.[1];
      if (link) break;
      if (performance.now() - mailStarted > MAIL_DEADLINE_MS)
        throw new Failure(`no confirmation mail to ${email} after ${MAIL_DEADLINE_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, target.mailPollMs(attempt)));
    }
    await json("POST", "/v1/users/verification", 200, { body: { token: link } });
    end();

    begin("sign-in");
    const token = await signIn(http.client, target.base, email, PASSWORD).catch((error: Error) => {
      throw new Failure(`sign-in: ${error.message}`);
    });
    end();

    begin("claim");
    const claimed = await json<ClaimedPractice>("POST", "/v1/practices/claim", 200, {
      token,
      body: { ticketCode: created.ticketCode, claimKey: created.claimKey },
    });
    if (claimed.practiceId !== created.practiceId)
      throw new Failure(`claim: practice ${claimed.practiceId}, not ${created.practiceId}`);
    const { practiceId } = created;
    end();

    begin("checkout");
    const method = await json<SandboxPaymentMethod>("POST", "/v1/sandbox/payment-methods", 201, {
      token,
      body: CARD,
    });
    const idempotencyKey = randomUUID();
    const order = (code: Record<string, string>) =>
      json<OrderResponse>("POST", "/v1/orders", 200, {
        token,
        body: {
          practiceId,
          items: ["TAKEDOWN"],
          invoice: TEST_BILLING,
          salesConditionsAccepted: true,
          withdrawalWaiverAccepted: true,
          idempotencyKey,
          payment: { type: "STRIPE", code: JSON.stringify(code) },
        },
      });
    const first = await order({ payment_method_id: method.id });
    const secret = first.payment_intent_client_secret;
    const intentId = secret?.split("_secret_")[0];
    if (!first.requires_action || !secret || !intentId)
      throw new Failure(`POST /v1/orders: no card action: ${JSON.stringify(first).slice(0, 200)}`);
    await json<SandboxChallenge>(
      "GET",
      `/v1/sandbox/3ds/${intentId}?client_secret=${encodeURIComponent(secret)}`,
      200,
      { token },
    );
    const approved = await json<SandboxChallenge>("POST", `/v1/sandbox/3ds/${intentId}`, 200, {
      token,
      body: { client_secret: secret, approve: true },
    });
    if (approved.status !== "succeeded")
      throw new Failure(`3-D Secure challenge answered ${JSON.stringify(approved).slice(0, 200)}`);
    const paid = await order({ payment_intent_id: intentId });
    if (paid.requires_action || paid.order?.status !== "PAID")
      throw new Failure(`POST /v1/orders with the intent: not paid: ${JSON.stringify(paid).slice(0, 200)}`);
    end();

    begin("takedown");
    const detail = await json<PracticeDetail>("GET", `/v1/practices/${practiceId}`, 200, { token });
    const service = detail.services.find((s) => s.serviceType === "TAKEDOWN");
    if (!service) throw new Failure(`GET /v1/practices/:id: no TAKEDOWN service after the payment`);
    const sent = await json<TakedownNotices>(
      "PATCH",
      `/v1/services/takedown/${service.serviceId}/urls`,
      200,
      {
        token,
        body: { urls: TAKEDOWN_URLS },
      },
    );
    if (sent.notices.length !== TAKEDOWN_URLS.length)
      throw new Failure(`takedown: ${sent.notices.length} notices for ${TAKEDOWN_URLS.length} URLs`);
    end();

    begin("chat");
    const liveUrl = `${target.base.replace(/^http/, "ws")}${API_PREFIX}${LIVE_PATH}`;
    socket = new LiveSocket({ url: liveUrl, token, address, practiceId }, rec);
    await socket.open();
    // Every client's socket is open before anyone writes: N sockets at once during the messages.
    await wait(shared.socketsOpen);
    const posted = performance.now();
    const comment = await json<Comment>("POST", `/v1/practices/${practiceId}/comments`, 201, {
      token,
      body: { comment: `Buongiorno avvocato, ho inviato i link da rimuovere (cliente ${i}).` },
    });
    rec.deliveries.push((await socket.arrival(comment.id)) - posted);
    await wait(shared.messagesIn);
    socket.close();
    socket = null;
    end();

    begin("booking");
    const slots = await json<SlotsAnswer>("GET", "/v1/consultations/slots", 200, { token });
    const startsAt = slotFor(i, slots);
    if (!startsAt)
      throw new Failure(`GET /v1/consultations/slots: no slot for client ${i} (${slots.slots.length} free)`);
    const booking = await json<BookingAnswer>("POST", "/v1/consultations", 201, {
      token,
      body: {
        name: "Banco Carico",
        email,
        phone: null,
        kind: "video",
        startsAt,
        practiceId,
        privacyAccepted: true,
      },
    });
    if (booking.status !== "booked")
      throw new Failure(`POST /v1/consultations: ${booking.status}, not booked`);
    end();
    rec.journeys.push(performance.now() - started);
  } catch (error) {
    const message = error instanceof Failure ? error.message : `${(error as Error).message ?? error}`;
    rec.fail(i, http.state.step, message);
  } finally {
    shared.socketsOpen.leave(i);
    shared.messagesIn.leave(i);
    socket?.close();
    http.close();
  }
}

// ─── The table ──────────────────────────────────────────────────────────────────────────────────────────

/** Nearest rank. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}
const ms = (n: number) => (Number.isNaN(n) ? "—" : n < 100 ? n.toFixed(1) : n.toFixed(0));

function printTable(rec: Recorder, clients: number) {
  const header = ["step / call", "requests", "errors", "p50 ms", "p95 ms", "step p50", "step p95"];
  const lines: string[][] = [];
  for (const step of STEPS) {
    const timed = rec.requests.filter((r) => r.step === step);
    const times = timed.map((r) => r.ms);
    const spent = rec.stepTimes.get(step) ?? [];
    const errors = rec.errors.filter((e) => e.step === step).length;
    lines.push([
      STEP_LABELS[step],
      String(times.length),
      String(errors),
      ms(percentile(times, 0.5)),
      ms(percentile(times, 0.95)),
      ms(percentile(spent, 0.5)),
      ms(percentile(spent, 0.95)),
    ]);
    const calls = [...new Set(timed.map((r) => r.call))];
    for (const call of calls) {
      const of = timed.filter((r) => r.call === call).map((r) => r.ms);
      lines.push([
        `    ${call}`,
        String(of.length),
        "",
        ms(percentile(of, 0.5)),
        ms(percentile(of, 0.95)),
        "",
        "",
      ]);
    }
    if (step === "chat")
      lines.push([
        "    message on its writer's socket (from the POST)",
        String(rec.deliveries.length),
        "",
        ms(percentile(rec.deliveries, 0.5)),
        ms(percentile(rec.deliveries, 0.95)),
        "",
        "",
      ]);
  }
  const all = rec.requests.map((r) => r.ms);
  lines.push([
    `total (${rec.journeys.length}/${clients} journeys whole)`,
    String(all.length),
    String(rec.errors.length),
    ms(percentile(all, 0.5)),
    ms(percentile(all, 0.95)),
    ms(percentile(rec.journeys, 0.5)),
    ms(percentile(rec.journeys, 0.95)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const fmt = (cells: string[]) =>
    `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[0] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ")}`;
  console.info(fmt(header));
  for (const line of lines) console.info(fmt(line));
  console.info(
    "  p50/p95: each request of the step (a socket's: the upgrade to the subscription's catch-up); step p50/p95:",
  );
  console.info(
    "  each client's time in the step, the waits for the other clients' sockets and messages left out (the",
  );
  console.info(
    "  mailed link's wait included); total: every request, and each whole journey with its waits.",
  );
}

function printErrors(rec: Recorder) {
  for (const { client, step, message, at } of rec.errors.slice(0, 20))
    console.info(
      client === null
        ? `  ERROR at +${(at / 1000).toFixed(1)} s, the cluster: ${message}`
        : `  ERROR at +${(at / 1000).toFixed(1)} s, client ${client} (${addressOf(client)}), ${step}: ${message}`,
    );
  if (rec.errors.length > 20) console.info(`  … and ${rec.errors.length - 20} more`);
}

// ─── The runs ───────────────────────────────────────────────────────────────────────────────────────────

async function runJourneys(clients: number, target: Target, rec: Recorder): Promise<void> {
  const shared: Shared = {
    socketsOpen: new Barrier(clients),
    messagesIn: new Barrier(clients),
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => journey(i, target, shared, rec)));
}

async function onPglite(clients: number): Promise<Recorder> {
  const product = await startProduct(null, {
    ACCESS_TOKEN_TTL_SECONDS: "3600",
    DEV_MAILBOX_KEY: MAILBOX_KEY,
  });
  try {
    const rec = new Recorder();
    await runJourneys(
      clients,
      {
        base: product.address,
        readMails: async (http) => http.json("GET", `/v1/dev/mailbox?key=${MAILBOX_KEY}`, 200),
        // 0.25, 0.5, 1, 2, then 3 s: within the mailbox's 30 reads a minute of an address.
        mailPollMs: (attempt) => Math.min(3_000, 250 * 2 ** attempt),
      },
      rec,
    );
    console.info(
      `\nJourney load on PGlite: ${clients} clients at once, one API process (main.ts, demo data), ` +
        `${since(rec.t0)} s`,
    );
    printTable(rec, clients);
    if (rec.reopened) console.info(`  live sockets dropped by the server and opened again: ${rec.reopened}`);
    printErrors(rec);
    return rec;
  } finally {
    await product.stop();
  }
}

/** Why the cluster cannot run here, or null. */
async function clusterMissing(): Promise<string | null> {
  if (!nginxAvailable()) return `no nginx at ${NGINX} (NGINX_PATH)`;
  const url = process.env.CLUSTER_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return null;
  } catch (error) {
    const shown = new URL(url);
    shown.password = "";
    return `PostgreSQL unreachable at ${shown.href} (CLUSTER_POSTGRES_URL): ${(error as Error).message}`;
  } finally {
    await client.end().catch(() => {});
  }
}

async function onCluster(clients: number, port: number): Promise<Recorder> {
  const unexpected: string[] = [];
  const cluster: Cluster = await startCluster({
    port,
    quietProxy: true,
    env: { ACCESS_TOKEN_TTL_SECONDS: "3600" },
    onUnexpectedExit: (name, code) => unexpected.push(`${name} ended (${code})`),
  });
  try {
    const rec = new Recorder();
    // The rolling restart once the first client has signed in: the clients are then spread from registration
    // to checkout, and a process takes seconds to be ready again (more under this load), so the second one
    // restarts while they check out, send their URLs, hold their sockets open and book.
    const restart: {
      done: Promise<void> | null;
      windows: { index: number; from: number; to: number }[];
    } = { done: null, windows: [] };
    rec.onStepDone = (step) => {
      if (restart.done || step !== "sign-in") return;
      restart.done = (async () => {
        for (const index of cluster.apiPorts.keys()) {
          const from = performance.now() - rec.t0;
          await cluster.restartApi(index);
          restart.windows.push({ index, from, to: performance.now() - rec.t0 });
        }
      })().catch((error: Error) => {
        rec.fail(null, null, `the rolling restart: ${error.message}`);
      });
    };
    await runJourneys(
      clients,
      {
        base: cluster.publicUrl,
        // The capture's own HTTP server, not the product: these reads are not timed as requests.
        readMails: async () => {
          const res = await fetch(`${cluster.mailUrl}/v1/dev/mailbox`);
          if (!res.ok) throw new Failure(`mail capture: ${res.status}`);
          return (await res.json()) as { to: string; text: string }[];
        },
        mailPollMs: () => 250,
      },
      rec,
    );
    const ended = performance.now() - rec.t0;
    await restart.done;
    for (const line of unexpected) rec.fail(null, null, line);
    console.info(
      `\nJourney load on PostgreSQL: ${clients} clients at once, two API processes behind nginx ` +
        `(scripts/cluster), a rolling restart on the way, ${(ended / 1000).toFixed(1)} s`,
    );
    printTable(rec, clients);
    const s = (at: number) => `+${(at / 1000).toFixed(1)} s`;
    console.info(
      "  rolling restart (the runbook's: SIGTERM, the exit, the start, /readyz, then the next), " +
        `from the first client's sign-in; the journeys ran from +0.0 s to ${s(ended)}:`,
    );
    for (const { index, from, to } of restart.windows) {
      const during = rec.requests.filter((r) => r.at >= from && r.at <= to);
      const steps = STEPS.map((step) => [step, during.filter((r) => r.step === step).length] as const)
        .filter(([, n]) => n > 0)
        .map(([step, n]) => `${step} ${n}`)
        .join(", ");
      const failed = rec.errors.filter((e) => e.at >= from && e.at <= to).length;
      console.info(
        `    process ${index + 1} (port ${cluster.apiPorts[index]}): SIGTERM at ${s(from)}, ready at ${s(to)} ` +
          `(${((to - from) / 1000).toFixed(1)} s); ${during.length} requests started meanwhile` +
          `${steps ? ` (${steps})` : " (the journeys had ended)"}, ${failed} failed`,
      );
    }
    if (!restart.done) console.info("    not started: no client signed in");
    console.info(`  live sockets dropped by a restarting process and opened again: ${rec.reopened}`);
    if (rec.errors.length) {
      printErrors(rec);
      // What the proxy and the processes said about it, before the cluster's folder goes. A connection a
      // stopped process refused is passed on to the other one (max_fails=0): counted, not shown.
      const lines = (file: string) => (existsSync(file) ? readFileSync(file, "utf8").split("\n") : []);
      const tail = (file: string, keep: (line: string) => boolean) => lines(file).filter(keep).slice(-8);
      const proxyLog = join(cluster.dir, "nginx-error.log");
      const refused = lines(proxyLog).filter((l) => /connect\(\) failed \(111/.test(l)).length;
      console.info(`  nginx: ${refused} connection(s) refused by a stopped process, passed on to the other`);
      for (const line of tail(proxyLog, (l) => /upstream/.test(l) && !/connect\(\) failed \(111/.test(l)))
        console.info(`  nginx: ${line.slice(0, 400)}`);
      for (const line of tail(cluster.logFile, (l) => /"level":(50|60)/.test(l)))
        console.info(`  API log: ${line.slice(0, 400)}`);
    }
    return rec;
  } finally {
    await cluster.stop();
  }
}

/** Runs the scenario on each engine; answers the number of failed requests (0 for a clean run). */
export async function journeyLoadBench(options: JourneyLoadOptions): Promise<number> {
  const clients = options.clients ?? (options.smoke ? 8 : 50);
  const port = options.port ?? 3400;
  const engines = options.engines ?? ["pglite", "postgres"];
  console.info(
    `\nJourney load: ${clients} virtual clients at once, each the whole journey (questionnaire, registration, ` +
      "sign-in, claim, 3-D Secure checkout, takedown URLs, a chat message with every socket open, a booking)",
  );
  console.info(
    "  limits: none raised; each client speaks from a loopback address of its own (127.0.x.y) and is a new " +
      "account, so the per-address and per-account limits count one person each; access tokens last 1 h",
  );
  let errors = 0;
  if (engines.includes("pglite")) errors += (await onPglite(clients)).errors.length;
  if (engines.includes("postgres")) {
    const missing = await clusterMissing();
    if (missing) console.info(`\nJourney load on PostgreSQL: skipped, ${missing}`);
    else errors += (await onCluster(clients, port)).errors.length;
  }
  console.info(errors ? `\nJourney load: ${errors} error(s): FAILED` : "\nJourney load: 0 errors");
  return errors;
}
