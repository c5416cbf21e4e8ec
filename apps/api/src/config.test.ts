// The server runs with core's Italian messages installed in zod (the API's answers load them): so do these.
import "@argine/core/shared/validation-messages";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PRODUCTION_ENV } from "../test/production-env.ts";
import { ConfigError, EXAMPLE_COMPANY, loadConfig } from "./config.ts";

/**
 * Production refuses to start without the seller's data, the storage's key, the documents' link key, an
 * https address and a mail server: PRODUCTION_ENV has them all.
 */
const PRODUCTION = PRODUCTION_ENV;
const base64 = (value: string) => Buffer.from(value, "base64");

describe("the documents' link key", () => {
  it("is required in production, a key of 32 bytes; elsewhere the data folder's own, never a fixed one", () => {
    const { DOCUMENT_LINK_KEY: _key, ...withoutKey } = PRODUCTION;
    expect(() => loadConfig(withoutKey)).toThrow(/DOCUMENT_LINK_KEY: required in production/);
    expect(() => loadConfig({ DOCUMENT_LINK_KEY: "corta" })).toThrow(/DOCUMENT_LINK_KEY/);
    expect(loadConfig(PRODUCTION).documentLinkKey).toEqual(base64(PRODUCTION.DOCUMENT_LINK_KEY));
    expect(loadConfig(PRODUCTION).documentLinkKeyFile).toBeNull();
    // Unset: random in each process until the server loads DATA_DIR's (main.ts, ADR 040).
    expect(loadConfig({}).documentLinkKey).not.toEqual(loadConfig({}).documentLinkKey);
    expect(loadConfig({}).documentLinkKey).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: "/srv/argine" }).documentLinkKeyFile).toBe("/srv/argine/document-link.key");
  });
});

describe("the mail settings", () => {
  it("retry a failed mail for about a day by default", () => {
    expect(loadConfig({}).mail.retry).toEqual({ limit: 30, delaySeconds: 30, maxDelaySeconds: 3600 });
    expect(
      loadConfig({ MAIL_RETRY_LIMIT: "1", MAIL_RETRY_DELAY_SECONDS: "1", MAIL_RETRY_MAX_DELAY_SECONDS: "5" })
        .mail.retry,
    ).toEqual({ limit: 1, delaySeconds: 1, maxDelaySeconds: 5 });
  });

  it("refuse what cannot work together, naming the field", () => {
    expect(() => loadConfig({ MAIL_RETRY_DELAY_SECONDS: "600", MAIL_RETRY_MAX_DELAY_SECONDS: "60" })).toThrow(
      /MAIL_RETRY_DELAY_SECONDS: more than MAIL_RETRY_MAX_DELAY_SECONDS/,
    );
    expect(() =>
      loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525", DEV_MAILBOX_KEY: "una-chiave-lunga-abbastanza" }),
    ).toThrow(/DEV_MAILBOX_KEY: no demo mailbox when SMTP_URL sends the mails/);
    expect(() => loadConfig({ SMTP_URL: "mail.example:25" })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: "https://mail.example" })).toThrow(
      /SMTP_URL: an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(loadConfig({ SMTP_URL: "smtps://utente:segreto@smtp.example:465" }).mail.smtpUrl).toBe(
      "smtps://utente:segreto@smtp.example:465",
    );
  });
});

