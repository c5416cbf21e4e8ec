import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { isIP } from "node:net";
import { relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isValidPartitaIva } from "@argine/core/billing/partita-iva";
import { isProvinceCode } from "@argine/core/billing/provinces";
import { STAFF_GRANT_MAX_AUTH_AGE_SECONDS } from "@argine/core/identity/sign-in-guard";
import type { CompanyData } from "@argine/core/invoice/documents";
import { COMPANY_CAPITAL_EUR } from "@argine/core/shared/constants";
import { toCents } from "@argine/core/shared/money";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .optional();

const list = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .optional();

// proxy-addr's names for address ranges.
const PROXY_ADDR_NAMES = ["loopback", "linklocal", "uniquelocal"];

/**
 * Which proxies may speak for the client in X-Forwarded-For: `false` (none: the socket's address is the
 * client), the proxies' addresses and CIDR ranges (or proxy-addr's names loopback, linklocal,
 * uniquelocal), or a number of hops in front of us (the client is the address the farthest of them saw;
 * only where the server cannot be reached but through them). Never "anyone": the left-most entry is written
 * by the client, and trusting it lets a made-up header reset every per-address limit.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): TrustProxy => {
    if (v === "" || v === "false" || v === "0") return false;
    if (v === "true") {
      ctx.addIssue({
        code: "custom",
        message:
          "true would trust any X-Forwarded-For a client writes: set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8,192.168.1.10)",
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => {
      if (PROXY_ADDR_NAMES.includes(e)) return false;
      const [address = "", bits, ...rest] = e.split("/");
      const family = isIP(address);
      if (!family || rest.length) return true;
      if (bits === undefined) return false;
      return !/^\d+$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128);
    });
    if (bad.length) {
      ctx.addIssue({
        code: "custom",
        message: `not false, a number of proxies, or proxy addresses/CIDR ranges: ${bad.join(", ")}`,
      });
      return z.NEVER;
    }
    return entries;
  })
  .optional();

/**
 * The seller printed on every invoice (ADR 016). Outside production these fictitious examples, which agree
 * with the web's VITE_COMPANY_* defaults (apps/web/app/config.ts) and pass FatturaPA's patterns (the partita
 * IVA's check digit is valid); in production each must be set.
 */
export const EXAMPLE_COMPANY = {
  COMPANY_NAME: "Argine S.r.l. (dati di esempio)",
  COMPANY_ADDRESS: "Via Esempio 1",
  COMPANY_ZIP: "00100",
  COMPANY_CITY: "Roma",
  COMPANY_PROVINCE: "RM",
  COMPANY_VAT_NUMBER: "01234567897",
  COMPANY_TAX_CODE: "01234567897",
  COMPANY_REA_OFFICE: "RM",
  COMPANY_REA_NUMBER: "1234567",
  COMPANY_SHARE_CAPITAL: String(COMPANY_CAPITAL_EUR),
  COMPANY_EMAIL: "amministrazione@argine.example",
} as const;
type CompanySetting = keyof typeof EXAMPLE_COMPANY;

/** A queue's retries: `limit` more attempts, the first after `delaySeconds`, doubling up to the maximum. */
export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
  maxDelaySeconds: number;
}

/** A failed mail is tried for about a day (ADR 012). */
export const DEFAULT_MAIL_RETRY: RetryPolicy = { limit: 30, delaySeconds: 30, maxDelaySeconds: 3600 };

/** The server's own DOCUMENT_LINK_KEY outside production, when none is set: a file of the data folder. */
export const DOCUMENT_LINK_KEY_FILE = "document-link.key";

/**
 * A setting's problem as the operator reads it at a refused start: in English, although core installs
 * Italian messages in zod for the people using the site (packages/core/src/shared/validation-messages.ts),
 * and never quoting the value, which may be a secret. A message a schema sets itself wins.
 */
function operatorMessage(issue: z.core.$ZodRawIssue): string {
  // Each says what the value must be, as the schema's own messages do ("five digits (CAP)").
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "required";
      if (issue.expected === "int") return "a whole number";
      return `a ${issue.expected}`;
    case "too_small": {
      const { origin, minimum, inclusive } = issue;
      if (origin === "string")
        return Number(minimum) <= 1 ? "set but empty" : `at least ${minimum} characters`;
      return inclusive === false ? `more than ${minimum}` : `at least ${minimum}`;
    }
    case "too_big": {
      const { origin, maximum, inclusive } = issue;
      if (origin === "string") return `at most ${maximum} characters`;
      return inclusive === false ? `less than ${maximum}` : `at most ${maximum}`;
    }
    case "invalid_value":
      return `one of ${issue.values.join(", ")}`;
    case "invalid_format":
      if (issue.format === "url") return "a URL";
      if (issue.format === "email") return "an e-mail address";
      return "not in the expected format";
    default:
      return "invalid";
  }
}

