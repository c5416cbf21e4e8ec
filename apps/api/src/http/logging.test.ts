import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { loggableError, loggerOptions, redactUrl } from "./logging.ts";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const options = loggerOptions("info") as pino.LoggerOptions;
  return { log: pino(options, stream), lines };
}

describe("logging", () => {
  it("redacts document tokens and OAuth codes from URLs", () => {
    expect(redactUrl("/v1/orders/invoice?token=abc123&x=1")).toBe("/v1/orders/invoice?token=[redacted]&x=1");
    expect(redactUrl("/callback?code=xyz&state=s1")).toBe("/callback?code=[redacted]&state=[redacted]");
    expect(redactUrl("/v1/products")).toBe("/v1/products");
  });

  it("redacts the claim key the feedback PDF's link carries (issue 12)", () => {
    expect(redactUrl("/v1/practices/p1/feedback.pdf?claimKey=K7QM-2XFD")).toBe(
      "/v1/practices/p1/feedback.pdf?claimKey=[redacted]",
    );
  });

  it("never writes passwords, tokens or authorization headers", () => {
    const { log, lines } = capture();
    log.info({
      req: {
        id: "r1",
        method: "GET",
        url: "/v1/orders/receipt?token=secret-doc",
        headers: { authorization: "Bearer secret-jwt" },
      },
    });
    log.info({ body: { password: "Secret1!", oldPassword: "Old1!", token: "secret-tok" } });
    const out = lines.join("\n");
    expect(out).not.toContain("secret");
    expect(out).not.toContain("Secret1!");
    expect(out).toContain("[redacted]");
  });

  it("keeps a failed query's statement and error code, never the values bound to it", () => {
    const cause = Object.assign(new Error('new row violates check constraint "x"'), {
      code: "23514",
      table: "partnership_requests",
      constraint: "partnership_requests_kind_check",
      detail: "Failing row contains (maria@example.it, Vorrei collaborare…)",
    });
    const error = new DrizzleQueryError(
      'insert into "partnership_requests" ("name", "email") values ($1, $2)',
      ["Maria Rossi", "maria@example.it"],
      cause,
    );
    const { log, lines } = capture();
    log.error({ err: loggableError(error) }, "request failed");
    const out = lines.join("\n");
    expect(out).not.toContain("maria@example.it");
    expect(out).not.toContain("Maria Rossi");
    expect(out).not.toContain("collaborare");
    expect(out).toContain('insert into \\"partnership_requests\\"');
    expect(out).toContain("23514");
    expect(out).toContain("partnership_requests_kind_check");
    expect(out).toContain("logging.test.ts");
  });

  it("leaves other errors as they are", () => {
    const plain = new Error("boom");
    expect(loggableError(plain)).toBe(plain);
    expect(loggableError("text")).toBe("text");
  });
});
