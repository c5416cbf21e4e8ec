import type { DbHandle } from "@argine/db/client";
import type Provider from "oidc-provider";
import { type Clock, now } from "./clock.ts";
import type { Config } from "./config.ts";
import { loadProviderKeys, type ProviderKeys } from "./identity/keys.ts";
import { createOidcProvider } from "./identity/provider.ts";
import { createJobQueue, type JobQueue } from "./jobs/job-queue.ts";
import type { CaptureProvider } from "./legalization/capture-provider.ts";
import { createCaptureProvider } from "./legalization/capture-providers.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import type { PaymentProvider } from "./payments/payment-provider.ts";
import { createPaymentProvider } from "./payments/payments.ts";
import { createStorage } from "./storage/create-storage.ts";
import type { Storage } from "./storage/storage.ts";

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
 * them here, and a test replaces any of them through `AppDeps.adapters`. Legalization and the chat fan-out
 * join as their issues land.
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
  /** The forensic capture of the legalization (legalization/): the sandbox outside production. */
  legalization: CaptureProvider;
  /** The origins each adapter's browser side needs, merged into the CSP (http/security.ts). */
  csp: CspSources[];
}

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
    csp: overrides.csp ?? [payments.csp, storage.csp, legalization.csp],
  };
}

export interface EmbeddedIdentity {
  keys: ProviderKeys;
  provider: Provider;
}

/** Our own OpenID provider: its keys (created on the very first start) and the provider built on them. */
async function embeddedIdentity(config: Config, handle: DbHandle, clock: Clock): Promise<EmbeddedIdentity> {
  const keys = await loadProviderKeys(handle.db, now(clock));
  return { keys, provider: createOidcProvider(config, handle.db, keys) };
}
