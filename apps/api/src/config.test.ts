import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

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