describe("the payment settings", () => {
  it("choose the sandbox outside production, its secret random at each start unless set", () => {
    const first = loadConfig({ PORT: "4100" }).payments;
    expect(first).toEqual({
      provider: "sandbox",
      webhookSecret: expect.stringMatching(/^whsec_[\w-]{32}$/),
      webhookUrl: "http://localhost:4100/v1/webhooks/sandbox",
    });
    expect(loadConfig({}).payments).not.toEqual(first);
    expect(
      loadConfig({
        PUBLIC_URL: "https://prova.argine.example/",
        SANDBOX_WEBHOOK_SECRET: "whsec_una-chiave-fissa",
      }).payments,
    ).toEqual({
      provider: "sandbox",
      webhookSecret: "whsec_una-chiave-fissa",
      webhookUrl: "https://prova.argine.example/v1/webhooks/sandbox",
    });
    expect(loadConfig({ SANDBOX_WEBHOOK_URL: "http://127.0.0.1:9999/hook" }).payments).toMatchObject({
      webhookUrl: "http://127.0.0.1:9999/hook",
    });
  });

  it("never have a sandbox in production, and refuse its settings there", () => {
    expect(loadConfig(PRODUCTION).payments).toEqual({ provider: "none" });
    expect(() => loadConfig({ ...PRODUCTION, SANDBOX_WEBHOOK_SECRET: "whsec_una-chiave-fissa" })).toThrow(
      /SANDBOX_WEBHOOK_SECRET: not allowed in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, SANDBOX_WEBHOOK_URL: "http://127.0.0.1:1/x" })).toThrow(
      /SANDBOX_WEBHOOK_URL: not allowed in production/,
    );
    expect(() => loadConfig({ SANDBOX_WEBHOOK_SECRET: "corta" })).toThrow(ConfigError);
    expect(() => loadConfig({ SANDBOX_WEBHOOK_URL: "ftp://x.example" })).toThrow(/SANDBOX_WEBHOOK_URL/);
  });

  const STRIPE = {
    STRIPE_SECRET_KEY: "sk_test_chiaveSegretaDiProva",
    STRIPE_PUBLISHABLE_KEY: "pk_test_chiavePubblicaDiProva",
    STRIPE_WEBHOOK_SECRET: "whsec_firmaDegliEventiDiProva",
  };

  it("choose Stripe with its three keys, in any environment", () => {
    const stripe = {
      provider: "stripe",
      secretKey: STRIPE.STRIPE_SECRET_KEY,
      publishableKey: STRIPE.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: STRIPE.STRIPE_WEBHOOK_SECRET,
    };
    expect(loadConfig(STRIPE).payments).toEqual(stripe);
    expect(loadConfig({ ...STRIPE, ...PRODUCTION }).payments).toEqual(stripe);
    expect(loadConfig({ ...STRIPE, STRIPE_API_URL: "http://127.0.0.1:12111" }).payments).toEqual({
      ...stripe,
      apiUrl: "http://127.0.0.1:12111",
    });
  });

  it("refuse part of Stripe's keys, naming what is missing, and in production a Stripe elsewhere than Stripe or loopback", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: STRIPE.STRIPE_SECRET_KEY })).toThrow(
      /STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: missing/,
    );
    expect(() => loadConfig({ ...STRIPE, STRIPE_WEBHOOK_SECRET: undefined, NODE_ENV: "production" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: missing/,
    );
    expect(() =>
      loadConfig({ ...STRIPE, NODE_ENV: "production", STRIPE_API_URL: "https://stripe.example.net" }),
    ).toThrow(/STRIPE_API_URL: in production only a loopback address/);
    // A rehearsal's double on this machine (runbook, ADR 033) is not among a production start's problems.
    const rehearsal = (url: string) => {
      try {
        loadConfig({ ...STRIPE, NODE_ENV: "production", STRIPE_API_URL: url });
        return "";
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(rehearsal("http://127.0.0.1:12111")).not.toMatch(/STRIPE_API_URL/);
    expect(rehearsal("http://localhost:12111")).not.toMatch(/STRIPE_API_URL/);
    expect(() => loadConfig({ STRIPE_API_URL: "http://127.0.0.1:12111" })).toThrow(/STRIPE_API_URL/);
    // A key in the wrong variable is refused without printing it.
    let message = "";
    try {
      loadConfig({ ...STRIPE, STRIPE_PUBLISHABLE_KEY: STRIPE.STRIPE_SECRET_KEY });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/STRIPE_PUBLISHABLE_KEY: a Stripe publishable key/);
    expect(message).not.toContain(STRIPE.STRIPE_SECRET_KEY);
  });
});

