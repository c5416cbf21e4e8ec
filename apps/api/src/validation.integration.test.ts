import { randomUUID } from "node:crypto";
import { MESSAGES } from "@argine/core/shared/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IdentityServer, randomIp, signIn, startIdentityServer } from "../test/identity.ts";

// A NUL character or a value of the wrong type in any text a route takes answered 500, and a third
// of the 400s spoke the schema library's English. This walks every documented /v1 route (from the OpenAPI
// document, so a new route is covered without touching this file) and, for each text it takes — path,
// query, body, however deep — sends NUL and then a wrong type inside an otherwise valid request.

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
}
interface Operation {
  security?: unknown[];
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Valid values for the fields whose rules a generic string would break. */
const VALID: Record<string, unknown> = {
  email: "prova@example.org",
  password: "Girasole-Lento-42",
  oldPassword: "Girasole-Lento-42",
  taxCode: "RSSMRA85T10A562S",
  zip: "00184",
  province: "RM",
  country: "IT",
  city: "Roma",
  cellPhone: "+393331234567",
  code: "PROVA-123",
  promo: "PROMO-1",
  role: "lawyer",
};

const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);

/** A value the schema accepts, as far as its JSON Schema tells (fields named in VALID get a real one). */
function example(schema: JsonSchema, name = ""): unknown {
  const option = schema.anyOf ?? schema.oneOf;
  if (option) return example(option.find((o) => o.type !== "null") ?? option[0] ?? {}, name);
  if (schema.allOf?.[0]) return example(schema.allOf[0], name);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (name in VALID) return VALID[name];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, example(v, k)]));
    case "array":
      return schema.items && (schema.minItems ?? 0) > 0 ? [example(schema.items)] : [];
    case "boolean":
      return true;
    case "number":
    case "integer": {
      const min = typeof schema.minimum === "number" ? schema.minimum : 1;
      const value =
        schema.exclusiveMinimum === true || typeof schema.exclusiveMinimum === "number" ? min + 1 : min;
      return Math.min(Math.max(value, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case "string": {
      if (schema.format === "date-time")
        return new Date(Date.now() + (/end|expire/i.test(name) ? 30 : 1) * 86_400_000).toISOString();
      if (schema.format === "date" || /Date$/.test(name)) return lastWeek;
      if (schema.format === "email") return VALID.email;
      if (schema.format === "uuid") return randomUUID();
      if (schema.format === "uri" || /url|link/i.test(name)) return "https://www.example.org/pagina";
      const text = "Testo di prova abbastanza lungo per ogni campo";
      return text.slice(
        0,
        Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? text.length, text.length)),
      );
    }
    default:
      return "prova";
  }
}

/** The paths of the strings in a value. */
function textPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => textPaths(v, [...path, i]));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => textPaths(v, [...path, k]));
  return [];
}

function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaced(copy[head], rest, by);
  return copy;
}

// What zod writes when nobody translated it.
const ENGLISH = /\b(invalid|expected|received|too (small|big)|unrecognized|must|should|required)\b/i;

interface Probe {
  label: string;
  method: string;
  url: string;
  body?: unknown;
  /** The exact message expected, or null for "any Italian message". */
  message: string | null;
  /** A route anyone may call (`security: []`): probed as a visitor, as its callers are. */
  public: boolean;
}

