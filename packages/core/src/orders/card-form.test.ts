import { describe, expect, it } from "vitest";
import { MESSAGES } from "../shared/messages.ts";
import { byField } from "../shared/schema-messages.test-helpers.ts";
import { CardFormSchema, normaliseCardExpiry } from "./card-form.ts";

describe("CardFormSchema", () => {
  it("hands the sandbox the digits, the month and the four-digit year", () => {
    expect(
      CardFormSchema.parse({ number: "4242 4242 4242 4242", expiry: "04 / 30", cvc: "123", zip: " 00184 " }),
    ).toEqual({ number: "4242424242424242", expMonth: 4, expYear: 2030, cvc: "123", zip: "00184" });
    expect(
      CardFormSchema.parse({ number: "4000002760003184", expiry: "12/2031", cvc: "1234", zip: "" }),
    ).toEqual({ number: "4000002760003184", expMonth: 12, expYear: 2031, cvc: "1234" });
  });

  it("reads the expiry as people type it: 0828, 08/28, 08 / 28, 8/28 are all August 2028", () => {
    for (const expiry of ["0828", "08/28", "08 / 28", "8/28", "08-28", "08/2028", "082028", " 0828 "]) {
      expect(CardFormSchema.parse({ number: "4242424242424242", expiry, cvc: "123" })).toMatchObject({
        expMonth: 8,
        expYear: 2028,
      });
      expect(normaliseCardExpiry(expiry)).toBe("08/28");
    }
    expect(CardFormSchema.parse({ number: "4242424242424242", expiry: "1228", cvc: "123" })).toMatchObject({
      expMonth: 12,
      expYear: 2028,
    });
    for (const expiry of ["1328", "0028", "828", "08/2", "08/028", "agosto"]) {
      expect(byField(CardFormSchema, { number: "4242424242424242", expiry, cvc: "123" })).toEqual({
        expiry: MESSAGES.cardExpiryFormat,
      });
    }
    expect(normaliseCardExpiry("agosto")).toBe("agosto");
  });

  it("says what is missing or malformed, leaving the card's own checks to the provider", () => {
    expect(byField(CardFormSchema, { number: "", expiry: "", cvc: "" })).toEqual({
      number: "Campo Obbligatorio",
      expiry: "Campo Obbligatorio",
      cvc: "Campo Obbligatorio",
    });
    expect(byField(CardFormSchema, { number: "4242", expiry: "13/30", cvc: "12" })).toEqual({
      number: "Il numero della carta non è valido.",
      expiry: MESSAGES.cardExpiryFormat,
      cvc: "Il codice CVC non è valido.",
    });
    // A number failing the issuer's check still reaches the provider, which answers incorrect_number.
    expect(byField(CardFormSchema, { number: "4242424242424241", expiry: "01/30", cvc: "123" })).toEqual({});
  });
});
