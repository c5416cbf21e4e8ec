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
    expect(redactUrl("/v1/orders/invoice?token=abc123&page=1")).toBe(
      "/v1/orders/invoice?token=[redacted]&page=1",
    );
    expect(redactUrl("/callback?code=xyz&state=s1")).toBe("/callback?code=[redacted]&state=[redacted]");
    expect(redactUrl("/v1/products")).toBe("/v1/products");
  });

  it("redacts the token, with its file name, in the path of a storage link (ADR 018)", () => {
    expect(redactUrl("/v1/storage/objects/eyJtIjoiR0VUIiwibiI6ImRlbnVuY2lhLnBkZiJ9.c2ln?x=1")).toBe(
      "/v1/storage/objects/[redacted]?x=[redacted]",
    );
  });

  it("redacts the claim key the feedback PDF's link carries", () => {
    expect(redactUrl("/v1/practices/p1/feedback.pdf?claimKey=K7QM-2XFD")).toBe(
      "/v1/practices/p1/feedback.pdf?claimKey=[redacted]",
    );
  });

  it("redacts every query value by default: logout hints, keys, searches for a person, unknown names", () => {
    const idToken = "eyJhbGciOiJSUzI1NiJ9.eyJlbWFpbCI6ImdpdWxpYUBleGFtcGxlLml0In0.c2ln";
    const logout = redactUrl(
      `/oidc/session/end?id_token_hint=${idToken}&post_logout_redirect_uri=http%3A%2F%2F127.0.0.1%2F&client_id=argine-web`,
    );
    expect(logout).not.toContain(idToken);
    expect(logout).toBe(
      "/oidc/session/end?id_token_hint=[redacted]&post_logout_redirect_uri=[redacted]&client_id=argine-web",
    );
    for (const url of [
      "/dev/mailbox?key=segreta",
      "/v1/dev/mailbox?key=segreta",
      "/oidc/auth?login_hint=giulia%40example.it&nonce=n1&code_challenge=c1",
      "/v1/admin/users?q=Giulia%20Rossi",
      "/account/reset?token=abc&refresh_token=r&access_token=a&password=p&client_secret=s",
      "/v1/x?eyJhbGciOiJSUzI1NiJ9.segreto%20con%20spazi",
    ]) {
      expect(redactUrl(url)).not.toMatch(/segret|giulia|Giulia|=abc|=r\b|=a\b|=p\b|=s\b|n1|c1/);
    }
    expect(redactUrl("/v1/practices?status=OPEN&page=2&pageSize=20&q=Rossi")).toBe(
      "/v1/practices?status=OPEN&page=2&pageSize=20&q=[redacted]",
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
