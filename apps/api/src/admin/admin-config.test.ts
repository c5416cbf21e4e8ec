import { describe, expect, it } from "vitest";
import { PRODUCTION_ENV } from "../../test/production-env.ts";
import { loadConfig } from "../config.ts";

// The admin server's settings (config.ts): off without ADMIN_PORT, never without its token, and in
// production a token made, not copied.

const TOKEN = "3f9c1a7e5b2d48c6a0e1f7b9d3c5a2e8";

describe("the admin server's settings", () => {
  it("are off without ADMIN_PORT, on loopback by default with it", () => {
    expect(loadConfig({}).admin).toBeNull();
    expect(loadConfig({ ADMIN_PORT: "9100", METRICS_TOKEN: TOKEN }).admin).toEqual({
      port: 9100,
      host: "127.0.0.1",
      metricsToken: TOKEN,
    });
    expect(loadConfig({ ADMIN_PORT: "9100", ADMIN_HOST: "10.0.0.5", METRICS_TOKEN: TOKEN }).admin?.host).toBe(
      "10.0.0.5",
    );
  });

  it("refuse a port without its token, the app's own port, and a short or spaced token", () => {
    expect(() => loadConfig({ ADMIN_PORT: "9100" })).toThrow(/METRICS_TOKEN: required with ADMIN_PORT/);
    expect(() => loadConfig({ PORT: "4000", ADMIN_PORT: "4000", METRICS_TOKEN: TOKEN })).toThrow(
      /ADMIN_PORT: the same as PORT/,
    );
    expect(() => loadConfig({ ADMIN_PORT: "9100", METRICS_TOKEN: "corto" })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ ADMIN_PORT: "9100", METRICS_TOKEN: "un token con degli spazi" })).toThrow(
      /METRICS_TOKEN/,
    );
    expect(() => loadConfig({ ADMIN_PORT: "0", METRICS_TOKEN: TOKEN })).toThrow(/ADMIN_PORT/);
  });

  it("in production refuse a placeholder token with the other problems, and take a made one", () => {
    const production = { ...PRODUCTION_ENV, ADMIN_PORT: "9100" };
    expect(() => loadConfig({ ...production, METRICS_TOKEN: "changeme-changeme-changeme" })).toThrow(
      /METRICS_TOKEN: a placeholder, not a secret/,
    );
    expect(() =>
      loadConfig({ ...production, METRICS_TOKEN: "aaaaaaaaaaaaaaaaaaaa", DEMO_MODE: "true" }),
    ).toThrow(/DEMO_MODE: not allowed in production\n[\s\S]*METRICS_TOKEN: a placeholder/);
    expect(loadConfig({ ...production, METRICS_TOKEN: TOKEN }).admin?.metricsToken).toBe(TOKEN);
  });
});
