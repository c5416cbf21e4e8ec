import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { loggerOptions, redactUrl } from "./logging.ts";

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
});
