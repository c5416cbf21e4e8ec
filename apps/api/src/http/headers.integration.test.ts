import { mkdtempSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { romeCalendarDay } from "@argine/core/shared/calendar";
import { MESSAGES } from "@argine/core/shared/messages";
import type { DbHandle } from "@argine/db/client";
import { openTestDb } from "@argine/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revengePornAnswers } from "../../test/feedback-answers.ts";
import { fixtureWebBuild, testConfig } from "../../test/helpers.ts";
import { type IdentityServer, randomIp, startIdentityServer } from "../../test/identity.ts";
import { freePort } from "../../test/ports.ts";
import { PRODUCTION_ENV } from "../../test/production-env.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";

// Every kind of answer the server gives (a page, an asset, the API, a download, the API reference, the live
// socket's refusal, the provider's) carries the security headers of http/security.ts, and every refusal,
// wherever it is made (a route, Fastify before routing, Node's parser on the socket), has the one error
// shape in Italian with its request id (http/errors.ts).

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** `text` written on a new socket as it is; the answer read until the server closes the connection. */
function raw(port: number, text: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      received += chunk;
    });
    // The server may close before reading all of what it refuses.
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      const [head = "", ...rest] = received.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const status = Number(statusLine.split(" ")[1]);
      if (!status) reject(new Error(`no HTTP answer: ${JSON.stringify(received.slice(0, 200))}`));
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(":");
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status, headers, body: rest.join("\r\n\r\n") });
    });
    socket.on("connect", () => socket.write(text));
    const timer = setTimeout(() => socket.destroy(), 10_000);
  });
}

async function answerOf(res: Response): Promise<Answer> {
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
}

/**
 * What is wrong with an answer's security headers: nothing, or one line a problem. A document carries the
 * documents' set; a JSON answer the API's, or the documents' where its writer cannot know it is JSON (the
 * provider's, under /oidc): the stricter checks of each (ADR 047).
 */
function headerProblems(a: Answer, production = false): string[] {
  const h = a.headers;
  const problems: string[] = [];
  const csp = new Map(
    (h["content-security-policy"] ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = "", ...values]) => [name, values]),
  );
  const json = (h["content-type"] ?? "").startsWith("application/json");
  if (json && csp.get("default-src")?.join(" ") === "'none'") {
    // May load nothing, be framed by nobody.
    if (csp.size !== 2 || csp.get("frame-ancestors")?.join(" ") !== "'none'")
      problems.push(`API CSP: ${h["content-security-policy"]}`);
  } else {
    const scripts = csp.get("script-src") ?? [];
    if (!scripts.includes("'self'")) problems.push(`script-src: ${scripts.join(" ")}`);
    if (scripts.some((s) => s === "'unsafe-inline'" || s === "'unsafe-eval'"))
      problems.push(`script-src unsafe: ${scripts.join(" ")}`);
    for (const directive of ["object-src", "base-uri", "frame-ancestors"])
      if (csp.get(directive)?.join(" ") !== "'none'")
        problems.push(`${directive}: ${csp.get(directive)?.join(" ")}`);
    if (production !== csp.has("upgrade-insecure-requests")) problems.push("upgrade-insecure-requests");
    const permissions = (h["permissions-policy"] ?? "").split(/,\s*/);
    for (const denied of ["camera=()", "microphone=()", "geolocation=()", "payment=()"])
      if (!permissions.includes(denied)) problems.push(`permissions-policy without ${denied}`);
    if (h["cross-origin-opener-policy"] !== "same-origin") problems.push("cross-origin-opener-policy");
  }
  if (h["x-content-type-options"] !== "nosniff") problems.push(`nosniff: ${h["x-content-type-options"]}`);
  if (h["referrer-policy"] !== "no-referrer") problems.push(`referrer-policy: ${h["referrer-policy"]}`);
  if (h["x-frame-options"] !== "DENY") problems.push(`x-frame-options: ${h["x-frame-options"]}`);
  if (h["cross-origin-resource-policy"] !== "same-origin")
    problems.push(`cross-origin-resource-policy: ${h["cross-origin-resource-policy"]}`);
  const hsts = h["strict-transport-security"];
  if (production ? hsts !== "max-age=31536000; includeSubDomains" : hsts !== undefined)
    problems.push(`strict-transport-security: ${hsts}`);
  return problems;
}

const UPGRADE =
  "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n";

