import type { DbHandle } from "@argine/db/client";
import { createCaptureProvider } from "./capture/capture-providers.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Adapters } from "./deps.ts";
import { createFanOut } from "./fan-out/create-fan-out.ts";
import { createEmbeddedIdentity } from "./identity/embedded-identity.ts";
import { createJobQueue } from "./jobs/job-queue.ts";
import { createMailer } from "./mail/mailer.ts";
import { createMetrics } from "./metrics/metrics.ts";
import { createPaymentProvider } from "./payments/payments.ts";
import { createRateLimits } from "./rate-limits/create-rate-limits.ts";
import { createStorage } from "./storage/create-storage.ts";
import { createTimestampAuthority } from "./timestamps/create-timestamps.ts";

/**
 * The composition root's first half (app.ts is the other): each adapter of deps.ts `Adapters` built by its
 * engine's factory, or taken from `overrides` (a test's memory mailer, a failing SMTP…).
 */
export async function createAdapters(
  config: Config,
  handle: DbHandle,
  clock: Clock,
  overrides: Partial<Adapters> = {},
): Promise<Adapters> {
  const jobs = overrides.jobs ?? createJobQueue(handle, clock, { mailRetry: config.mail.retry });
  const payments =
    overrides.payments ?? createPaymentProvider(config.payments, { db: handle.db, jobs, clock });
  const storage = overrides.storage ?? (await createStorage(config.storage, config.publicUrl, clock));
  const legalization =
    overrides.legalization ??
    createCaptureProvider(config.legalization, { db: handle.db, jobs, clock, storage });
  const fanOut = overrides.fanOut ?? (await createFanOut(handle));
  return {
    mailer: overrides.mailer ?? createMailer(config.mail, clock),
    jobs,
    identity:
      overrides.identity !== undefined
        ? overrides.identity
        : config.identity.embedded
          ? await createEmbeddedIdentity(config, handle.db, clock, fanOut)
          : null,
    payments,
    storage,
    legalization,
    timestamps: overrides.timestamps ?? createTimestampAuthority(config.timestamps, clock),
    fanOut,
    rateLimits: overrides.rateLimits ?? createRateLimits(config.rateLimits, handle),
    csp: overrides.csp ?? [payments.csp, storage.csp, legalization.csp],
    // A registry of this app's own; the job queue and the pool are read at each scrape.
    metrics:
      overrides.metrics ??
      createMetrics({ jobs, pool: handle.engine.kind === "postgres" ? handle.engine.pool : null }),
  };
}
