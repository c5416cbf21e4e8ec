import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
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

// One schema for every setting of the API process; documented in .env.example and the README.
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.url().optional(),
  DEMO_MODE: bool,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  CORS_ORIGINS: list,
  WEB_DIR: z.string().min(1).optional(),
  TRUST_PROXY: bool,
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default("Argine <no-reply@argine.example>"),
  TEAM_EMAIL: z.email().default("team@argine.example"),
  DEV_MAILBOX_KEY: z.string().min(16).optional(),
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demoMode: boolean;
  logLevel: string;
  corsOrigins: string[];
  webDir: string;
  trustProxy: boolean;
  shutdownTimeoutMs: number;
  identity: IdentityConfig;
  /**
   * The demo mailbox (/dev/mailbox): the key its page and `GET /v1/dev/mailbox` require, random at each start
   * unless DEV_MAILBOX_KEY sets it; null when there is no mailbox (production, not demo mode, or SMTP).
   */
  devMailboxKey: string | null;
  /** `team` receives the staff alerts (cases that need a person first). */
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string; team: string };
}

export interface IdentityConfig {
  /** True: our own OpenID provider at /oidc. False: an external provider we only verify tokens of. */
  embedded: boolean;
  issuer: string;
  clientId: string;
  /** The API's resource indicator, the audience of its access tokens. */
  audience: string;
  scope: string;
  accessTokenTtlSeconds: number;
}

export class ConfigError extends Error {}

/** Parses the environment once at boot; fails fast listing every bad field. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new ConfigError(`Invalid configuration:\n${fields}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  if (production && e.DEMO_MODE)
    throw new ConfigError("Invalid configuration:\n  DEMO_MODE: not allowed in production");
  if (production && e.DEV_MAILBOX_KEY)
    throw new ConfigError(
      "Invalid configuration:\n  DEV_MAILBOX_KEY: not allowed in production (no demo mailbox)",
    );
  const demoMode = e.DEMO_MODE ?? !production;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  if (Boolean(e.OIDC_ISSUER) !== Boolean(e.OIDC_CLIENT_ID)) {
    throw new ConfigError("Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID: set both or neither");
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    demoMode,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS ?? [publicUrl],
    webDir: e.WEB_DIR ?? fileURLToPath(new URL("../../web/build/client", import.meta.url)),
    trustProxy: e.TRUST_PROXY ?? false,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    identity: {
      embedded: !e.OIDC_ISSUER,
      issuer: (e.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/$/, ""),
      clientId: e.OIDC_CLIENT_ID ?? "argine-web",
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/v1`,
      scope: "openid profile email offline_access",
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    },
    devMailboxKey:
      demoMode && !production && !e.SMTP_URL
        ? (e.DEV_MAILBOX_KEY ?? randomBytes(24).toString("base64url"))
        : null,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: `${e.DATA_DIR}/outbox`, team: e.TEAM_EMAIL },
  };
}
