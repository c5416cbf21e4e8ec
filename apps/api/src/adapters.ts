import type { DbHandle } from "@argine/db/client";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import { loadProviderKeys, type ProviderKeys } from "./identity/keys.ts";
import { createJobQueue, type JobQueue } from "./jobs/job-queue.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";

/** What the Content-Security-Policy must allow for an adapter's browser side (Stripe.js, S3 uploads…). */
export interface CspSources {
  scriptSrc?: string[];
  frameSrc?: string[];
  connectSrc?: string[];
  imgSrc?: string[];
}

/**
 * Everything the API talks to outside its own code, each chosen by configuration between the embedded
 * default and the real engine (DESIGN.md §2). The one place they are built: the server and the tests get
 * them here, and a test replaces any of them through `AppDeps.adapters`. Payments, storage, legalization
 * and the chat fan-out join as their issues land.
 */
export interface Adapters {
  mailer: Mailer;
  jobs: JobQueue;
  /** The embedded OpenID provider's keys; null with an external provider. */
  identityKeys: ProviderKeys | null;
  /** The origins each adapter's browser side needs, merged into the CSP (http/security.ts). */
  csp: CspSources[];
}

export async function createAdapters(
  config: Config,
  handle: DbHandle,
  clock: Clock,
  overrides: Partial<Adapters> = {},
): Promise<Adapters> {
  return {
    mailer: overrides.mailer ?? createMailer(config.mail),
    jobs: overrides.jobs ?? createJobQueue(handle, clock, { mailRetry: config.mail.retry }),
    identityKeys:
      overrides.identityKeys !== undefined
        ? overrides.identityKeys
        : config.identity.embedded
          ? await loadProviderKeys(handle.db)
          : null,
    csp: overrides.csp ?? [],
  };
}