// One schema for every setting of the API process; documented in .env.example and docs/runbook.md ("Variables").
/** A secret key: the base64 of 32 random bytes. */
const key32 = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const key = Buffer.from(v, "base64");
    if (key.length === 32 && key.toString("base64") === v) return key;
    ctx.addIssue({ code: "custom", message: "the base64 of 32 random bytes (openssl rand -base64 32)" });
    return z.NEVER;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  // Where the embedded database's backups are written (backup/): DATA_DIR/backups unless set.
  BACKUP_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.url().optional(),
  DEMO_MODE: bool,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  CORS_ORIGINS: list,
  WEB_DIR: z.string().min(1).optional(),
  // The API reference (/v1/docs and /v1/openapi.json): served unless production, where it is a choice.
  API_DOCS: bool,
  TRUST_PROXY: trustProxy,
  // The per-route request limits' counters (ADR 032): this process's memory, or shared by every process.
  RATE_LIMIT_STORE: z.enum(["memory", "postgres", "redis"]).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: "a redis:// or rediss:// URL" }).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  // How long a message may stay unread before its reader is mailed (ADR 030): two minutes; the e2e journeys
  // use a few seconds so as not to wait.
  CONVERSATION_MAIL_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  // How fresh an admin's sign-in must be to grant a staff role (ADR 035): core's five minutes; the e2e
  // journey uses a few seconds, so that its admin's first sign-in goes stale without a long wait.
  STAFF_GRANT_MAX_AUTH_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(STAFF_GRANT_MAX_AUTH_AGE_SECONDS),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  // The admin server (admin/admin-server.ts): GET /metrics and the operators' calls on a port of its own,
  // which the proxy never forwards, each behind METRICS_TOKEN as a bearer token.
  ADMIN_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  ADMIN_HOST: z.string().min(1).default("127.0.0.1"),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,}$/, "at least 16 printable characters, no spaces (openssl rand -hex 32)")
    .optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  // The personal area signs out after this long without activity (issue 37; a warning comes a minute before).
  IDLE_SIGN_OUT_SECONDS: z.coerce.number().int().min(120).max(86_400).default(900),
  // The authenticator codes' period (ADR 036): 30 s as every app has it; shorter only for the tests, whose
  // demo staff sign in many times a minute and each code is accepted once.
  TOTP_PERIOD_SECONDS: z.coerce.number().int().min(1).max(30).default(30),
  // Mail and its job queue (jobs/job-queue.ts; ADR 012).
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "an smtp:// or smtps:// URL" }).optional(),
  // The name a phone shows in its notification says nothing of what the service is (ADR 038).
  MAIL_FROM: z.string().min(3).default("Area clienti <no-reply@argine.example>"),
  TEAM_EMAIL: z.email().default("team@argine.example"),
  DEV_MAILBOX_KEY: z.string().min(16).optional(),
  // A mail that fails is tried again after 30-60 s, then twice as long each time, never more than an hour
  // apart, 30 times: about a day. After that it waits in the dead-letter queue for an admin.
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(DEFAULT_MAIL_RETRY.limit),
  MAIL_RETRY_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(DEFAULT_MAIL_RETRY.delaySeconds),
  MAIL_RETRY_MAX_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(DEFAULT_MAIL_RETRY.maxDelaySeconds),
  // The payment sandbox (ADR 014; never in production): how it signs the events it posts to the webhook,
  // random at each start unless set (set it when several processes share the database), and where it posts.
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
  SANDBOX_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: "an http:// or https:// URL" }).optional(),
  // The seller on the invoices (EXAMPLE_COMPANY outside production): FatturaPA's CedentePrestatore.
  COMPANY_NAME: z.string().trim().min(1).max(80).optional(),
  COMPANY_ADDRESS: z.string().trim().min(1).max(60).optional(),
  COMPANY_ZIP: z
    .string()
    .regex(/^\d{5}$/, { error: "five digits (CAP)" })
    .optional(),
  COMPANY_CITY: z.string().trim().min(1).max(60).optional(),
  COMPANY_PROVINCE: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isProvinceCode, { error: "an Italian province's sigla (e.g. RM)" })
    .optional(),
  COMPANY_VAT_NUMBER: z
    .string()
    .trim()
    .refine(isValidPartitaIva, { error: "11 digits with a valid check digit (partita IVA)" })
    .optional(),
  COMPANY_TAX_CODE: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{11,16}$/, { error: "11 to 16 letters and digits (codice fiscale)" })
    .optional(),
  COMPANY_REA_OFFICE: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isProvinceCode, { error: "the REA office's sigla (e.g. RM)" })
    .optional(),
  COMPANY_REA_NUMBER: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, { error: "up to 20 digits" })
    .optional(),
  COMPANY_SHARE_CAPITAL: z.coerce.number().positive().max(1e12).optional(),
  COMPANY_TAX_REGIME: z
    .string()
    .regex(/^RF(0[1-9]|1[0-9]|2[0-8])$/, { error: "a FatturaPA RegimeFiscale, RF01 to RF28" })
    .default("RF01"),
  COMPANY_EMAIL: z.email().optional(),
  COMPANY_PEC: z.email().optional(),
  // Stripe (ADR 015): the three keys of one account, all or none; with them Stripe is the provider anywhere.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "a Stripe secret key (sk_… or rk_…)")
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, "a Stripe publishable key (pk_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "a Stripe webhook signing secret (whsec_…)")
    .optional(),
  // Where the SDK sends its calls instead of api.stripe.com: only the tests' loopback server.
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: "an http:// or https:// URL" }).optional(),
  // File storage (ADR 018): the encrypted disk under DATA_DIR/storage, or an S3-compatible bucket.
  STORAGE_KEY: key32.optional(),
  // While the master key is rotated under traffic (docs/runbook.md): the key the files were under.
  STORAGE_PREVIOUS_KEY: key32.optional(),
  // The money documents' links (ADR 023): each token is derived from this key, the database keeps its hash.
  DOCUMENT_LINK_KEY: key32.optional(),
  S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  S3_REGION: z.string().trim().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "an http:// or https:// URL" }).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool,
  // Legalization (ADR 021): a real forensic-capture service by its URL and key, its name shown in the
  // client's error text; otherwise, outside production, the embedded sandbox with its timings in seconds.
  LEGALIZATION_API_URL: z.url({ protocol: /^https?$/, error: "an http:// or https:// URL" }).optional(),
  LEGALIZATION_API_KEY: z.string().trim().min(16).optional(),
  LEGALIZATION_PROVIDER_NAME: z.string().trim().min(1).max(40).default("Capture"),
  LEGALIZATION_SANDBOX_PREPARE_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  LEGALIZATION_SANDBOX_LIVE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(1800),
  LEGALIZATION_SANDBOX_CLOSING_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  LEGALIZATION_SANDBOX_UPLOAD_SECONDS: z.coerce.number().int().min(1).max(3600).default(3),
  // The sandbox's screenshot: this Chromium, else /usr/bin/chromium if there is one, else no screenshot.
  CHROMIUM_PATH: z.string().trim().min(1).optional(),
  // Trusted timestamps (timestamps/, issue 40): a Time Stamping Authority speaking RFC 3161 over HTTP, with
  // the credentials it gave and the PEM file of its chain up to the root; otherwise the embedded local TSA,
  // which production takes only when told so.
  TSA_URL: z.url({ protocol: /^https?$/, error: "an http:// or https:// URL" }).optional(),
  TSA_USERNAME: z.string().trim().min(1).optional(),
  TSA_PASSWORD: z.string().min(1).optional(),
  TSA_CA_CERTS: z.string().trim().min(1).optional(),
  TSA_EMBEDDED_ALLOWED: bool,
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  /** PostgreSQL by its URL, or the embedded PGlite in DATA_DIR/pg: what `openDb` takes. */
  database: { databaseUrl: string } | { dataDir: string };
  demoMode: boolean;
  logLevel: string;
  corsOrigins: string[];
  webDir: string;
  /**
   * Whether /v1/docs and /v1/openapi.json are served: the map of every call and its parameters is a
   * developer's tool, so production leaves it off unless API_DOCS=true.
   */
  apiDocs: boolean;
  trustProxy: TrustProxy;
  /**
   * Where the per-route request limits count (ADR 032): memory serves one process; several processes share
   * PostgreSQL's table or Redis. "database", the default without REDIS_URL: PostgreSQL's table when it is
   * the database, memory with the embedded one.
   */
  rateLimits: { store: "memory" | "postgres" | "database" } | { store: "redis"; url: string };
  shutdownTimeoutMs: number;
  /**
   * How long a stopping process keeps serving, each answer closing its connection, before it closes its
   * port: the proxy's kept-alive connections to it end one by one instead of being reset under a request
   * (main.ts). Behind a proxy (TRUST_PROXY) 3 s by default, alone 0.
   */
  shutdownDrainMs: number;
  /** How long a conversation's message stays unread before its reader is mailed (ADR 030). */
  conversationMailDelaySeconds: number;
  /** How fresh (seconds) an admin's sign-in must be to grant a staff role (ADR 035). */
  staffGrantMaxAuthAgeSeconds: number;
  /** How long a client may take to send a whole request, headers and body (slow clients are cut off). */
  requestTimeoutMs: number;
  identity: IdentityConfig;
  /**
   * The demo mailbox (/dev/mailbox): the key its page and `GET /v1/dev/mailbox` require, random at each start
   * unless DEV_MAILBOX_KEY sets it; null when there is no mailbox (production, not demo mode, or SMTP).
   */
  devMailboxKey: string | null;
  mail: MailConfig;
  payments: PaymentsConfig;
  /** The seller as invoices print it and FatturaPA sends it (core CompanyData), snapshot on each document. */
  company: CompanyData;
  /**
   * What the money documents' link tokens, the consultation's links and the sealed second factors are derived
   * from (ADR 023, 031, 036): DOCUMENT_LINK_KEY; without it (never in production) a random key of this
   * process, which the server (main.ts) replaces with its data folder's, kept in `documentLinkKeyFile`.
   */
  documentLinkKey: Buffer;
  /** DATA_DIR/document-link.key when DOCUMENT_LINK_KEY is unset (ADR 040), else null. */
  documentLinkKeyFile: string | null;
  /** DATA_DIR: the server's user's alone, checked at each start (data-dir.ts, ADR 040). */
  dataDir: string;
  storage: StorageConfig;
  /** The admin server (admin/): null without ADMIN_PORT. */
  admin: AdminConfig | null;
  /** The folder `npm run db:backup` and the admin port's POST /backup write into (backup/). */
  backupDir: string;
  legalization: LegalizationConfig;
  timestamps: TimestampsConfig;
}