describe("the company settings", () => {
  it("default outside production to fictitious examples that pass FatturaPA's patterns", () => {
    const company = loadConfig({}).company;
    expect(company).toEqual({
      name: "Argine S.r.l. (dati di esempio)",
      address: "Via Esempio 1",
      zip: "00100",
      city: "Roma",
      province: "RM",
      country: "IT",
      vatNumber: "01234567897",
      taxCode: "01234567897",
      rea: { office: "RM", number: "1234567" },
      shareCapitalCents: 1_350_000,
      taxRegime: "RF01",
      email: "amministrazione@argine.example",
      pec: null,
    });
  });

  it("read each setting, the capital in euros", () => {
    const company = loadConfig({
      COMPANY_NAME: "Difesa Digitale S.r.l.",
      COMPANY_PROVINCE: "mi",
      COMPANY_VAT_NUMBER: "12345678903",
      COMPANY_SHARE_CAPITAL: "10000.50",
      COMPANY_TAX_REGIME: "RF19",
      COMPANY_PEC: "difesa@pec.example",
    }).company;
    expect(company).toMatchObject({
      name: "Difesa Digitale S.r.l.",
      province: "MI",
      vatNumber: "12345678903",
      shareCapitalCents: 1_000_050,
      taxRegime: "RF19",
      pec: "difesa@pec.example",
    });
  });

  it("refuse a partita IVA with a wrong check digit, a bad CAP or province, naming the field", () => {
    expect(() => loadConfig({ COMPANY_VAT_NUMBER: "01234567890" })).toThrow(
      /COMPANY_VAT_NUMBER: 11 digits with a valid check digit/,
    );
    expect(() => loadConfig({ COMPANY_ZIP: "0010" })).toThrow(/COMPANY_ZIP/);
    expect(() => loadConfig({ COMPANY_PROVINCE: "XX" })).toThrow(/COMPANY_PROVINCE/);
    expect(() => loadConfig({ COMPANY_TAX_REGIME: "RF99" })).toThrow(/COMPANY_TAX_REGIME/);
  });

  it("must all be set in production, the boot error naming the missing ones", () => {
    const { COMPANY_VAT_NUMBER: _vat, COMPANY_REA_NUMBER: _rea, ...rest } = EXAMPLE_COMPANY;
    expect(() => loadConfig({ NODE_ENV: "production", ...rest })).toThrow(
      "COMPANY_VAT_NUMBER, COMPANY_REA_NUMBER: required in production",
    );
    expect(loadConfig(PRODUCTION).company.vatNumber).toBe("01234567897");
  });
});

describe("the storage settings", () => {
  it("keep files on disk under DATA_DIR by default, with or without a configured key", () => {
    expect(loadConfig({ DATA_DIR: "/srv/argine" }).storage).toEqual({
      engine: "disk",
      dir: "/srv/argine/storage",
      masterKey: undefined,
      keyFile: "/srv/argine/storage.key",
    });
    const key = loadConfig(PRODUCTION).storage;
    expect(key.engine === "disk" && key.masterKey?.equals(base64(PRODUCTION.STORAGE_KEY))).toBe(true);
  });

  it("require the master key in production, and a key of 32 bytes anywhere", () => {
    expect(() => loadConfig({ ...PRODUCTION, STORAGE_KEY: undefined })).toThrow(
      /STORAGE_KEY: required in production to encrypt the stored files/,
    );
    expect(() => loadConfig({ STORAGE_KEY: Buffer.alloc(16).toString("base64") })).toThrow(
      /STORAGE_KEY: the base64 of 32 random bytes/,
    );
    expect(() => loadConfig({ STORAGE_KEY: "non è base64!" })).toThrow(/STORAGE_KEY/);
  });

  it("choose S3 with a bucket, in Milan unless told, its endpoint's origin for the uploads", () => {
    const s3 = { S3_BUCKET: "argine-prove" };
    expect(loadConfig({ ...PRODUCTION, ...s3, STORAGE_KEY: undefined }).storage).toEqual({
      engine: "s3",
      bucket: "argine-prove",
      region: "eu-south-1",
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        ...s3,
        S3_REGION: "eu-central-1",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "minio",
        S3_SECRET_ACCESS_KEY: "minio-segreto",
        S3_FORCE_PATH_STYLE: "true",
      }).storage,
    ).toMatchObject({ region: "eu-central-1", endpoint: "http://127.0.0.1:9000", forcePathStyle: true });
  });

  it("refuse S3 settings that cannot work together, naming them", () => {
    expect(() => loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      /S3_ENDPOINT: set only with S3_BUCKET/,
    );
    expect(() => loadConfig({ S3_BUCKET: "argine", S3_ACCESS_KEY_ID: "solo-id" })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither/,
    );
    expect(() => loadConfig({ ...PRODUCTION, S3_BUCKET: "argine" })).toThrow(
      /STORAGE_KEY: not used with S3_BUCKET/,
    );
    expect(() => loadConfig({ S3_BUCKET: "argine", S3_ENDPOINT: "ftp://x.example" })).toThrow(/S3_ENDPOINT/);
  });

  it("never keep the files under the web root", () => {
    expect(() => loadConfig({ DATA_DIR: "/srv/sito/dati", WEB_DIR: "/srv/sito" })).toThrow(
      /DATA_DIR: the stored files would be under the web root/,
    );
    expect(loadConfig({ DATA_DIR: "/srv/dati", WEB_DIR: "/srv/sito" }).storage.engine).toBe("disk");
  });
});

