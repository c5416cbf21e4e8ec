import { randomBytes } from "node:crypto";
import { EXAMPLE_COMPANY } from "../src/config.ts";

/**
 * What a production start needs, with values that pass its checks (fresh random keys, an https address, a
 * mail server): a test of production starts from these and changes what it is about.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  ...EXAMPLE_COMPANY,
  PUBLIC_URL: "https://argine.example",
  SMTP_URL: "smtp://127.0.0.1:2525",
  STORAGE_KEY: randomBytes(32).toString("base64"),
  DOCUMENT_LINK_KEY: randomBytes(32).toString("base64"),
  // The embedded TSA, as a rehearsal takes it: a test of the real TSA's settings sets TSA_URL instead.
  TSA_EMBEDDED_ALLOWED: "true",
} as const;