/** Where the admin server listens, and the bearer token each of its calls must carry. */
export interface AdminConfig {
  port: number;
  host: string;
  metricsToken: string;
}

/** The sandbox's pace: how long each state lasts (the live one until a stop, at most `liveSeconds`). */
export interface SandboxCaptureTimings {
  prepareSeconds: number;
  liveSeconds: number;
  closingSeconds: number;
  uploadSeconds: number;
}

/**
 * The capture provider (capture/capture-providers.ts): a real service with its URL and key (any
 * environment); otherwise the embedded sandbox outside production, and in production none (refused).
 */
export type LegalizationConfig =
  | { provider: "service"; name: string; apiUrl: string; apiKey: string }
  | { provider: "sandbox"; timings: SandboxCaptureTimings; chromiumPath: string | null }
  | { provider: "none" };

/**
 * The trusted timestamps (timestamps/): a real TSA by URL, or the embedded local TSA in DATA_DIR/tsa, whose
 * tokens are real but whose clock is only the server's (production takes it with TSA_EMBEDDED_ALLOWED).
 */
export type TimestampsConfig =
  | { engine: "embedded"; dir: string }
  | {
      engine: "remote";
      url: string;
      username: string | undefined;
      password: string | undefined;
      /** TSA_CA_CERTS' PEM, read at start: what the dossier gives its verifiers as the CA file. */
      caCertificates: string;
    };