describe("the legalization settings", () => {
  const SERVICE = {
    LEGALIZATION_API_URL: "https://capture.example/api/",
    LEGALIZATION_API_KEY: "chiave-di-prova-0123456789",
  };

  it("choose the capture sandbox outside production, with its timings, and none in production", () => {
    expect(
      loadConfig({ CHROMIUM_PATH: "/opt/chromium", LEGALIZATION_SANDBOX_PREPARE_SECONDS: "1" }).legalization,
    ).toEqual({
      provider: "sandbox",
      timings: { prepareSeconds: 1, liveSeconds: 1800, closingSeconds: 5, uploadSeconds: 3 },
      chromiumPath: "/opt/chromium",
    });
    expect(loadConfig(PRODUCTION).legalization).toEqual({ provider: "none" });
  });

  it("choose the real service with its URL and key, in any environment, and refuse one without the other", () => {
    expect(loadConfig({ ...PRODUCTION, ...SERVICE }).legalization).toEqual({
      provider: "service",
      name: "Capture",
      apiUrl: "https://capture.example/api",
      apiKey: SERVICE.LEGALIZATION_API_KEY,
    });
    expect(() => loadConfig({ LEGALIZATION_API_URL: SERVICE.LEGALIZATION_API_URL })).toThrow(
      /LEGALIZATION_API_URL, LEGALIZATION_API_KEY: set both or neither/,
    );
  });
});

describe("the timestamp settings", () => {
  const chainFile = () => {
    const dir = mkdtempSync(join(tmpdir(), "argine-tsa-config-"));
    const file = join(dir, "chain.pem");
    writeFileSync(file, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    return file;
  };
  const { TSA_EMBEDDED_ALLOWED: _, ...productionWithoutTsa } = PRODUCTION;

  it("choose the embedded local TSA in DATA_DIR/tsa, which production takes only when allowed", () => {
    expect(loadConfig({ DATA_DIR: "/srv/dati" }).timestamps).toEqual({
      engine: "embedded",
      dir: "/srv/dati/tsa",
    });
    expect(() => loadConfig(productionWithoutTsa)).toThrow(
      /TSA_URL: required in production, the address of a Time Stamping Authority \(RFC 3161\)[^\n]*TSA_EMBEDDED_ALLOWED=true/,
    );
    expect(loadConfig({ ...productionWithoutTsa, TSA_EMBEDDED_ALLOWED: "true" }).timestamps.engine).toBe(
      "embedded",
    );
  });

  it("choose a real TSA with its URL, credentials and chain, and read the chain at start", () => {
    const file = chainFile();
    expect(
      loadConfig({
        ...productionWithoutTsa,
        TSA_URL: "https://tsa.example/tsa",
        TSA_USERNAME: "argine",
        TSA_PASSWORD: "parola-della-tsa",
        TSA_CA_CERTS: file,
      }).timestamps,
    ).toEqual({
      engine: "remote",
      url: "https://tsa.example/tsa",
      username: "argine",
      password: "parola-della-tsa",
      caCertificates: readFileSync(file, "utf8"),
    });
  });

  it("refuse what does not go together, a chain that cannot be read, and plain http in production", () => {
    const refusal = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
        return "";
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refusal({ TSA_USERNAME: "argine", TSA_CA_CERTS: chainFile() })).toMatch(
      /TSA_USERNAME, TSA_CA_CERTS: set only with TSA_URL/,
    );
    const remote = { TSA_URL: "https://tsa.example/tsa", TSA_CA_CERTS: chainFile() };
    expect(refusal({ ...remote, TSA_USERNAME: "argine" })).toMatch(
      /TSA_USERNAME, TSA_PASSWORD: set both or neither/,
    );
    expect(refusal({ ...remote, TSA_EMBEDDED_ALLOWED: "true" })).toMatch(
      /TSA_EMBEDDED_ALLOWED: not used with TSA_URL/,
    );
    expect(refusal({ TSA_URL: remote.TSA_URL })).toMatch(/TSA_CA_CERTS: required with TSA_URL/);
    expect(refusal({ ...remote, TSA_CA_CERTS: "/non/esiste.pem" })).toMatch(
      /TSA_CA_CERTS: \/non\/esiste.pem cannot be read/,
    );
    const notPem = join(mkdtempSync(join(tmpdir(), "argine-tsa-config-")), "chain.txt");
    writeFileSync(notPem, "nessun certificato");
    expect(refusal({ ...remote, TSA_CA_CERTS: notPem })).toMatch(/holds no PEM certificate/);
    const plain = { ...productionWithoutTsa, ...remote, TSA_URL: "http://tsa.example/tsa" };
    expect(refusal(plain)).toMatch(/TSA_URL: in production an https:\/\/ address/);
    // A rehearsal's double on this machine is the one plain address production takes.
    expect(refusal({ ...plain, TSA_URL: "http://127.0.0.1:4104/tsa" })).toBe("");
  });
});

