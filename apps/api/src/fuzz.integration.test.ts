import { ERROR_STATUS } from "@argine/core/errors/error-codes";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IdentityServer, randomIp, signIn, startIdentityServer } from "../test/identity.ts";

// Bad input, generated (issue 38): requests that are certainly invalid, drawn by fast-check over every
// operation of the OpenAPI document (whose schemas are core's zod schemas): wrong types, missing and unknown
// shapes, 1 MB strings, deep nesting, control characters (beside bidirectional ones), nulls, arrays for
// objects, NaN and negative amounts, bad UUIDs and query strings, wrong content types, bad JSON. Every answer is
// a 4xx JSON body in the one error shape (a known code, a message, the request id) with no internals, never a
// 5xx, and no table has a row more or less afterwards. FUZZ_RUNS sets the count (CI 2 000; the long mode
// 10 000 or more: `FUZZ_RUNS=10000 npx vitest run apps/api/src/fuzz.integration.test.ts`).

const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  minimum?: number;
  format?: string;
};
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
}

/** A value the schema takes, as far as a simple reading goes (enough to reach the field under attack). */
function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sample(variant, depth + 1);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [name, sample(schema.properties?.[name], depth + 1)]),
      );
    case "array":
      return [];
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return true;
    default:
      return schema.format === "uuid" ? "6f1c1a52-4a0e-4d7b-9a39-0b8f3c2d1e03" : "testo";
  }
}

const typeOf = (schema: Schema | undefined) => {
  const type = schema?.type ?? schema?.anyOf?.[0]?.type ?? schema?.oneOf?.[0]?.type;
  return Array.isArray(type) ? type[0] : type;
};

/** A value of another JSON kind than the field takes, never one it would coerce (an object for a scalar). */
const wrongFor = (schema: Schema | undefined) => {
  const type = typeOf(schema);
  if (type === "object") return fc.constantFrom<unknown>("testo", 42, [1, 2], true);
  if (type === "array") return fc.constantFrom<unknown>({ a: 1 }, "testo", 42);
  return fc.constantFrom<unknown>({ a: 1 }, [[1]], { $gt: "" });
};

const CONTROL = fc.constantFrom("\u0000", "\u0007", "\u001b[31m", "\u007f", "\u000b");
const BIDI = fc.constantFrom("\u202e", "\u2066", "\u200f", "");
const BAD_IDS = fc.constantFrom(
  "non-un-uuid",
  "0",
  "-1",
  "6f1c1a52-4a0e-4d7b-9a39-0b8f3c2d1e0",
  "6f1c1a52-4a0e-4d7b-9a39-0b8f3c2d1e03%00",
  "..%2F..%2Fetc%2Fpasswd",
  "%E2%80%AEdip",
  "x".repeat(5_000),
  "null",
  "NaN",
  "%7B%22%24gt%22%3A%22%22%7D",
);
const BAD_JSON = fc.constantFrom(
  "{",
  '{"a":',
  "{'a': 1}",
  '{"a": NaN}',
  '{"a": -Infinity}',
  '{"a": 1,}',
  "[1, 2",
  '{"__proto__": {"admin": true}, "a": }',
  "\u0000",
  "undefined",
);
const deep = (levels: number) => "[".repeat(levels) + "]".repeat(levels);

/** One request: method, URL, headers and raw body, and why it is invalid. */
interface Attempt {
  why: string;
  method: string;
  url: string;
  contentType?: string;
  body?: string;
}

function pathWith(operation: Operation, replace?: (name: string) => string): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(replace ? replace(name) : "6f1c1a52-4a0e-4d7b-9a39-0b8f3c2d1e03"),
  );
}