/**
 * The file storage (storage/, ADR 018): an S3-compatible bucket with S3_BUCKET, otherwise files under
 * DATA_DIR/storage encrypted with a master key (STORAGE_KEY, or outside production one kept in `keyFile`).
 */
export type StorageConfig = DiskStorageConfig | S3StorageConfig;

export interface DiskStorageConfig {
  engine: "disk";
  dir: string;
  /** STORAGE_KEY's 32 bytes; unset outside production: made once and kept in `keyFile`. */
  masterKey: Buffer | undefined;
  /**
   * STORAGE_PREVIOUS_KEY's, while the key is rotated under traffic: files under it are read, and written
   * under it only until the rotation's command begins (storage/master-key-check.ts).
   */
  previousKey?: Buffer;
  keyFile: string;
}

export interface S3StorageConfig {
  engine: "s3";
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, a test's s3rver); AWS's own endpoint when unset. */
  endpoint: string | undefined;
  /** Both or neither: without them the SDK's own chain (environment, instance role…). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/** Stripe's keys (payments/stripe-provider.ts, ADR 015). */
export interface StripeConfig {
  provider: "stripe";
  secretKey: string;
  /** Given to the browser (GET /v1/payments/config) for Stripe.js. */
  publishableKey: string;
  /** Checks the `Stripe-Signature` of the events posted to POST /v1/webhooks/stripe. */
  webhookSecret: string;
  /** The tests' loopback server instead of https://api.stripe.com (never in production). */
  apiUrl?: string;
}

/**
 * The card payment provider (payments/payments.ts): Stripe when its keys are set (any environment);
 * otherwise the embedded sandbox outside production, and in production none (card payments are refused).
 */
export type PaymentsConfig =
  | StripeConfig
  | {
      provider: "sandbox";
      /** Signs the sandbox's webhook events as Stripe does (`Stripe-Signature`). */
      webhookSecret: string;
      /** Where its events go: the app's own POST /v1/webhooks/sandbox. */
      webhookUrl: string;
    }
  | { provider: "none" };

/** The mail adapter and how its job queue retries (jobs/job-queue.ts). */
export interface MailConfig {
  /** SMTP through nodemailer; without it, .eml files in `outboxDir` (the demo mailbox reads them). */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  /** Receives the staff alerts (cases that need a person first). */
  team: string;
  retry: RetryPolicy;
}

/** What Fastify's `trustProxy` takes: nobody, a number of hops, or the proxies' addresses/CIDRs. */
export type TrustProxy = false | number | string[];

export interface IdentityConfig {
  /** True: our own OpenID provider at /oidc. False: an external provider we only verify tokens of. */
  embedded: boolean;
  issuer: string;
  clientId: string;
  /** The API's resource indicator, the audience of its access tokens. */
  audience: string;
  scope: string;
  accessTokenTtlSeconds: number;
  /** How long the web's personal area waits without activity before it signs out (GET /v1/auth/config). */
  idleSignOutSeconds: number;
  /** The authenticator codes' period (ADR 036): 30 but in tests. */
  totpPeriodSeconds: number;
}

export class ConfigError extends Error {}

/** The boot error's text: every problem found, one a line. */
const invalid = (problems: readonly string[]) =>
  `Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join("\n")}`;

/** Records a problem of the configuration: the boot refuses with all of them at once. */
type Refuse = (problem: string) => void;

type Env = z.infer<typeof EnvSchema>;

/**
 * Whether a variable is set, valid or not: a rule that wants a variable (production's, "both or neither")
 * asks this, so a variable set but invalid is named once, by its own problem, and never also as missing.
 */
type Given = (name: keyof Env) => boolean;

/** Secrets copied from an example rather than made: a placeholder word, or one character repeated. */
const PLACEHOLDER_SECRET = /changeme|change-me|example|placeholder|secret|password|test|dummy|^(.)\1*$/i;

/** The shortest secret production accepts where the format allows any length (an API key, a password). */
const MIN_SECRET_LENGTH = 16;

/**
 * Production refuses a secret copied from an example or too short to resist guessing: each named here is
 * checked (the 32-byte keys are already exactly 32 bytes, so only their content can be a placeholder).
 */
function checkSecrets(e: Env, refuse: Refuse) {
  const secrets: Record<string, string | Buffer | undefined> = {
    STORAGE_KEY: e.STORAGE_KEY,
    STORAGE_PREVIOUS_KEY: e.STORAGE_PREVIOUS_KEY,
    DOCUMENT_LINK_KEY: e.DOCUMENT_LINK_KEY,
    LEGALIZATION_API_KEY: e.LEGALIZATION_API_KEY,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
    STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET?.replace(/^whsec_/, ""),
    METRICS_TOKEN: e.METRICS_TOKEN,
  };
  for (const [name, value] of Object.entries(secrets)) {
    if (value === undefined) continue;
    const text = typeof value === "string" ? value : value.toString("latin1");
    if (PLACEHOLDER_SECRET.test(text))
      refuse(`${name}: a placeholder, not a secret: make one (openssl rand -base64 32)`);
    else if (typeof value === "string" && value.length < MIN_SECRET_LENGTH)
      refuse(`${name}: too short for production (at least ${MIN_SECRET_LENGTH} characters)`);
  }
}

function adminConfig(e: Env, refuse: Refuse, given: Given): AdminConfig | null {
  if (e.ADMIN_PORT === undefined) return null;
  if (e.ADMIN_PORT === e.PORT)
    refuse("ADMIN_PORT: the same as PORT (the admin server needs a port of its own)");
  if (!e.METRICS_TOKEN) {
    if (!given("METRICS_TOKEN"))
      refuse("METRICS_TOKEN: required with ADMIN_PORT (the admin server answers no one without it)");
    return null;
  }
  return { port: e.ADMIN_PORT, host: e.ADMIN_HOST, metricsToken: e.METRICS_TOKEN };
}

const isLoopback = (url: string) => ["127.0.0.1", "[::1]", "localhost"].includes(new URL(url).hostname);

function rateLimitsConfig(e: Env, refuse: Refuse, given: Given): Config["rateLimits"] {
  const store = e.RATE_LIMIT_STORE ?? (e.REDIS_URL ? "redis" : "database");
  if (store === "redis") {
    if (e.REDIS_URL) return { store, url: e.REDIS_URL };
    if (!given("REDIS_URL")) refuse("RATE_LIMIT_STORE: redis needs REDIS_URL");
  }
  if (store === "postgres" && !given("DATABASE_URL"))
    refuse(
      "RATE_LIMIT_STORE: postgres needs DATABASE_URL (the embedded database serves one process: memory)",
    );
  if (e.REDIS_URL && store !== "redis")
    refuse("REDIS_URL: set only with RATE_LIMIT_STORE=redis (or unset it)");
  return store === "redis" ? { store: "memory" } : { store };
}

/**
 * Parses the environment once at boot. It fails listing every problem at once: each bad field, then every
 * rule between fields and every refusal of production (fail closed: no demo data, sandbox, embedded mailbox
 * or placeholder secret), so one restart fixes them all.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env, { error: operatorMessage });
  const fieldProblems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  // A bad field is named, then left out, so the rules between the others run too and one message lists all.
  const rest = parsed.success
    ? parsed
    : EnvSchema.safeParse(
        Object.fromEntries(
          Object.entries(env).filter(([name]) => !parsed.error.issues.some((i) => i.path[0] === name)),
        ),
        { error: operatorMessage },
      );
  if (!rest.success) throw new ConfigError(invalid(fieldProblems));
  const e = rest.data;
  const named = new Set(parsed.success ? [] : parsed.error.issues.map((i) => i.path[0]));
  const given: Given = (name) => e[name] !== undefined || named.has(name);
  const production = e.NODE_ENV === "production";
  const problems: string[] = [...fieldProblems];
  const refuse: Refuse = (problem) => problems.push(problem);
  if (production && e.DEMO_MODE) refuse("DEMO_MODE: not allowed in production");
  if (production && e.DEV_MAILBOX_KEY) refuse("DEV_MAILBOX_KEY: not allowed in production (no demo mailbox)");
  if (production && !e.PUBLIC_URL?.startsWith("https://") && !named.has("PUBLIC_URL"))
    refuse("PUBLIC_URL: required in production, an https:// address (the links in the mails, the cookies)");
  if (production && !given("SMTP_URL"))
    refuse("SMTP_URL: required in production (the embedded outbox delivers nothing)");
  if (production) checkSecrets(e, refuse);
  const demoMode = e.DEMO_MODE ?? !production;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  if (given("OIDC_ISSUER") !== given("OIDC_CLIENT_ID"))
    refuse("OIDC_ISSUER, OIDC_CLIENT_ID: set both or neither");
  if (e.SMTP_URL && e.DEV_MAILBOX_KEY)
    refuse("DEV_MAILBOX_KEY: no demo mailbox when SMTP_URL sends the mails (unset one)");
  for (const name of ["SANDBOX_WEBHOOK_SECRET", "SANDBOX_WEBHOOK_URL"] as const)
    if (production && e[name]) refuse(`${name}: not allowed in production (no payment sandbox)`);
  const stripeKeys = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const;
  const missingKeys = stripeKeys.filter((name) => !given(name));
  if (missingKeys.length > 0 && missingKeys.length < stripeKeys.length)
    refuse(
      `${missingKeys.join(", ")}: missing (Stripe needs all three of ${stripeKeys.join(", ")}, or none)`,
    );
  // In production only a double on this machine, for a rehearsal of the start (runbook, ADR 033): the keys
  // never leave the machine for anything but Stripe.
  if (production && e.STRIPE_API_URL && !isLoopback(e.STRIPE_API_URL))
    refuse(
      "STRIPE_API_URL: in production only a loopback address (a rehearsal's double); Stripe is api.stripe.com",
    );
  if (e.STRIPE_API_URL && missingKeys.length) refuse("STRIPE_API_URL: set only with the Stripe keys");
  if (e.MAIL_RETRY_DELAY_SECONDS > e.MAIL_RETRY_MAX_DELAY_SECONDS)
    refuse("MAIL_RETRY_DELAY_SECONDS: more than MAIL_RETRY_MAX_DELAY_SECONDS");
  const missing = (Object.keys(EXAMPLE_COMPANY) as CompanySetting[]).filter((name) => !given(name));
  if (production && missing.length)
    refuse(`${missing.join(", ")}: required in production (the seller on the invoices)`);
  const company = (name: CompanySetting): string => String(e[name] ?? EXAMPLE_COMPANY[name]);
  const storage = storageConfig(e, production, refuse, given);
  if (production && e.TOTP_PERIOD_SECONDS !== 30)
    refuse("TOTP_PERIOD_SECONDS: only the tests shorten the codes' period; leave it unset in production");
  if (production && !given("DOCUMENT_LINK_KEY"))
    refuse(
      "DOCUMENT_LINK_KEY: required in production to make the links of invoices and receipts (the base64 of 32 random bytes)",
    );
  const webDir = e.WEB_DIR ?? fileURLToPath(new URL("../../web/build/client", import.meta.url));
  if (storage.engine === "disk" && !relative(resolve(webDir), resolve(storage.dir)).startsWith(".."))
    refuse("DATA_DIR: the stored files would be under the web root (WEB_DIR): choose a folder outside it");
  // A backup inside what it copies would copy itself.
  const backupDir = e.BACKUP_DIR ?? `${e.DATA_DIR}/backups`;
  for (const copied of ["pg", "storage"])
    if (!relative(resolve(e.DATA_DIR, copied), resolve(backupDir)).startsWith(".."))
      refuse(`BACKUP_DIR: inside DATA_DIR/${copied}, which a backup copies: choose a folder outside it`);
  const legalization = legalizationConfig(e, production, refuse, given);
  const timestamps = timestampsConfig(e, production, refuse, given);
  const rateLimits = rateLimitsConfig(e, refuse, given);
  const admin = adminConfig(e, refuse, given);
  if (problems.length) throw new ConfigError(invalid(problems));
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    database: e.DATABASE_URL ? { databaseUrl: e.DATABASE_URL } : { dataDir: e.DATA_DIR },
    demoMode,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS ?? [publicUrl],
    webDir,
    apiDocs: e.API_DOCS ?? !production,
    trustProxy: e.TRUST_PROXY ?? false,
    rateLimits,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? ((e.TRUST_PROXY ?? false) === false ? 0 : 3_000),
    conversationMailDelaySeconds: e.CONVERSATION_MAIL_DELAY_SECONDS,
    staffGrantMaxAuthAgeSeconds: e.STAFF_GRANT_MAX_AUTH_AGE_SECONDS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    identity: {
      embedded: !e.OIDC_ISSUER,
      issuer: (e.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/$/, ""),
      clientId: e.OIDC_CLIENT_ID ?? "argine-web",
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/v1`,
      scope: "openid profile email offline_access",
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      idleSignOutSeconds: e.IDLE_SIGN_OUT_SECONDS,
      totpPeriodSeconds: e.TOTP_PERIOD_SECONDS,
    },
    devMailboxKey:
      demoMode && !production && !e.SMTP_URL
        ? (e.DEV_MAILBOX_KEY ?? randomBytes(24).toString("base64url"))
        : null,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: `${e.DATA_DIR}/outbox`,
      team: e.TEAM_EMAIL,
      retry: {
        limit: e.MAIL_RETRY_LIMIT,
        delaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
        maxDelaySeconds: e.MAIL_RETRY_MAX_DELAY_SECONDS,
      },
    },
    payments:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            provider: "stripe",
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            ...(e.STRIPE_API_URL ? { apiUrl: e.STRIPE_API_URL } : {}),
          }
        : production
          ? { provider: "none" }
          : {
              provider: "sandbox",
              webhookSecret: e.SANDBOX_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString("base64url")}`,
              webhookUrl: e.SANDBOX_WEBHOOK_URL ?? `${publicUrl}/v1/webhooks/sandbox`,
            },
    company: {
      name: company("COMPANY_NAME"),
      address: company("COMPANY_ADDRESS"),
      zip: company("COMPANY_ZIP"),
      city: company("COMPANY_CITY"),
      province: company("COMPANY_PROVINCE"),
      country: "IT",
      vatNumber: company("COMPANY_VAT_NUMBER"),
      taxCode: company("COMPANY_TAX_CODE"),
      rea: { office: company("COMPANY_REA_OFFICE"), number: company("COMPANY_REA_NUMBER") },
      shareCapitalCents: toCents(Number(company("COMPANY_SHARE_CAPITAL"))),
      taxRegime: e.COMPANY_TAX_REGIME,
      email: company("COMPANY_EMAIL"),
      pec: e.COMPANY_PEC ?? null,
    },
    // Outside production, never a key anyone can read in the source (ADR 040): a random one until the server
    // loads its data folder's, which outlives restarts (tests and tools without a data folder keep this one).
    documentLinkKey: e.DOCUMENT_LINK_KEY ?? randomBytes(32),
    documentLinkKeyFile: e.DOCUMENT_LINK_KEY ? null : `${e.DATA_DIR}/${DOCUMENT_LINK_KEY_FILE}`,
    dataDir: e.DATA_DIR,
    storage,
    admin,
    backupDir,
    legalization,
    timestamps,
  };
}

function timestampsConfig(e: Env, production: boolean, refuse: Refuse, given: Given): TimestampsConfig {
  if (!given("TSA_URL")) {
    const stray = (["TSA_USERNAME", "TSA_PASSWORD", "TSA_CA_CERTS"] as const).filter((name) => given(name));
    if (stray.length) refuse(`${stray.join(", ")}: set only with TSA_URL`);
    if (production && !e.TSA_EMBEDDED_ALLOWED)
      refuse(
        "TSA_URL: required in production, the address of a Time Stamping Authority (RFC 3161) that seals the evidence, with TSA_USERNAME, TSA_PASSWORD and TSA_CA_CERTS as it gives them; or TSA_EMBEDDED_ALLOWED=true for the embedded one, whose timestamps rest on this server's clock alone",
      );
    return { engine: "embedded", dir: `${e.DATA_DIR}/tsa` };
  }
  if (e.TSA_EMBEDDED_ALLOWED) refuse("TSA_EMBEDDED_ALLOWED: not used with TSA_URL: unset it");
  if (given("TSA_USERNAME") !== given("TSA_PASSWORD"))
    refuse("TSA_USERNAME, TSA_PASSWORD: set both or neither");
  if (production && e.TSA_URL && !e.TSA_URL.startsWith("https://") && !isLoopback(e.TSA_URL))
    refuse("TSA_URL: in production an https:// address (its credentials travel with each request)");
  let caCertificates = "";
  if (!e.TSA_CA_CERTS)
    refuse("TSA_CA_CERTS: required with TSA_URL, the PEM file of the TSA's chain up to its root");
  else {
    try {
      caCertificates = readFileSync(e.TSA_CA_CERTS, "utf8");
    } catch {
      refuse(`TSA_CA_CERTS: ${e.TSA_CA_CERTS} cannot be read`);
    }
    if (caCertificates && !caCertificates.includes("-----BEGIN CERTIFICATE-----"))
      refuse(`TSA_CA_CERTS: ${e.TSA_CA_CERTS} holds no PEM certificate`);
  }
  return {
    engine: "remote",
    url: e.TSA_URL ?? "",
    username: e.TSA_USERNAME,
    password: e.TSA_PASSWORD,
    caCertificates,
  };
}

function legalizationConfig(e: Env, production: boolean, refuse: Refuse, given: Given): LegalizationConfig {
  if (given("LEGALIZATION_API_URL") !== given("LEGALIZATION_API_KEY"))
    refuse("LEGALIZATION_API_URL, LEGALIZATION_API_KEY: set both or neither");
  if (e.LEGALIZATION_API_URL && e.LEGALIZATION_API_KEY)
    return {
      provider: "service",
      name: e.LEGALIZATION_PROVIDER_NAME,
      apiUrl: e.LEGALIZATION_API_URL.replace(/\/$/, ""),
      apiKey: e.LEGALIZATION_API_KEY,
    };
  if (production) return { provider: "none" };
  const chromium = e.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : null);
  return {
    provider: "sandbox",
    timings: {
      prepareSeconds: e.LEGALIZATION_SANDBOX_PREPARE_SECONDS,
      liveSeconds: e.LEGALIZATION_SANDBOX_LIVE_SECONDS,
      closingSeconds: e.LEGALIZATION_SANDBOX_CLOSING_SECONDS,
      uploadSeconds: e.LEGALIZATION_SANDBOX_UPLOAD_SECONDS,
    },
    chromiumPath: chromium,
  };
}

function storageConfig(e: Env, production: boolean, refuse: Refuse, given: Given): StorageConfig {
  const s3Settings = [
    "S3_REGION",
    "S3_ENDPOINT",
    "S3_ACCESS_KEY_ID",
    "S3_SECRET_ACCESS_KEY",
    "S3_FORCE_PATH_STYLE",
  ] as const;
  if (!e.S3_BUCKET) {
    const stray = s3Settings.filter((name) => e[name] !== undefined);
    if (stray.length && !given("S3_BUCKET")) refuse(`${stray.join(", ")}: set only with S3_BUCKET`);
    if (production && !given("STORAGE_KEY") && !given("S3_BUCKET"))
      refuse(
        "STORAGE_KEY: required in production to encrypt the stored files (the base64 of 32 random bytes), unless S3_BUCKET is set",
      );
    if (given("STORAGE_PREVIOUS_KEY") && !given("STORAGE_KEY"))
      refuse(
        "STORAGE_PREVIOUS_KEY: set only with STORAGE_KEY, the new key (a key kept in DATA_DIR/storage.key is rotated with the server stopped)",
      );
    if (e.STORAGE_PREVIOUS_KEY && e.STORAGE_KEY?.equals(e.STORAGE_PREVIOUS_KEY))
      refuse(
        "STORAGE_PREVIOUS_KEY: the same as STORAGE_KEY (during a rotation STORAGE_KEY is the new key, this one the old)",
      );
    return {
      engine: "disk",
      dir: `${e.DATA_DIR}/storage`,
      masterKey: e.STORAGE_KEY,
      ...(e.STORAGE_PREVIOUS_KEY && { previousKey: e.STORAGE_PREVIOUS_KEY }),
      keyFile: `${e.DATA_DIR}/storage.key`,
    };
  }
  for (const name of ["STORAGE_KEY", "STORAGE_PREVIOUS_KEY"] as const)
    if (e[name]) refuse(`${name}: not used with S3_BUCKET (the bucket encrypts the files itself): unset it`);
  if (given("S3_ACCESS_KEY_ID") !== given("S3_SECRET_ACCESS_KEY"))
    refuse("S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither");
  return {
    engine: "s3",
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? "eu-south-1",
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
  };
}
