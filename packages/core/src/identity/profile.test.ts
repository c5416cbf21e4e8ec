import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  CellPhoneSchema,
  PasswordChangeBodySchema,
  PasswordChangeFormSchema,
  PersonNameSchema,
  ProfileSchema,
  ProfileUpdateBodySchema,
  RegistrationFormSchema,
} from "./profile.ts";

function issues(schema: z.ZodType, value: unknown): [string, string][] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
}

const profile = {
  name: "Giulia",
  lastname: "D'Amico",
  cellPhone: "+393331234567",
  email: "giulia@example.it",
  marketingConsent: false,
  privacyConsent: true,
};

describe("ProfileSchema", () => {
  it("accepts a complete profile", () => {
    expect(ProfileSchema.parse(profile)).toEqual(profile);
  });

  it("accepts a profile without phone, or with an empty one", () => {
    const { cellPhone: _, ...withoutPhone } = profile;
    expect(ProfileSchema.safeParse(withoutPhone).success).toBe(true);
    expect(ProfileSchema.parse({ ...profile, cellPhone: "  " }).cellPhone).toBe("");
  });

  it("reports every field in error with its Italian message", () => {
    expect(
      issues(ProfileSchema, {
        name: "",
        lastname: "Rossi!",
        cellPhone: "333-123",
        email: "nope",
        marketingConsent: true,
        privacyConsent: false,
      }),
    ).toEqual([
      ["name", "Campo Obbligatorio"],
      ["lastname", "Non sono ammessi caratteri speciali."],
      ["cellPhone", "Il numero inserito non è valido"],
      ["email", "Non è una email valida!"],
      ["privacyConsent", "Devi accettare l'informativa sulla privacy."],
    ]);
  });
});

describe("PersonNameSchema", () => {
  it("caps names at 100 characters", () => {
    expect(PersonNameSchema.safeParse("a".repeat(100)).success).toBe(true);
    expect(issues(PersonNameSchema, "a".repeat(101))).toEqual([["", "Il testo inserito è troppo lungo."]]);
  });
});

describe("CellPhoneSchema", () => {
  it.each(["3331234567", "+393331234567", "061234"])("accepts %s", (value) => {
    expect(CellPhoneSchema.safeParse(value).success).toBe(true);
  });

  it.each(["+", "12345", "333 1234567", "39+333", "+1234567890123456", "abc"])("rejects %s", (value) => {
    expect(issues(CellPhoneSchema, value)).toEqual([["", "Il numero inserito non è valido"]]);
  });
});

describe("profile update bodies", () => {
  it("sends only name, lastname and phone for a profile edit", () => {
    expect(ProfileUpdateBodySchema.parse(profile)).toEqual({
      name: "Giulia",
      lastname: "D'Amico",
      cellPhone: "+393331234567",
    });
  });

  it("sends only old and new password for a password change", () => {
    expect(
      PasswordChangeBodySchema.parse({ oldPassword: "x", password: "Girasole7", name: "ignored" }),
    ).toEqual({
      oldPassword: "x",
      password: "Girasole7",
    });
    expect(issues(PasswordChangeBodySchema, { oldPassword: "", password: "Girasole7" })).toEqual([
      ["oldPassword", "Campo Obbligatorio"],
    ]);
  });

  it("checks the confirmation in the password change form", () => {
    expect(
      issues(PasswordChangeFormSchema, {
        oldPassword: "old",
        password: "Girasole7",
        confirmPassword: "Password2",
      }),
    ).toEqual([["confirmPassword", "Le password non coincidono."]]);
  });
});

describe("RegistrationFormSchema", () => {
  it("accepts a valid registration", () => {
    const { cellPhone: _, ...data } = profile;
    expect(
      RegistrationFormSchema.safeParse({ ...data, password: "Girasole7", confirmPassword: "Girasole7" })
        .success,
    ).toBe(true);
  });

  it("requires privacy acceptance and matching passwords", () => {
    const { cellPhone: _, ...data } = profile;
    expect(
      issues(RegistrationFormSchema, {
        ...data,
        privacyConsent: false,
        password: "Girasole7",
        confirmPassword: "Password",
      }),
    ).toEqual([
      ["privacyConsent", "Devi accettare l'informativa sulla privacy."],
      ["confirmPassword", "Le password non coincidono."],
    ]);
  });
});