describe("every route that takes text answers NUL and wrong types with a 400 in Italian", () => {
  let s: IdentityServer;
  let token = "";
  let client = "";
  const probes: Probe[] = [];

  beforeAll(async () => {
    s = await startIdentityServer("pglite");
    token = (await signIn(s, "admin@demo.argine.it", "Demo!Argine2026")).tokens?.access_token ?? "";
    client = (await signIn(s, "cliente@demo.argine.it", "Demo!Argine2026")).tokens?.access_token ?? "";
    const doc = (await (await fetch(`${s.base}/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [lower, op] of Object.entries(methods)) {
        const method = lower.toUpperCase();
        const params = op.parameters ?? [];
        const pathParams = params.filter((p) => p.in === "path");
        const queryParams = params.filter((p) => p.in === "query");
        const pathValues = Object.fromEntries(
          pathParams.map((p) => [
            p.name,
            String(example(p.schema ?? { type: "string", format: "uuid" }, p.name)),
          ]),
        );
        // A path parameter named id is a uuid even where the document does not say so.
        for (const p of pathParams) if (p.name === "id") pathValues.id = randomUUID();
        const urlWith = (values: Record<string, string>, query = "") =>
          `/v1${path.replace(/^\/v1/, "").replace(/\{(\w+)\}/g, (_, n: string) => values[n] ?? "")}${query}`;
        const schema = op.requestBody?.content?.["application/json"]?.schema;
        const body = schema ? example(schema) : undefined;
        const label = `${method} ${path}`;
        const isPublic = Array.isArray(op.security) && op.security.length === 0;

        for (const p of pathParams) {
          probes.push({
            label: `${label} path ${p.name}=NUL`,
            public: isPublic,
            method,
            url: urlWith({ ...pathValues, [p.name]: "a%00b" }),
            body,
            message: MESSAGES.controlCharacters,
          });
        }
        for (const p of queryParams) {
          probes.push({
            label: `${label} query ${p.name}=NUL`,
            public: isPublic,
            method,
            url: urlWith(pathValues, `?${p.name}=a%00b`),
            message: MESSAGES.controlCharacters,
          });
          if (p.schema?.type === "integer" || p.schema?.type === "number") {
            probes.push({
              label: `${label} query ${p.name}=abc`,
              public: isPublic,
              method,
              url: urlWith(pathValues, `?${p.name}=abc`),
              message: MESSAGES.invalidNumber,
            });
          }
        }
        if (body !== undefined) {
          probes.push({
            label: `${label} body 12345`,
            public: isPublic,
            method,
            url: urlWith(pathValues),
            body: 12345,
            message: null,
          });
          for (const at of textPaths(body)) {
            const where = at.join(".");
            probes.push({
              label: `${label} body ${where}=NUL`,
              public: isPublic,
              method,
              url: urlWith(pathValues),
              body: replaced(body, at, "a\u0000b"),
              message: MESSAGES.controlCharacters,
            });
            probes.push({
              label: `${label} body ${where}=12345`,
              public: isPublic,
              method,
              url: urlWith(pathValues),
              body: replaced(body, at, 12345),
              message: null,
            });
          }
        }
      }
    }
  });
  afterAll(() => s.close());

  it("finds the routes that take text (the walk is not empty)", () => {
    const labels = probes.map((p) => p.label);
    expect(labels).toContain("PATCH /v1/users/me/invoice body province=12345");
    expect(labels).toContain("GET /v1/practices query q=NUL");
    expect(labels).toContain("POST /v1/practices/{id}/emails body subject=NUL");
    expect(labels).toContain("GET /v1/practices/{id} path id=NUL");
    expect(probes.length).toBeGreaterThan(150);
  });

  it("the sign-in provider's endpoints treat a NUL in a client id, code or token as unknown, not as a 500", async () => {
    const form = (path: string, body: string) =>
      fetch(`${s.base}/oidc${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
    const answers = [
      await fetch(`${s.base}/oidc/auth?client_id=a%00b&response_type=code&scope=openid`, {
        redirect: "manual",
      }),
      await form("/token", "grant_type=refresh_token&client_id=argine-web&refresh_token=a%00b"),
      await form(
        "/token",
        `grant_type=authorization_code&client_id=argine-web&code=a%00b&code_verifier=x&redirect_uri=${encodeURIComponent(`${s.base}/callback`)}`,
      ),
      await form("/token/revocation", "client_id=argine-web&token=a%00b"),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 200]);
  });

  it("removes the invisible characters that would disguise a name to the staff who read it", async () => {
    const headers = {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "x-forwarded-for": randomIp(),
    };
    // A right-to-left override would show "Mario exe.png" for what is written "Mario gnp.exe".
    const res = await fetch(`${s.base}/v1/users/me`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ name: "Ma\u200Brio\u202E", lastname: "Ro\u2066ssi\u2069" }),
    });
    expect(res.status).toBe(200);
    const me = (await (await fetch(`${s.base}/v1/users/me`, { headers })).json()) as {
      name: string;
      lastname: string;
    };
    expect([me.name, me.lastname]).toEqual(["Mario", "Rossi"]);
  });

  it("answers each probe 400 with an Italian message, never 500", async () => {
    const failures: string[] = [];
    // Every write is limited per account (docs/limits.md): the probes of a route take turns between two
    // accounts (the admin alone for the admin's routes), and those of a public route come from visitors.
    const bearer = (probe: Probe, i: number) =>
      probe.public ? undefined : probe.url.startsWith("/v1/admin/") || i % 2 === 0 ? token : client;
    for (const [i, probe] of probes.entries()) {
      const caller = bearer(probe, i);
      const res = await fetch(`${s.base}${probe.url}`, {
        method: probe.method,
        headers: {
          ...(caller ? { authorization: `Bearer ${caller}` } : {}),
          "x-forwarded-for": randomIp(),
          "x-csrf-token": "x",
          ...(probe.body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: probe.body === undefined ? undefined : JSON.stringify(probe.body),
      });
      const answer = (await res.json().catch(() => ({}))) as {
        message?: string;
        details?: { issues?: { message: string }[] };
      };
      const messages = [answer.message ?? "", ...(answer.details?.issues ?? []).map((i) => i.message)];
      const ok =
        res.status === 400 &&
        (probe.message === null
          ? messages.every((m) => m !== "" && !ENGLISH.test(m))
          : answer.message === probe.message);
      if (!ok) failures.push(`${probe.label}: ${res.status} ${JSON.stringify(answer.message)}`);
    }
    expect(failures).toEqual([]);
  });
});
