import { randomUUID } from "node:crypto";
import { JSON_MAX_DEPTH } from "@argine/core/shared/fields";
import { MESSAGES } from "@argine/core/shared/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IdentityServer, randomIp, signIn, startIdentityServer } from "../test/identity.ts";
import { nestedJson, nestedMegabyte } from "../test/nested-json.ts";
import { DEFAULT_BODY_LIMIT } from "./rate-limits/route-limits.ts";

// What a request costs before we know who sends it. An anonymous caller of a route that wants an account is
// answered 401 before its body is read (a prober's bodies cost nothing), no body nests deeper than
// JSON_MAX_DEPTH (a 1 MB body nested 1 800 deep once held every request for a second and a half, and one
// 5 000 deep answered 500), and a write reads no more than its body limit (docs/limits.md).

const WRITES = ["POST", "PUT", "PATCH", "DELETE"];

/** The write calls that need no account (`security: []`): each is a decision, listed here on purpose. */
const PUBLIC_WRITES = [
  "POST /v1/auth/interactions/{uid}/login",
  "POST /v1/auth/interactions/{uid}/second-factor",
  "POST /v1/auth/unlock",
  // Anyone books the free consultation, and whoever holds its mail's link confirms, moves or cancels it
  // (ADR 031).
  "POST /v1/consultations",
  "POST /v1/consultations/manage/cancel",
  "POST /v1/consultations/manage/confirm",
  "POST /v1/consultations/manage/move",
  "POST /v1/feedback",
  "POST /v1/ideas",
  "POST /v1/newsletter",
  "POST /v1/newsletter/confirm",
  "POST /v1/partnerships",
  "POST /v1/sandbox/3ds/{intentId}",
  "POST /v1/sandbox/payment-methods",
  // A visitor leaves by the quick exit, which closes the thread with its token (ADR 030)…
  "POST /v1/support/thread/close",
  // …writes to the support team without an account…
  "POST /v1/support/thread/messages",
  // …and finds the thread again on any device through the answer mail's single-use link.
  "POST /v1/support/thread/resume",
  "POST /v1/users",
  "POST /v1/users/password-reset",
  "POST /v1/users/password-reset/confirm",
  "POST /v1/users/verification",
  "POST /v1/users/verification/resend",
  "POST /v1/webhooks/{provider}",
  "PUT /v1/storage/objects/{token}",
  // A visitor marks how far they have read the team's answers.
  "PUT /v1/support/thread/read",
];

/** Bodies of every kind: wrong, malformed, huge and nested, and well formed. */
const BODIES: Record<string, string> = {
  "a number": "12345",
  "malformed JSON": '{"a":',
  "an empty object": "{}",
  "1 MB nested 1 800 deep": nestedMegabyte(1800),
  "nested 100 000 deep": nestedJson(100_000),
  "a plausible object": JSON.stringify({ email: "prova@example.org", comment: "Un testo", status: "CLOSED" }),
};

interface Operation {
  security?: unknown[];
}

