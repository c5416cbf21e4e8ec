import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, testConfig } from "../../../../test/helpers.ts";
import { jobsSettled } from "../../../../test/jobs.ts";
import { PRODUCTION_ENV } from "../../../../test/production-env.ts";
import { ConfigError, loadConfig } from "../../../config.ts";

// The demo mailbox holds every account's reset links: it must answer only to whoever has the key printed
// at start, never to a caller because of where it comes from.

const KEY = "chiave-di-prova-della-casella-0123456789";

describe("the demo mailbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "argine-mailbox-"));
    t = await startTestApp(
      "pglite",
      testConfig({ DATA_DIR: dataDir, DEV_MAILBOX_KEY: KEY, TRUST_PROXY: "1" }),
    );
    // A reset requested for the admin: exactly what an intruder would read to take the account.
    await t.app.inject({
      method: "POST",
      url: "/v1/users/password-reset",
      payload: { email: "admin@demo.argine.it" },
    });
    await jobsSettled(t.handle.db);
  });
  afterAll(() => t.close());

  const mailbox = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: `/v1/dev/mailbox${query}`, headers });

  it("refuses a request without its key, or with a wrong one, even from loopback", async () => {
    for (const [query, headers] of [
      ["", {}],
      ["?key=", {}],
      [`?key=${KEY.slice(0, -1)}`, {}],
      [`?key=${KEY}x`, {}],
      ["", { "x-forwarded-for": "127.0.0.1" }],
    ] as const) {
      const res = await mailbox(query, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "NOT_FOUND", message: "La risorsa richiesta non esiste." });
      expect(res.body).not.toContain("admin@demo.argine.it");
    }
  });

  it("hands the mails over with the key", async () => {
    const res = await mailbox(`?key=${encodeURIComponent(KEY)}`);
    expect(res.statusCode).toBe(200);
    const mails = res.json() as { to: string; text: string }[];
    expect(
      mails.some((m) => m.to === "admin@demo.argine.it" && /\/account\/reset\?token=/.test(m.text)),
    ).toBe(true);
  });

  it("is random at each start unless set, and off in production or with a real mail server", () => {
    const a = testConfig().devMailboxKey;
    const b = testConfig().devMailboxKey;
    expect(a).toMatch(/^[\w-]{32,}$/);
    expect(b).not.toBe(a);
    expect(testConfig({ SMTP_URL: "smtp://127.0.0.1:2525" }).devMailboxKey).toBeNull();
    expect(testConfig({ DEMO_MODE: "false" }).devMailboxKey).toBeNull();
    expect(loadConfig(PRODUCTION_ENV).devMailboxKey).toBeNull();
    expect(() => loadConfig({ ...PRODUCTION_ENV, DEV_MAILBOX_KEY: KEY })).toThrow(ConfigError);
  });

  it("does not exist without a key, as in production", async () => {
    const prod = await startTestApp("pglite", testConfig({ DEMO_MODE: "false" }));
    try {
      expect((await prod.app.inject({ method: "GET", url: `/v1/dev/mailbox?key=${KEY}` })).statusCode).toBe(
        404,
      );
    } finally {
      await prod.close();
    }
  });
});
