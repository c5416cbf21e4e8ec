import type { DbHandle } from "@argine/db/client";
import { createCaptureProvider } from "./capture/capture-providers.ts";
import { type Clock, now } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Adapters, EmbeddedIdentity } from "./deps.ts";
import { createFanOut } from "./fan-out/create-fan-out.ts";
import { loadProviderKeys } from "./identity/keys.ts";
import { createOidcProvider } from "./identity/provider.ts";
import { createJobQueue } from "./jobs/job-queue.ts";
import { createMailer } from "./mail/mailer.ts";
import { createMetrics } from "./metrics/metrics.ts";
import { createPaymentProvider } from "./payments/payments.ts";
import { createRateLimits } from "./rate-limits/create-rate-limits.ts";
import { createStorage } from "./storage/create-storage.ts";

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
  return {
    mailer: overrides.mailer ?? createMailer(config.mail, clock),
    jobs,
    identity:
      overrides.identity !== undefined
        ? overrides.identity
        : config.identity.embedded
          ? await embeddedIdentity(config, handle, clock)
          : null,
    payments,
    storage,
    legalization,
    fanOut: overrides.fanOut ?? (await createFanOut(handle)),
    rateLimits: overrides.rateLimits ?? createRateLimits(config.rateLimits, handle),
    csp: overrides.csp ?? [payments.csp, storage.csp, legalization.csp],
    // A registry of this app's own; the job queue and the pool are read at each scrape.
    metrics:
      overrides.metrics ??
      createMetrics({ jobs, pool: handle.engine.kind === "postgres" ? handle.engine.pool : null }),
  };
}

/** Our own OpenID provider: its keys (created on the very first start) and the provider built on them. */
async function embeddedIdentity(config: Config, handle: DbHandle, clock: Clock): Promise<EmbeddedIdentity> {
  const keys = await loadProviderKeys(handle.db, now(clock));
  return { keys, provider: createOidcProvider(config, handle.db, keys) };
}
