import { readFileSync, writeFileSync } from "node:fs";
import { CONVERSATION_MESSAGES } from "@argine/core/conversations/conversation-messages";
import { SIGN_IN_FREE_FAILURES } from "@argine/core/identity/sign-in-guard";
import { CLAIM_MESSAGES } from "@argine/core/practices/claim";
import { MESSAGES } from "@argine/core/shared/messages";
import { DEMO_PASSWORD, DEMO_SHOP } from "@argine/db/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_BILLING } from "../../test/checkout.ts";
import { revengePornAnswers } from "../../test/feedback-answers.ts";
import { type IdentityServer, randomIp, signIn, startIdentityServer } from "../../test/identity.ts";
import { appliedRouteLimits } from "./apply-route-limits.ts";
import {
  type Counted,
  DEFAULT_WRITE,
  isWrite,
  type Limit,
  maxOf,
  type ResolvedLimits,
  ROUTE_LIMITS,
} from "./route-limits.ts";

// The limits' table (route-limits.ts) is what every route got, what docs/limits.md shows, and what a caller
// meets: every documented write is counted per account and per address, the docs' table is the code's rendered
// (LIMITS_DOC=write rewrites it), and each limit of issue 38's list refuses the call after its allowance with
// its message and Retry-After, not the one before.

const DOC = new URL("../../../../docs/limits.md", import.meta.url);
const [START, END] = ["<!-- limits:start -->", "<!-- limits:end -->"];

const MINUTE = 60_000;
const windowText = (ms: number) =>
  ms % (60 * MINUTE) === 0
    ? `${ms / (60 * MINUTE)} h`
    : ms % MINUTE === 0
      ? `${ms / MINUTE} min`
      : `${ms / 1000} s`;
const bytesText = (bytes: number) =>
  bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MB`
    : bytes % 1024 === 0
      ? `${bytes / 1024} KB`
      : `${bytes} B`;

/** The name of a message in core, as the table shows it (the legend below it gives the text). */
const MESSAGE_NAMES = new Map<string, string>(
  Object.entries({ MESSAGES, CONVERSATION_MESSAGES, CLAIM_MESSAGES })
    .flatMap(([group, messages]) =>
      Object.entries(messages)
        .filter((entry): entry is [string, string] => typeof entry[1] === "string")
        .map(([name, text]): [string, string] => [text, `${group}.${name}`]),
    )
    .reverse(),
);

const LABEL: Record<Counted, string> = {
  address: "",
  account: "",
  writer: " (writer)",
  newThread: " new threads",
};
/** The limits counted one of `kinds` ways, in that order; a window other than the row's is named. */
const cell = (limits: readonly Limit[], kinds: Counted[], window: number) =>
  kinds
    .flatMap((kind) => limits.filter((limit) => limit.per === kind))
    .map((l) => `${l.max}${LABEL[l.per]}${l.windowMs === window ? "" : ` / ${windowText(l.windowMs)}`}`)
    .join(", ") || "—";

const METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const byRoute = ([a]: [string, unknown], [b]: [string, unknown]) => {
  const [methodA = "", urlA = ""] = a.split(" ");
  const [methodB = "", urlB = ""] = b.split(" ");
  return urlA.localeCompare(urlB) || METHOD_ORDER.indexOf(methodA) - METHOD_ORDER.indexOf(methodB);
};

/** docs/limits.md's table, from what the routes got: a HEAD route counts with its GET and is not shown. */
function renderTable(applied: ReadonlyMap<string, ResolvedLimits>): string {
  const shared = new Map<string, number>();
  for (const limits of applied.values()) shared.set(limits.counter, (shared.get(limits.counter) ?? 0) + 1);
  const rows = [...applied].filter(([route]) => !route.startsWith("HEAD ")).sort(byRoute);
  const lines = [
    "| Route | Per address | Per account | Window | 429 message | Body | Row |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map(([route, limits]) => {
      const window = limits.limits[0]?.windowMs ?? MINUTE;
      const row = limits.isDefault
        ? "default"
        : limits.counter !== route && (shared.get(limits.counter) ?? 0) > 1
          ? `shared: ${limits.counter}`
          : "own";
      return `| \`${route}\` | ${cell(limits.limits, ["address", "newThread"], window)} | ${cell(
        limits.limits,
        ["account", "writer"],
        window,
      )} | ${windowText(window)} | ${MESSAGE_NAMES.get(limits.message) ?? limits.message} | ${
        limits.bodyLimit === undefined ? "—" : bytesText(limits.bodyLimit)
      } | ${row} |`;
    }),
  ];
  const messages = [...new Set(rows.map(([, limits]) => limits.message))].sort((a, b) =>
    (MESSAGE_NAMES.get(a) ?? a).localeCompare(MESSAGE_NAMES.get(b) ?? b),
  );
  const legend = [
    "| Message | Text |",
    "| --- | --- |",
    ...messages.map((text) => `| ${MESSAGE_NAMES.get(text) ?? "?"} | ${text} |`),
  ];
  return [...lines, "", ...legend].join("\n");
}

