import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { EmailSchema } from "../shared/fields.ts";
import { isStrongPassword, PasswordSchema, withPasswordConfirmation } from "./password.ts";

const RULE = "La password deve avere almeno 8 caratteri, con almeno 1 maiuscola, 1 minuscola e 1 numero.";
const MISMATCH = "Le password non coincidono.";

function issues(schema: z.ZodType, value: unknown): [string, string][] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
}

describe("PasswordSchema", () => {
  it.each(["Girasole7", "aB345678", "Àbcdefg1", "Pass word 1"])("accepts %s", (value) => {
    expect(PasswordSchema.parse(value)).toBe(value);
  });

  it.each(["Pass1", "password1", "PASSWORD1", "Password", "Abcdefg"])(
    "rejects %s with one rule message",
    (value) => {
      expect(issues(PasswordSchema, value)).toEqual([["", RULE]]);
    },
  );

  it("asks for the field when empty", () => {
    expect(issues(PasswordSchema, "")).toEqual([["", "Campo Obbligatorio"]]);
  });

  it("agrees with isStrongPassword", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (value) => {
        fc.pre(value !== "");
        expect(PasswordSchema.safeParse(value).success).toBe(isStrongPassword(value));
      }),
    );
  });
});

describe("withPasswordConfirmation", () => {
  const schema = withPasswordConfirmation();

  it("accepts matching passwords", () => {
    expect(schema.parse({ password: "Girasole7", confirmPassword: "Girasole7" })).toEqual({
      password: "Girasole7",
      confirmPassword: "Girasole7",
    });
  });

  it("reports a mismatch on confirmPassword", () => {
    expect(issues(schema, { password: "Girasole7", confirmPassword: "Password2" })).toEqual([
      ["confirmPassword", MISMATCH],
    ]);
  });

  it("reports the mismatch together with other field errors", () => {
    const registration = withPasswordConfirmation({ email: EmailSchema });
    expect(issues(registration, { email: "", password: "short", confirmPassword: "other" })).toEqual([
      ["email", "Campo Obbligatorio"],
      ["password", RULE],
      ["confirmPassword", MISMATCH],
    ]);
  });

  it("keeps extra fields and their types", () => {
    const registration = withPasswordConfirmation({ email: EmailSchema });
    const parsed = registration.parse({
      email: " a@b.it ",
      password: "Girasole7",
      confirmPassword: "Girasole7",
    });
    expect(parsed.email).toBe("a@b.it");
  });

  it("asks for a missing confirmation rather than reporting a mismatch", () => {
    expect(issues(schema, { password: "Girasole7" })).toEqual([["confirmPassword", "Campo Obbligatorio"]]);
  });
});

describe("common passwords", () => {
  it.each(["Password1", "Qwerty123", "Juventus1897", "Ciao1234", "Napoli1926", "Welcome1"])(
    "refuses %s, which meets the rule but is among the first guessed",
    (value) => {
      const result = PasswordSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([
        "Questa password è tra le più usate e facili da indovinare: scegline un'altra.",
      ]);
    },
  );

  it("accepts a password that is not on the list", () => {
    expect(PasswordSchema.safeParse("Girasole-Lento-42").success).toBe(true);
  });
});
