import { describe, expect, it } from "vitest";
import {
  EmailSchema,
  HttpUrlSchema,
  isHttpUrl,
  NO_SPECIAL_CHARS_PATTERN,
  NoSpecialCharsSchema,
  NumericStringSchema,
  PrivacyAcceptanceSchema,
  RequiredSecretSchema,
  RequiredStringSchema,
} from "./fields.ts";
import { messages } from "./schema-messages.test-helpers.ts";

/** The messages a schema reports for a value, in order. */

describe("RequiredStringSchema", () => {
  it("reports 'Campo Obbligatorio' for empty, blank and missing values", () => {
    for (const value of ["", "   ", undefined, null]) {
      expect(messages(RequiredStringSchema, value)).toEqual(["Campo Obbligatorio"]);
    }
  });

  it("trims the accepted value", () => {
    expect(RequiredStringSchema.parse("  Mario ")).toBe("Mario");
  });
});

describe("RequiredSecretSchema", () => {
  it("requires a value but keeps its spaces", () => {
    expect(messages(RequiredSecretSchema, "")).toEqual(["Campo Obbligatorio"]);
    expect(RequiredSecretSchema.parse(" pass ")).toBe(" pass ");
  });
});

describe("EmailSchema", () => {
  it.each(["mario.rossi@example.it", "a+b@sub.example.com", "o'neil@example.org", "  x@example.it  "])(
    "accepts %s",
    (value) => {
      expect(EmailSchema.safeParse(value).success).toBe(true);
    },
  );

  it.each(["mario", "mario@", "@example.it", "mario@example", "mario rossi@example.it", "a@b..it"])(
    "rejects %s with the spec text",
    (value) => {
      expect(messages(EmailSchema, value)).toEqual(["Non è una email valida!"]);
    },
  );

  it("reports only the required message when empty", () => {
    expect(messages(EmailSchema, "")).toEqual(["Campo Obbligatorio"]);
  });

  it("rejects addresses longer than 254 characters", () => {
    expect(messages(EmailSchema, `${"a".repeat(250)}@example.it`)).toContain("Non è una email valida!");
  });
});

describe("PrivacyAcceptanceSchema", () => {
  it("accepts only true", () => {
    expect(PrivacyAcceptanceSchema.parse(true)).toBe(true);
    for (const value of [false, "true", 1, undefined]) {
      expect(messages(PrivacyAcceptanceSchema, value)).toEqual([
        "Devi accettare l'informativa sulla privacy.",
      ]);
    }
  });
});

describe("HttpUrlSchema", () => {
  it.each([
    "https://www.facebook.com/profile/123",
    "http://example.it",
    "https://sub.example.co.uk/a/b?c=d#e",
    "HTTPS://EXAMPLE.COM/",
    "https://xn--caf-dma.it/",
  ])("accepts %s", (value) => {
    expect(HttpUrlSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    "ftp://example.com",
    "javascript:alert(1)",
    "www.example.com",
    "example.com/page",
    "https://",
    "http:example.com",
    "https://localhost/page",
    "http://127.0.0.1/",
    "https://exa mple.com",
    `https://example.com/${"a".repeat(2100)}`,
  ])("rejects %s", (value) => {
    expect(messages(HttpUrlSchema, value)).toEqual(["L'indirizzo inserito non è un URL valido."]);
  });

  it("reports only the required message when empty", () => {
    expect(messages(HttpUrlSchema, " ")).toEqual(["Campo Obbligatorio"]);
  });

  it("agrees with isHttpUrl", () => {
    expect(isHttpUrl("https://example.com")).toBe(true);
    expect(isHttpUrl("mailto:a@b.it")).toBe(false);
  });
});

describe("NoSpecialCharsSchema", () => {
  it.each([
    "Mario",
    "D'Amico",
    "Maria-Luisa",
    "Niccolò",
    "Reggio nell'Emilia",
    "S. Giovanni",
    "Zoë Ünal",
    "3/A",
  ])("accepts %s", (value) => {
    expect(NoSpecialCharsSchema.safeParse(value).success).toBe(true);
  });

  it.each(["<script>", "Mario!", "a@b", "50%", "x;y", 'Mario "il grande"', "tab\there", "emoji 😀"])(
    "rejects %s",
    (value) => {
      expect(messages(NoSpecialCharsSchema, value)).toEqual(["Non sono ammessi caratteri speciali."]);
    },
  );

  it("exposes the pattern for reuse", () => {
    expect(NO_SPECIAL_CHARS_PATTERN.test("Città")).toBe(true);
  });
});

describe("NumericStringSchema", () => {
  it("accepts digits only", () => {
    expect(NumericStringSchema.parse(" 0123 ")).toBe("0123");
  });

  it.each(["12a", "1.5", "-3", "+39", "1 2"])("rejects %s with the spec text", (value) => {
    expect(messages(NumericStringSchema, value)).toEqual(["Il numero inserito non è valido"]);
  });
});