describe("the request limits' store", () => {
  it("follows the database by default, Redis with its URL, and refuses a store that cannot serve", () => {
    expect(loadConfig({}).rateLimits).toEqual({ store: "database" });
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379" }).rateLimits).toEqual({
      store: "redis",
      url: "redis://127.0.0.1:6379",
    });
    expect(loadConfig({ RATE_LIMIT_STORE: "memory" }).rateLimits).toEqual({ store: "memory" });
    expect(() => loadConfig({ RATE_LIMIT_STORE: "redis" })).toThrow(
      /RATE_LIMIT_STORE: redis needs REDIS_URL/,
    );
    expect(() => loadConfig({ RATE_LIMIT_STORE: "postgres" })).toThrow(/postgres needs DATABASE_URL/);
    expect(() => loadConfig({ RATE_LIMIT_STORE: "memory", REDIS_URL: "redis://127.0.0.1:6379" })).toThrow(
      /REDIS_URL: set only with RATE_LIMIT_STORE=redis/,
    );
  });
});

describe("a production start", () => {
  it("fails closed, listing every problem at once: a placeholder secret, demo mode and the payment sandbox", () => {
    let message = "";
    try {
      loadConfig({
        ...PRODUCTION,
        DOCUMENT_LINK_KEY: Buffer.alloc(32, 9).toString("base64"),
        DEMO_MODE: "true",
        SANDBOX_WEBHOOK_SECRET: "whsec_a-sandbox-secret-of-ours",
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message.split("\n")).toEqual([
      "Invalid configuration:",
      "  DEMO_MODE: not allowed in production",
      "  DOCUMENT_LINK_KEY: a placeholder, not a secret: make one (openssl rand -base64 32)",
      "  SANDBOX_WEBHOOK_SECRET: not allowed in production (no payment sandbox)",
    ]);
  });

  it("names a malformed field together with the problems between the others", () => {
    let message = "";
    try {
      loadConfig({ ...PRODUCTION, PORT: "porta", DEMO_MODE: "true" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PORT: /);
    expect(message).toMatch(/DEMO_MODE: not allowed in production/);
  });

  it("with nothing set, names every missing variable in the one message", () => {
    const lines = (() => {
      try {
        loadConfig({ NODE_ENV: "production" });
        return [];
      } catch (error) {
        return (error as Error).message.split("\n").map((line) => line.trim().split(":")[0]);
      }
    })();
    expect(lines).toEqual([
      "Invalid configuration",
      "PUBLIC_URL",
      "SMTP_URL",
      Object.keys(EXAMPLE_COMPANY).join(", "),
      "STORAGE_KEY",
      "DOCUMENT_LINK_KEY",
      "TSA_URL",
    ]);
  });

  it("wants an https address and a mail server: no embedded outbox delivers to anybody", () => {
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: "http://argine.example" })).toThrow(
      /PUBLIC_URL: required in production, an https:\/\/ address/,
    );
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL: required/);
    expect(() => loadConfig({ ...PRODUCTION, SMTP_URL: undefined })).toThrow(
      /SMTP_URL: required in production \(the embedded outbox delivers nothing\)/,
    );
    expect(loadConfig(PRODUCTION).publicUrl).toBe("https://argine.example");
  });

  it("refuses a secret copied from an example, or too short, and only in production", () => {
    const S3 = { S3_BUCKET: "argine-files", S3_ACCESS_KEY_ID: "AKIAEXAMPLEKEYID" };
    expect(() =>
      loadConfig({
        ...PRODUCTION,
        ...S3,
        STORAGE_KEY: undefined,
        S3_SECRET_ACCESS_KEY: "changeme-please-now",
      }),
    ).toThrow(/S3_SECRET_ACCESS_KEY: a placeholder, not a secret/);
    expect(() =>
      loadConfig({ ...PRODUCTION, ...S3, STORAGE_KEY: undefined, S3_SECRET_ACCESS_KEY: "k3Y-9ashort" }),
    ).toThrow(/S3_SECRET_ACCESS_KEY: too short for production \(at least 16 characters\)/);
    expect(
      loadConfig({
        ...PRODUCTION,
        ...S3,
        STORAGE_KEY: undefined,
        S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzZ9a8b7c6d",
      }).storage.engine,
    ).toBe("s3");
    // Outside production the same placeholder passes: a developer's machine, not a server.
    expect(
      loadConfig({ DOCUMENT_LINK_KEY: Buffer.alloc(32, 9).toString("base64") }).documentLinkKey,
    ).toHaveLength(32);
  });
});

