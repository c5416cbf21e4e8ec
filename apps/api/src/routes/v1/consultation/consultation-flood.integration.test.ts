import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SlotsAnswer } from "@argine/core/consultation/consultation-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, testConfig } from "../../../../test/helpers.ts";
import { jobsSettled } from "../../../../test/jobs.ts";

// The probe's booking flood (ADR 031, amendment), repeated over HTTP on the demo's hours: 57 network
// addresses, each booking slots of the next four weeks as fast as the API lets it, every booking naming an
// e-mail address of the attacker's choice (a few victims' addresses, used again and again, and a phone
// number). Before the amendment they held every slot and mailed an invitation each time.

const KEY = "chiave-della-casella-per-il-diluvio-0123456";
const ADDRESSES = 57;
/** The addresses the attacker mails: few, so each is named many times. */
const TARGETS = Array.from({ length: 12 }, (_, i) => `bersaglio${i}@example.org`);

describe("the booking flood", () => {
  let t: TestApp;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "argine-flood-"));
    t = await startTestApp(
      "pglite",
      testConfig({ DATA_DIR: dataDir, DEV_MAILBOX_KEY: KEY, TRUST_PROXY: "1" }),
    );
  });
  afterAll(() => t.close());

  const slots = async () =>
    ((await t.app.inject({ method: "GET", url: "/v1/consultations/slots" })).json() as SlotsAnswer).slots;

  it("leaves at least 90 % of four weeks' slots free and mails each target at most once", async () => {
    const before = await slots();
    expect(before.length).toBeGreaterThan(200);
    const perAddress = Math.ceil(before.length / ADDRESSES);
    const statuses = new Map<number, number>();
    await Promise.all(
      Array.from({ length: ADDRESSES }, async (_, a) => {
        const ip = `198.51.${Math.floor(a / 200)}.${(a % 200) + 1}`;
        for (let k = 0; k < perAddress; k++) {
          const n = a * perAddress + k;
          const slot = before[n];
          if (!slot) return;
          const res = await t.app.inject({
            method: "POST",
            url: "/v1/consultations",
            headers: { "x-forwarded-for": ip },
            payload: {
              name: "Mario Rossi",
              email: TARGETS[n % TARGETS.length],
              phone: `33300${String(n).padStart(5, "0")}`,
              kind: "video",
              startsAt: slot.startsAt,
              privacyAccepted: true,
            },
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        }
      }),
    );
    // The API took the attempts (201, answered alike) without a server error.
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    expect(statuses.get(201)).toBeGreaterThan(200);

    const after = await slots();
    expect(after.length / before.length).toBeGreaterThanOrEqual(0.9);

    await jobsSettled(t.handle.db);
    const mails = (await t.app.inject({ method: "GET", url: `/v1/dev/mailbox?key=${KEY}` })).json() as {
      to: string;
      attachments: unknown[];
    }[];
    const perTarget = new Map<string, number>();
    for (const mail of mails) perTarget.set(mail.to, (perTarget.get(mail.to) ?? 0) + 1);
    for (const target of TARGETS) expect(perTarget.get(target) ?? 0).toBeLessThanOrEqual(1);
    // Nor did any of them carry an invitation to a slot.
    expect(mails.filter((mail) => TARGETS.includes(mail.to) && mail.attachments.length > 0)).toEqual([]);
  });
});