/** The invalid requests an operation may be sent. */
function attemptsFor(operation: Operation): fc.Arbitrary<Attempt>[] {
  const { method } = operation;
  const url = pathWith(operation);
  const arbitraries: fc.Arbitrary<Attempt>[] = [];
  const pathParams = operation.parameters.filter((p) => p.in === "path");
  if (pathParams.length)
    arbitraries.push(
      fc.tuple(BAD_IDS, CONTROL).map(([bad, control]) => ({
        why: "a bad path parameter",
        method,
        // A control character in it: never a valid id, whatever the parameter's schema.
        url: operation.path.replace(/\{(\w+)\}/g, () => encodeURIComponent(bad + control)),
        ...(operation.body
          ? { contentType: "application/json", body: JSON.stringify(sample(operation.body)) }
          : {}),
      })),
    );
  const typedQuery = operation.parameters.filter(
    (p) =>
      p.in === "query" && (typeOf(p.schema) === "integer" || typeOf(p.schema) === "number" || p.schema?.enum),
  );
  if (typedQuery.length)
    arbitraries.push(
      fc
        .tuple(
          fc.constantFrom(...typedQuery),
          fc.constantFrom("NaN", "-1e999", "abc", "1.5e", "[]", "%00", "1; DROP TABLE users"),
          CONTROL,
        )
        .map(([param, value, control]) => ({
          why: `a bad query ${param.name}`,
          method,
          url: `${url}?${param.name}=${encodeURIComponent(value + control)}`,
        })),
    );
  if (!operation.body) return arbitraries;
  const valid = sample(operation.body) as Record<string, unknown>;
  const json = (why: string, body: unknown): Attempt => ({
    why,
    method,
    url,
    contentType: "application/json",
    body: JSON.stringify(body),
  });
  const objectBody = typeOf(operation.body) === "object";
  arbitraries.push(
    fc
      .constantFrom<unknown>([], [valid], null, 42, "testo", true)
      .map((body) => json("a body of another kind", body)),
    BAD_JSON.map((body) => ({ why: "bad JSON", method, url, contentType: "application/json", body })),
    fc
      .constantFrom(
        "text/plain",
        "application/xml",
        "application/x-www-form-urlencoded",
        "application/json-patch+json",
      )
      .map((contentType) => ({
        why: `a ${contentType} body`,
        method,
        url,
        contentType,
        body: JSON.stringify(valid),
      })),
    fc.integer({ min: 2_000, max: 20_000 }).map((levels) => ({
      why: "deep nesting",
      method,
      url,
      contentType: "application/json",
      body: objectBody ? `{"a":${deep(levels)}}` : deep(levels),
    })),
  );
  const properties = Object.entries(operation.body.properties ?? {});
  if (!objectBody || !properties.length) return arbitraries;
  const required = operation.body.required ?? [];
  if (required.length)
    arbitraries.push(
      fc.constantFrom(...required).map((name) => {
        const { [name]: _gone, ...rest } = valid;
        return json(`${name} missing`, rest);
      }),
    );
  arbitraries.push(
    fc
      .constantFrom(...properties)
      .chain(([name, schema]) =>
        wrongFor(schema).map((value) => json(`${name} of the wrong kind`, { ...valid, [name]: value })),
      ),
    fc
      .tuple(fc.constantFrom(...properties), CONTROL, BIDI, fc.string({ maxLength: 40 }))
      .map(([[name], control, bidi, text]) =>
        json(`${name} with a control character`, { ...valid, [name]: `${bidi}${text}${control}${text}` }),
      ),
    fc
      .constantFrom(...properties)
      .map(([name]) => json(`${name} of 1 MB`, { ...valid, [name]: "a".repeat(1024 * 1024 + 10) })),
  );
  const amounts = properties.filter(
    ([, schema]) => typeof schema.minimum === "number" && schema.minimum >= 0,
  );
  if (amounts.length)
    arbitraries.push(
      fc
        .tuple(fc.constantFrom(...amounts), fc.constantFrom(-1, -0.01, -1e9))
        .map(([[name, schema], below]) =>
          json(`${name} below its minimum`, { ...valid, [name]: (schema.minimum ?? 0) + below }),
        ),
    );
  return arbitraries;
}

/** Internals an answer must never show: stacks, source paths, SQL, the framework's English. */
const INTERNALS =
  /\bat .+\.(ts|js):\d+|node_modules|\/work\/|\/src\/|\bSELECT\b|\bINSERT\b|syntax error|TypeError|ReferenceError|Unexpected token|Body cannot be empty|must have required property|Unsupported Media Type|FST_/;

describe("bad input, generated", () => {
  let s: IdentityServer;
  const tokens: (string | undefined)[] = [undefined];
  beforeAll(async () => {
    s = await startIdentityServer("pglite");
    for (const email of ["cliente@demo.argine.it", "avvocato@demo.argine.it", "admin@demo.argine.it"])
      tokens.push((await signIn(s, email, "Demo!Argine2026")).tokens?.access_token);
  });
  afterAll(() => s.close());

  const counts = async () => {
    const { db } = s.handle;
    const tables = (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows: { table_name: string }[] };
    const result: Record<string, number> = {};
    for (const { table_name: table } of tables.rows) {
      const rows = (await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)}`,
      )) as unknown as { rows: { n: number }[] };
      result[table] = rows.rows[0]?.n ?? 0;
    }
    return result;
  };

  it(`${RUNS} invalid requests over every operation: each a 4xx in the one error shape, no table changed`, async () => {
    const doc = (await fetch(`${s.base}/v1/openapi.json`).then((r) => r.json())) as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }
        >
      >;
    };
    const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.["application/json"]?.schema,
      })),
    );
    const attempts = fc.oneof(...operations.flatMap(attemptsFor));
    const before = await counts();
    const byStatus: Record<number, number> = {};
    const byCode: Record<string, number> = {};
    const wrong: string[] = [];
    await fc.assert(
      fc.asyncProperty(attempts, fc.constantFrom(...tokens.keys()), async (attempt, caller) => {
        const token = tokens[caller];
        const res = await fetch(`${s.base}${attempt.url}`, {
          method: attempt.method,
          headers: {
            accept: "application/json",
            "x-forwarded-for": randomIp(),
            ...(attempt.contentType ? { "content-type": attempt.contentType } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: attempt.body,
        });
        const text = await res.text();
        byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
        let body: { code?: string; message?: string; requestId?: string } = {};
        try {
          body = JSON.parse(text);
        } catch {}
        byCode[String(body.code)] = (byCode[String(body.code)] ?? 0) + 1;
        const fine =
          res.status >= 400 &&
          res.status < 500 &&
          (res.headers.get("content-type") ?? "").startsWith("application/json") &&
          typeof body.code === "string" &&
          body.code in ERROR_STATUS &&
          typeof body.message === "string" &&
          body.message.length > 0 &&
          typeof body.requestId === "string" &&
          body.requestId.length > 0 &&
          !INTERNALS.test(text);
        if (!fine && wrong.length < 20)
          wrong.push(
            `${attempt.method} ${attempt.url.slice(0, 120)} (${attempt.why}) → ${res.status} ${text.slice(0, 200)}`,
          );
        return true;
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
    console.info(
      `fuzz: ${RUNS} requests over ${operations.length} operations; statuses ${JSON.stringify(byStatus)}; codes ${JSON.stringify(byCode)}`,
    );
    expect(wrong).toEqual([]);
    expect(await counts()).toEqual(before);
  }, 600_000);
});