describe("the API reference", () => {
  it("is served outside production, and in production only when API_DOCS says so", () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: "false" }).apiDocs).toBe(false);
    expect(loadConfig(PRODUCTION).apiDocs).toBe(false);
    expect(loadConfig({ ...PRODUCTION, API_DOCS: "true" }).apiDocs).toBe(true);
    expect(() => loadConfig({ API_DOCS: "on" })).toThrow(/API_DOCS/);
  });
});

describe("the refusal the operator reads", () => {
  /** The refusal's lines, without its heading. */
  const refusal = (env: Record<string, string | undefined>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message.split("\n").slice(1);
    }
    throw new Error("the configuration was accepted");
  };

  it("is in English, saying what each value must be, though the users' messages are Italian", () => {
    expect(
      refusal({
        NODE_ENV: "prod",
        PORT: "porta",
        HOST: "",
        PUBLIC_URL: "argine.example",
        TEAM_EMAIL: "team",
        ACCESS_TOKEN_TTL_SECONDS: "10",
        MAIL_RETRY_LIMIT: "1.5",
        S3_BUCKET: "ab",
        API_DOCS: "sì",
      }),
    ).toEqual([
      "  NODE_ENV: one of development, production, test",
      "  PORT: a number",
      "  HOST: set but empty",
      "  PUBLIC_URL: a URL",
      "  API_DOCS: one of 0, 1, true, false",
      "  ACCESS_TOKEN_TTL_SECONDS: at least 30",
      "  TEAM_EMAIL: an e-mail address",
      "  MAIL_RETRY_LIMIT: a whole number",
      "  S3_BUCKET: at least 3 characters",
    ]);
  });

  it("names a variable set but invalid once, never also as missing", () => {
    const STRIPE = {
      STRIPE_SECRET_KEY: "sk_live_chiaveSegretaDiProva",
      STRIPE_PUBLISHABLE_KEY: "pk_live_chiavePubblicaDiProva",
      STRIPE_WEBHOOK_SECRET: "whsec_firmaDegliEventiDiProva",
    };
    const invalid: [name: string, env: Record<string, string | undefined>][] = [
      ["DOCUMENT_LINK_KEY", { DOCUMENT_LINK_KEY: "corta" }],
      ["DOCUMENT_LINK_KEY", { DOCUMENT_LINK_KEY: "non è base64, ma è lunga abbastanza!" }],
      ["STORAGE_KEY", { STORAGE_KEY: Buffer.alloc(16, 7).toString("base64") }],
      ["METRICS_TOKEN", { ADMIN_PORT: "9100", METRICS_TOKEN: "corto" }],
      ["SMTP_URL", { SMTP_URL: "https://mail.example" }],
      ["PUBLIC_URL", { PUBLIC_URL: "argine.example" }],
      ["COMPANY_ZIP", { COMPANY_ZIP: "0010" }],
      ["STRIPE_WEBHOOK_SECRET", { ...STRIPE, STRIPE_WEBHOOK_SECRET: "firma" }],
      ["S3_BUCKET", { STORAGE_KEY: undefined, S3_BUCKET: "ab", S3_REGION: "eu-south-1" }],
      ["REDIS_URL", { RATE_LIMIT_STORE: "redis", REDIS_URL: "http://127.0.0.1:6379" }],
      [
        "LEGALIZATION_API_KEY",
        { LEGALIZATION_API_URL: "https://capture.example", LEGALIZATION_API_KEY: "k" },
      ],
    ];
    for (const [name, env] of invalid) {
      const lines = refusal({ ...PRODUCTION, ...env });
      expect({ name, lines: lines.filter((line) => line.includes(name)) }).toEqual({
        name,
        lines: [expect.stringMatching(new RegExp(`^  ${name}: `))],
      });
    }
  });
});