describe("the limits' table", () => {
  let s: IdentityServer;
  let applied: ReadonlyMap<string, ResolvedLimits>;
  let client = "";

  beforeAll(async () => {
    s = await startIdentityServer("pglite");
    applied = appliedRouteLimits(s.app);
    client = (await signIn(s, "cliente@demo.argine.it", DEMO_PASSWORD)).tokens?.access_token ?? "";
  });
  afterAll(() => s.close());

  it("names only routes that exist, and each route got its row", () => {
    expect(Object.keys(ROUTE_LIMITS).filter((route) => !applied.has(route))).toEqual([]);
    for (const [route, limits] of Object.entries(ROUTE_LIMITS))
      expect(applied.get(route)?.limits, route).toEqual(limits.limits);
    // A HEAD route Fastify adds beside a GET counts in the GET's counters, never twice.
    for (const [route, limits] of applied)
      if (route.startsWith("HEAD "))
        expect(limits.counter).toBe(applied.get(route.replace("HEAD", "GET"))?.counter);
  });

  it("limits every documented write per account and per address, with a body limit", async () => {
    const doc = (await (await fetch(`${s.base}/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const writes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .map((method) => method.toUpperCase())
        .filter(isWrite)
        .map((method) => `${method} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
    );
    expect(writes.length).toBeGreaterThan(80);
    const unlimited = writes.filter((route) => {
      const limits = applied.get(route);
      const counts = new Set(limits?.limits.map((limit) => limit.per));
      return !(
        limits &&
        counts.has("address") &&
        (counts.has("account") || counts.has("writer")) &&
        limits.bodyLimit !== undefined
      );
    });
    expect(unlimited).toEqual([]);
  });

  it("is the table of docs/limits.md", () => {
    const expected = renderTable(applied);
    const doc = readFileSync(DOC, "utf8");
    const [before, rest = ""] = doc.split(START);
    const [current, after = ""] = rest.split(END);
    if (process.env.LIMITS_DOC === "write") {
      writeFileSync(DOC, `${before}${START}\n${expected}\n${END}${after}`);
      return;
    }
    if (current?.trim() !== expected)
      console.info(
        `docs/limits.md is not the code's table: paste this between its markers, or run with LIMITS_DOC=write\n\n${expected}\n`,
      );
    expect(current?.trim()).toBe(expected);
  });

  /**
   * Each limit of issue 38's list: `max` calls from one address (one of its own per row) pass the limit, the
   * next is refused with the row's message and Retry-After. The number comes from the table: the row's limit
   * counted `per`, the lowest one that binds the calls the row makes.
   */
  interface Case {
    route: string;
    per: Counted;
    /** Signed in as the demo client, or a visitor. */
    signedIn?: true;
    /** The i-th call's path, when it has parameters, and its body. */
    path?: (i: number) => string;
    body?: (i: number) => unknown;
  }
  const uuid = () => crypto.randomUUID();
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const CASES: Case[] = [
    {
      route: "POST /v1/users",
      per: "address",
      body: (i) => ({
        name: "Bianca",
        lastname: "Verdi",
        email: `limiti.registrazione.${i}@example.org`,
        password: "Tranquilla-Lenta-42",
        privacyConsent: true,
      }),
    },
    {
      route: "POST /v1/users/password-reset",
      per: "address",
      body: (i) => ({ email: `limiti.reset.${i}@example.org` }),
    },
    {
      route: "POST /v1/users/verification/resend",
      per: "address",
      body: (i) => ({ email: `limiti.invio.${i}@example.org` }),
    },
    {
      route: "POST /v1/feedback",
      per: "address",
      body: () => ({
        answers: revengePornAnswers(day(10), day(3)),
        statementOfTruth: true,
        privacyAccepted: true,
      }),
    },
    {
      route: "POST /v1/practices/claim",
      per: "account",
      signedIn: true,
      body: () => ({ ticketCode: "AR-22222222", claimKey: "2222-2222" }),
    },
    // Right codes: the wrong-code guard (orders/wrong-codes.ts) counts only wrong ones.
    {
      route: "POST /v1/voucher/verify",
      per: "account",
      signedIn: true,
      body: () => ({ voucherCode: DEMO_SHOP.voucher }),
    },
    {
      route: "POST /v1/giftcard/verify",
      per: "account",
      signedIn: true,
      body: () => ({ code: DEMO_SHOP.giftCard }),
    },
    {
      route: "POST /v1/orders",
      per: "account",
      signedIn: true,
      // A well-formed checkout of a practice that is not the caller's: refused after the limit has counted it.
      body: () => ({
        practiceId: uuid(),
        items: ["TAKEDOWN"],
        invoice: TEST_BILLING,
        salesConditionsAccepted: true,
        withdrawalWaiverAccepted: true,
        idempotencyKey: uuid(),
      }),
    },
    {
      route: "GET /v1/services/:id/signed-url",
      per: "account",
      signedIn: true,
      path: () => `/v1/services/${uuid()}/signed-url?fileName=prove.pdf&size=1000`,
    },
    {
      route: "PATCH /v1/services/:serviceId/upload",
      per: "account",
      signedIn: true,
      path: () => `/v1/services/${uuid()}/upload`,
      body: () => ({ fileName: "prove.pdf", serviceType: "TAKEDOWN" }),
    },
    {
      route: "POST /v1/support/thread/messages",
      per: "writer",
      signedIn: true,
      body: (i) => ({ text: `Una riga al team, la numero ${i}.` }),
    },
    {
      route: "POST /v1/consultations",
      per: "address",
      body: (i) => ({
        name: "Lucia Verdi",
        email: `limiti.consulenza.${i}@example.org`,
        phone: "347 765 4321",
        kind: "phone",
        startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        privacyAccepted: true,
      }),
    },
    {
      route: "POST /v1/newsletter",
      per: "address",
      body: (i) => ({ email: `limiti.newsletter.${i}@example.org`, privacyAccepted: true }),
    },
    {
      route: "POST /v1/partnerships",
      per: "address",
      body: (i) => ({
        name: "Maria D'Amico",
        email: `limiti.collabora.${i}@example.org`,
        organization: "Studio Legale D'Amico",
        kind: "LAW_FIRM",
        message: "Vorremmo offrire consulenze gratuite alle vittime di diffamazione online.",
        privacyAccepted: true,
      }),
    },
    {
      route: "POST /v1/ideas",
      per: "address",
      body: (i) => ({
        name: "Luca Bianchi",
        email: `limiti.idea.${i}@example.org`,
        title: "Un corso per le scuole",
        description: "Tre incontri nelle scuole medie per spiegare come difendersi dal cyberbullismo.",
        privacyAccepted: true,
      }),
    },
    // A write with no row of its own: the default, per account.
    {
      route: "POST /v1/giftcard/request",
      per: "account",
      signedIn: true,
      body: () => ({ promo: "NESSUNO" }),
    },
  ];

  it("has rows for every limit of issue 38's list, the default included", () => {
    expect(
      CASES.find((c) => c.route === "POST /v1/giftcard/request" && !ROUTE_LIMITS[c.route]),
    ).toBeDefined();
    for (const { route } of CASES) expect(applied.has(route), route).toBe(true);
  });

  it.each(CASES)("$route: the call after its allowance per $per is refused", async (c) => {
    const max = maxOf(c.route, c.per);
    const { message } = ROUTE_LIMITS[c.route] ?? DEFAULT_WRITE;
    const [method = "", url = ""] = c.route.split(" ");
    const address = randomIp();
    const send = (i: number) =>
      fetch(`${s.base}${c.path?.(i) ?? url}`, {
        method,
        headers: {
          "x-forwarded-for": address,
          ...(c.signedIn ? { authorization: `Bearer ${client}` } : {}),
          ...(c.body ? { "content-type": "application/json" } : {}),
        },
        ...(c.body ? { body: JSON.stringify(c.body(i)) } : {}),
      });
    for (let i = 0; i < max; i++) {
      const res = await send(i);
      expect(res.status, `call ${i + 1} of ${max}: ${await res.text()}`).not.toBe(429);
    }
    const refused = await send(max);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(message);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("POST /v1/auth/interactions/:uid/login: the sign-in guard holds an address back after its free failures", async () => {
    // Failures, not calls, are counted (identity/sign-in-guard.ts, ADR 035): the free ones answer 401, then a
    // growing wait; the first held attempt comes within a few more, however slow the machine.
    const from = randomIp();
    const statuses: number[] = [];
    let held: Awaited<ReturnType<typeof signIn>> | undefined;
    for (let i = 0; i < SIGN_IN_FREE_FAILURES + 4 && !held; i++) {
      const attempt = await signIn(s, `limiti.accesso.${i}@example.org`, "Sbagliata-42", from, {
        prompt: "login",
      });
      if (attempt.status === 429) held = attempt;
      else statuses.push(attempt.status);
    }
    expect(statuses.slice(0, SIGN_IN_FREE_FAILURES)).toEqual(Array(SIGN_IN_FREE_FAILURES).fill(401));
    expect(held?.body?.message.startsWith(MESSAGES.loginDelayed("").split("fra")[0] ?? "")).toBe(true);
    expect(Number(held?.retryAfter)).toBeGreaterThan(0);
  });
});
