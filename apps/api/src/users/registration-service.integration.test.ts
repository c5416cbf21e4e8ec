import { findUserByEmail } from "@argine/db/queries/users";
import { userTokens } from "@argine/db/schema";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../test/helpers.ts";
import { MemoryMailer } from "../../test/identity.ts";
import { testStorage } from "../../test/service-deps.ts";
import { createCaptureProvider } from "../capture/capture-providers.ts";
import type { Deps } from "../deps.ts";
import { createInProcessFanOut } from "../fan-out/fan-out.ts";
import { createJobQueue, type JobPayloads, type QueueName } from "../jobs/job-queue.ts";
import type { Mail } from "../mail/mailer.ts";
import { createMetrics } from "../metrics/metrics.ts";
import { createPaymentProvider } from "../payments/payments.ts";
import { memoryRateLimits } from "../rate-limits/rate-limits.ts";
import { createTimestampAuthority } from "../timestamps/create-timestamps.ts";
import { register, verifyEmail } from "./registration-service.ts";

const anna = {
  name: "Anna",
  lastname: "Bianchi",
  email: "anna@example.org",
  password: "Girasole-Lento-42",
  privacyConsent: true as const,
  marketingConsent: false,
};

describe.each(testDbKinds())("registration service on %s", (kind) => {
  let handle: Awaited<ReturnType<typeof openTestDb>>;
  const clock = new TestClock("2026-03-01T09:00:00Z");
  const queued: Mail[] = [];
  let failQueue = false;
  let deps: Deps;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    // The real queue, never started: its sends are recorded here (or fail, as when its database is gone).
    const jobs = {
      ...createJobQueue(handle, clock),
      send: async (_tx: unknown, _queue: unknown, mail: JobPayloads[QueueName]) => {
        if (failQueue) throw new Error("queue unavailable");
        queued.push(mail as Mail);
      },
    };
    const config = testConfig();
    deps = {
      config,
      db: handle.db,
      clock,
      mailer: new MemoryMailer(),
      jobs,
      identity: null,
      payments: createPaymentProvider(config.payments, { db: handle.db, jobs, clock }),
      storage: testStorage(config, clock),
      legalization: createCaptureProvider(config.legalization, {
        db: handle.db,
        jobs,
        clock,
        storage: testStorage(config, clock),
      }),
      timestamps: createTimestampAuthority(config.timestamps, clock),
      fanOut: createInProcessFanOut(),
      rateLimits: memoryRateLimits(),
      csp: [],
      metrics: createMetrics(),
    };
  });
  afterAll(() => handle.close());

  const tokenMailedTo = (to: string) =>
    queued.findLast((m) => m.to === to)?.text.match(/token=([\w-]+)/)?.[1] ?? "";

  it("leaves no account and no link when the mail cannot be queued", async () => {
    failQueue = true;
    await expect(register(deps, null, { ...anna, email: "persa@example.org" })).rejects.toThrow(
      "queue unavailable",
    );
    failQueue = false;
    expect(await findUserByEmail(handle.db, "persa@example.org")).toBeUndefined();
    expect(await handle.db.select().from(userTokens)).toEqual([]);
  });

  it("dates the link and the verification by the deps' clock: 48 hours from registration", async () => {
    await register(deps, null, anna);
    const token = tokenMailedTo(anna.email);
    await clock.setTime("2026-03-03T08:59:00Z");
    await verifyEmail(deps, null, token);
    expect((await findUserByEmail(handle.db, anna.email))?.emailVerifiedAt).toEqual(
      new Date("2026-03-03T08:59:00Z"),
    );

    await register(deps, null, { ...anna, email: "tardiva@example.org" });
    const late = tokenMailedTo("tardiva@example.org");
    await clock.setTime("2026-03-05T09:00:01Z");
    await expect(verifyEmail(deps, null, late)).rejects.toMatchObject({ code: "INVALID_TOKEN" });
  });
});
