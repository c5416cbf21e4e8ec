import type { Db } from "@argine/db/client";
import type { CaptureProvider } from "./capture/capture-provider.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { FanOut } from "./fan-out/fan-out.ts";
import type { CspSources } from "./http/csp.ts";
import type { EmbeddedIdentity } from "./identity/embedded-identity.ts";
import type { JobQueue } from "./jobs/job-queue.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { Metrics } from "./metrics/metrics.ts";
import type { PaymentProvider } from "./payments/payment-provider.ts";
import type { RateLimits } from "./rate-limits/rate-limits.ts";
import type { Storage } from "./storage/storage.ts";
import type { TimestampAuthority } from "./timestamps/timestamp-authority.ts";

// The types of what the use cases are handed, made of the ports alone: the use cases import this file, and
// adapters.ts (which builds the engines) imports it too, never the reverse.

/**
 * Everything the API talks to outside its own code, each chosen by configuration between the embedded
 * default and the real engine (docs/architecture.md, "Runtime adapters"), built in one place (adapters.ts
 * `createAdapters`): the server and the tests get them there, and a test replaces any of them through
 * `AppDeps.adapters`.
 */
export interface Adapters {
  mailer: Mailer;
  jobs: JobQueue;
  /** The embedded OpenID provider (mounted at /oidc) and its keys; null with an external provider. */
  identity: EmbeddedIdentity | null;
  /** The card payment provider (payments/): the sandbox outside production. */
  payments: PaymentProvider;
  /** Uploaded evidence and documents (storage/, ADR 018): the encrypted disk, or S3 by configuration. */
  storage: Storage;
  /** The forensic capture of the legalization (capture/): the sandbox outside production. */
  legalization: CaptureProvider;
  /** Seals evidence with an RFC 3161 token (timestamps/, ADR 042): the embedded local TSA, or a real one. */
  timestamps: TimestampAuthority;
  /**
   * What every API process must hear (fan-out/, ADR 030): the conversations' live signals and the caches to
   * drop. In-process, or PostgreSQL's NOTIFY.
   */
  fanOut: FanOut;
  /** Where the per-route request limits count (rate-limits/, ADR 032): memory, PostgreSQL or Redis. */
  rateLimits: RateLimits;
  /** The origins each adapter's browser side needs, merged into the CSP (http/security.ts). */
  csp: CspSources[];
  /** The app's Prometheus series (metrics/): what the use cases, jobs and sockets count. */
  metrics: Metrics;
}

/**
 * What every service function takes first: `(deps, actor, input)`. Routes hand it `app.deps`; a job or a
 * webhook builds nothing of its own and calls the same function with the same deps.
 */
export interface Deps extends Adapters {
  config: Config;
  db: Db;
  clock: Clock;
}