describe("request bounds", () => {
  let s: IdentityServer;
  let writes: { method: string; path: string; public: boolean }[] = [];

  beforeAll(async () => {
    s = await startIdentityServer("pglite");
    const doc = (await (await fetch(`${s.base}/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    writes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => WRITES.includes(method.toUpperCase()))
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          public: Array.isArray(op.security) && op.security.length === 0,
        })),
    );
  });
  afterAll(() => s.close());

  const send = (method: string, url: string, body: string, token?: string) =>
    fetch(`${s.base}${url}`, {
      method,
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": randomIp(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body,
    });

  it("knows which write calls are public", () => {
    const publicWrites = writes.filter((w) => w.public).map((w) => `${w.method} ${w.path}`);
    expect(publicWrites.sort()).toEqual(PUBLIC_WRITES);
    expect(writes.filter((w) => !w.public).length).toBeGreaterThan(40);
  });

  it("answers 401 to an anonymous write to every other route, whatever the body", async () => {
    const answers: string[] = [];
    for (const write of writes.filter((w) => !w.public)) {
      // Any value fits a path parameter: nothing is looked up before the caller is known.
      const url = write.path.replace(/\{\w+\}/g, randomUUID());
      for (const [kind, body] of Object.entries(BODIES)) {
        const res = await send(write.method, url, body);
        const answer = (await res.json()) as { code?: string; message?: string };
        if (res.status !== 401 || answer.message !== MESSAGES.unauthorized)
          answers.push(`${write.method} ${write.path} with ${kind}: ${res.status} ${answer.message}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it("leaves what is no route's alone: an unknown path is 404, a browser's preflight is answered", async () => {
    expect((await send("POST", "/v1/nessuna-rotta", "{}")).status).toBe(404);
    const preflight = await fetch(`${s.base}/v1/users/me`, {
      method: "OPTIONS",
      headers: { origin: s.base, "access-control-request-method": "PATCH" },
    });
    expect(preflight.status).toBe(204);
    // The provider's logout page loads its script with no token: signing out must not need one.
    expect((await fetch(`${s.base}/v1/auth/logout.js`)).status).toBe(200);
  });

  it("refuses a body nested deeper than the limit by its depth, on public and signed-in routes alike", async () => {
    const token = (await signIn(s, "cliente@demo.argine.it", "Demo!Argine2026")).tokens?.access_token;
    // Within a write's body limit (rate-limits/route-limits.ts): as deep as it fits, deep and padded, one too deep.
    const bodies = [
      nestedJson(DEFAULT_BODY_LIMIT / 2 - 1),
      nestedJson(1800, Math.floor(DEFAULT_BODY_LIMIT / 1800) - 8),
      nestedJson(JSON_MAX_DEPTH + 1),
    ];
    for (const body of bodies) {
      expect(body.length).toBeLessThan(DEFAULT_BODY_LIMIT);
      for (const [url, method, bearer] of [
        ["/v1/feedback", "POST", undefined],
        ["/v1/newsletter", "POST", undefined],
        ["/v1/users/me", "PATCH", token],
      ] as const) {
        const res = await send(method, url, body, bearer);
        expect(res.status, `${method} ${url}`).toBe(400);
        expect(((await res.json()) as { message: string }).message).toBe(MESSAGES.tooDeeplyNested);
      }
    }
  });

  it("refuses a body past a write's body limit by its length, nested or not, before reading it", async () => {
    const token = (await signIn(s, "cliente@demo.argine.it", "Demo!Argine2026")).tokens?.access_token;
    for (const body of [nestedJson(100_000), nestedMegabyte(1800)]) {
      for (const [url, method, bearer] of [
        ["/v1/feedback", "POST", undefined],
        ["/v1/users/me", "PATCH", token],
      ] as const) {
        const res = await send(method, url, body, bearer);
        expect(res.status, `${method} ${url}`).toBe(413);
        expect(((await res.json()) as { message: string }).message).toBe(MESSAGES.payloadTooLarge);
      }
    }
  });

  it("reads a body at the limit, and the route's own checks answer it", async () => {
    const res = await send("POST", "/v1/feedback", nestedJson(JSON_MAX_DEPTH));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).not.toBe(MESSAGES.tooDeeplyNested);
  });

  it("still validates the public writes", async () => {
    const feedback = await send("POST", "/v1/feedback", "{}");
    expect(feedback.status).toBe(400);
    const newsletter = await send(
      "POST",
      "/v1/newsletter",
      JSON.stringify({ email: "non-una-mail", privacyAccepted: true }),
    );
    expect(newsletter.status).toBe(400);
    expect(((await newsletter.json()) as { message: string }).message).toBe(MESSAGES.invalidEmail);
    const nul = await send(
      "POST",
      "/v1/newsletter",
      JSON.stringify({ email: "a\u0000b", privacyAccepted: true }),
    );
    expect(((await nul.json()) as { message: string }).message).toBe(MESSAGES.controlCharacters);
    const malformed = await send("POST", "/v1/newsletter", '{"email":');
    expect(((await malformed.json()) as { message: string }).message).toBe(MESSAGES.malformedJson);
  });
});