const today = romeCalendarDay(new Date());
const daysAgo = (n: number) => {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

describe("every kind of answer", () => {
  let s: IdentityServer;
  let port: number;
  let practiceId: string;

  beforeAll(async () => {
    s = await startIdentityServer("pglite");
    port = Number(new URL(s.base).port);
    const created = await fetch(`${s.base}/v1/feedback`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({
        answers: revengePornAnswers(daysAgo(10), daysAgo(3)),
        statementOfTruth: true,
        privacyAccepted: true,
      }),
    });
    practiceId = ((await created.json()) as { practiceId: string }).practiceId;
  });
  afterAll(() => s.close());

  const get = async (path: string, headers: Record<string, string> = {}) =>
    answerOf(await fetch(`${s.base}${path}`, { headers: { "x-forwarded-for": randomIp(), ...headers } }));
  const post = async (path: string, contentType: string, body: string) =>
    answerOf(
      await fetch(`${s.base}${path}`, {
        method: "POST",
        headers: { "content-type": contentType, "x-forwarded-for": randomIp() },
        body,
      }),
    );
  const rawGet = (path: string, extra = "") =>
    raw(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${randomIp()}\r\n${extra}\r\n`);

  /** Each answer that is no refusal, and the caching it must ask for. */
  const ANSWERS: Record<string, [() => Promise<Answer>, number, string | undefined]> = {
    "a page": [() => get("/"), 200, "no-cache"],
    // The same shell for everyone: the person's data comes through the API, never kept.
    "the dashboard's page": [() => get("/dashboard"), 200, "no-cache"],
    "an asset": [() => get("/assets/app-abc123.js"), 200, "public, max-age=31536000, immutable"],
    "an API answer": [() => get("/v1/products"), 200, "no-store"],
    "a download": [() => get(`/v1/practices/${practiceId}/feedback.pdf`), 200, "no-store"],
    "the API reference": [() => get("/v1/docs/"), 200, "no-store"],
    "the API reference's script": [() => get("/v1/docs/static/swagger-initializer.js"), 200, "no-store"],
    "the OpenAPI document": [() => get("/v1/openapi.json"), 200, "no-store"],
    "the provider's discovery": [() => get("/oidc/.well-known/openid-configuration"), 200, undefined],
  };

  it("carries the security headers and its caching on every answer", async () => {
    const problems: string[] = [];
    for (const [kind, [send, status, caching]] of Object.entries(ANSWERS)) {
      const answer = await send();
      if (answer.status !== status) problems.push(`${kind}: status ${answer.status}`);
      problems.push(...headerProblems(answer).map((p) => `${kind}: ${p}`));
      if (caching && answer.headers["cache-control"] !== caching)
        problems.push(`${kind}: cache-control ${answer.headers["cache-control"]}`);
    }
    expect(problems).toEqual([]);
  });

  /** Each refusal: how it is asked for, and the status, code and message it gets. */
  const REFUSALS: Record<string, [() => Promise<Answer>, number, string, string]> = {
    "an unknown API path": [() => get("/v1/nessuna-rotta"), 404, "NOT_FOUND", MESSAGES.notFound],
    "a private call without a token": [() => get("/v1/users/me"), 401, "UNAUTHORIZED", MESSAGES.unauthorized],
    "malformed JSON": [
      () => post("/v1/newsletter", "application/json", '{"email":'),
      400,
      "BAD_REQUEST",
      MESSAGES.malformedJson,
    ],
    "an unknown content type": [
      () => post("/v1/newsletter", "application/xml", "<email/>"),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      MESSAGES.unsupportedMediaType,
    ],
    // Refused by its announced length, before a byte of it is read.
    "a body over 1 MB": [
      () =>
        raw(
          port,
          `POST /v1/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${randomIp()}\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\n\r\n{"email":`,
        ),
      413,
      "PAYLOAD_TOO_LARGE",
      MESSAGES.payloadTooLarge,
    ],
    // Fastify's refusals before routing (frameworkErrors).
    "a malformed URL": [() => get("/v1/%zz"), 400, "BAD_REQUEST", MESSAGES.malformedUrl],
    "a page's malformed URL": [() => get("/%zz"), 400, "BAD_REQUEST", MESSAGES.malformedUrl],
    "a path parameter over the router's length": [
      () => get(`/v1/storage/objects/${"a".repeat(5000)}`),
      414,
      "URI_TOO_LONG",
      MESSAGES.uriTooLong,
    ],
    // Node's parser (clientErrorHandler): the answer written on the socket.
    "headers over 16 KB": [
      () => rawGet("/v1/products", `X-Grande: ${"a".repeat(20_000)}\r\n`),
      431,
      "HEADERS_TOO_LARGE",
      MESSAGES.headersTooLarge,
    ],
    "a URL over 16 KB": [
      () => rawGet(`/v1/products?q=${"a".repeat(20_000)}`),
      431,
      "HEADERS_TOO_LARGE",
      MESSAGES.headersTooLarge,
    ],
    "bytes that are not HTTP": [() => raw(port, "NIENTE\r\n\r\n"), 400, "BAD_REQUEST", MESSAGES.badRequest],
    "an invalid header": [
      () => raw(port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nNo Good: x\r\n\r\n"),
      400,
      "BAD_REQUEST",
      MESSAGES.badRequest,
    ],
    // Node's own bare 400, switched off (app.ts).
    "no Host": [
      () => raw(port, "GET /v1/products HTTP/1.1\r\nConnection: close\r\n\r\n"),
      400,
      "BAD_REQUEST",
      MESSAGES.badRequest,
    ],
    "the live socket's upgrade without a token": [
      () => rawGet("/v1/live", UPGRADE),
      401,
      "UNAUTHORIZED",
      MESSAGES.unauthorized,
    ],
    "an upgrade anywhere else": [() => rawGet("/v1/products", UPGRADE), 404, "NOT_FOUND", MESSAGES.notFound],
  };

  it("answers every refusal in the one error shape, in Italian, with its request id and the headers", async () => {
    const problems: string[] = [];
    for (const [kind, [send, status, code, message]] of Object.entries(REFUSALS)) {
      const answer = await send();
      problems.push(...headerProblems(answer).map((p) => `${kind}: ${p}`));
      if (answer.headers["cache-control"] !== "no-store")
        problems.push(`${kind}: cache-control ${answer.headers["cache-control"]}`);
      let body: unknown;
      try {
        body = JSON.parse(answer.body);
      } catch {
        body = answer.body;
      }
      const requestId = answer.headers["x-request-id"];
      const expected = { code, message, requestId };
      if (answer.status !== status || JSON.stringify(body) !== JSON.stringify(expected) || !requestId)
        problems.push(`${kind}: ${answer.status} ${answer.body.slice(0, 300)}`);
      if (!answer.headers["content-type"]?.startsWith("application/json"))
        problems.push(`${kind}: content-type ${answer.headers["content-type"]}`);
    }
    expect(problems).toEqual([]);
  });

  it("routes a request whose Expect it cannot meet instead of Node's bare 417", async () => {
    const body = "{}";
    const answer = await raw(
      port,
      `POST /v1/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${randomIp()}\r\nExpect: qualcosa\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(answer.status).toBe(400);
    expect((JSON.parse(answer.body) as { code: string }).code).toBe("BAD_REQUEST");
    expect(headerProblems(answer)).toEqual([]);
  });

  it("refuses a foreign origin: no CORS header on an answer, a refusal or a preflight", async () => {
    const foreign = { origin: "https://malintenzionato.example" };
    for (const path of ["/v1/products", "/v1/nessuna-rotta", "/v1/users/me"]) {
      const answer = await get(path, foreign);
      expect(answer.headers["access-control-allow-origin"], path).toBeUndefined();
      expect(answer.headers["access-control-allow-credentials"], path).toBeUndefined();
    }
    const preflight = await fetch(`${s.base}/v1/users/me`, {
      method: "OPTIONS",
      headers: { ...foreign, "access-control-request-method": "PATCH" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    // The site's own origin (PUBLIC_URL) is let in.
    expect((await get("/v1/products", { origin: s.base })).headers["access-control-allow-origin"]).toBe(
      s.base,
    );
  });
});

describe("the headers of a production server", () => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let port: number;
  const production = (env: Record<string, string> = {}) =>
    loadConfig({
      ...PRODUCTION_ENV,
      LOG_LEVEL: "silent",
      WEB_DIR: fixtureWebBuild(),
      DATA_DIR: mkdtempSync(join(tmpdir(), "argine-headers-")),
      PORT: String(port),
      ...env,
    });

  beforeAll(async () => {
    handle = await openTestDb("pglite");
    port = await freePort();
    app = await buildApp({ config: production(), handle });
    await app.listen({ port, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it("adds HSTS to every answer, the socket's refusals among them, and upgrade-insecure-requests to a document's", async () => {
    const answers = [
      await answerOf(await fetch(`http://127.0.0.1:${port}/`)),
      await answerOf(await fetch(`http://127.0.0.1:${port}/v1/products`)),
      await answerOf(await fetch(`http://127.0.0.1:${port}/v1/%zz`)),
      await raw(port, `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Grande: ${"a".repeat(20_000)}\r\n\r\n`),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 400, 431]);
    expect(answers.flatMap((a) => headerProblems(a, true))).toEqual([]);
  });

  it("serves no API reference unless API_DOCS says so", async () => {
    for (const url of ["/v1/docs/", "/v1/openapi.json"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe("NOT_FOUND");
    }
    const withDocs = await buildApp({ config: production({ API_DOCS: "true" }), handle });
    try {
      expect((await withDocs.inject({ method: "GET", url: "/v1/docs/" })).statusCode).toBe(200);
      expect((await withDocs.inject({ method: "GET", url: "/v1/openapi.json" })).statusCode).toBe(200);
    } finally {
      await withDocs.close();
    }
  });
});

describe("the Permissions-Policy with a card provider", () => {
  it("leaves the Payment Request API to the provider's frames only", async () => {
    const handle = await openTestDb("pglite");
    const stripe = {
      scriptSrc: ["https://js.stripe.com"],
      frameSrc: ["https://js.stripe.com", "https://hooks.stripe.com"],
    };
    const app = await buildApp({ config: testConfig(), handle, adapters: { csp: [stripe] } });
    try {
      const policy = String(
        (await app.inject({ method: "GET", url: "/assets/app-abc123.js" })).headers["permissions-policy"],
      );
      expect(policy).toContain('payment=("https://js.stripe.com" "https://hooks.stripe.com")');
      expect(policy).toContain("camera=()");
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
