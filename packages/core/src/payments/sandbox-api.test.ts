import { describe, expect, it } from "vitest";
import { CARD_ERROR_MESSAGES, cardErrorMessage, MESSAGES } from "../shared/messages.ts";
import { byField } from "../shared/schema-messages.test-helpers.ts";
import {
  AUTHENTICATION_FAILURE,
  groupCardNumber,
  SANDBOX_TEST_CARDS,
  SandboxCardSchema,
  sandboxCardOutcome,
  sandboxTestCard,
} from "./sandbox-api.ts";

const luhn = (digits: string) =>
  [...digits].reverse().reduce((sum, d, i) => {
    const n = Number(d) * (i % 2 ? 2 : 1);
    return sum + (n > 9 ? n - 9 : n);
  }, 0) %
    10 ===
  0;

const CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" };

describe("the sandbox's test cards", () => {
  it("are one card per outcome the issue lists, each number once, each outcome told in Italian", () => {
    expect(SANDBOX_TEST_CARDS.map((c) => c.scenario).sort()).toEqual(
      [
        "succeeds",
        "three_d_secure",
        "card_declined",
        "insufficient_funds",
        "expired_card",
        "incorrect_cvc",
        "incorrect_number",
        "card_not_supported",
        "incorrect_pin",
        "incomplete_zip",
      ].sort(),
    );
    expect(new Set(SANDBOX_TEST_CARDS.map((c) => c.number)).size).toBe(SANDBOX_TEST_CARDS.length);
    for (const card of SANDBOX_TEST_CARDS) {
      expect(card.number).toMatch(/^\d{16}$/);
      // Real-looking numbers pass the Luhn check; the incorrect-number card is the one that does not.
      expect(luhn(card.number)).toBe(card.scenario !== "incorrect_number");
      expect(sandboxCardOutcome(card.scenario)).toMatch(/\S/);
    }
    expect(sandboxCardOutcome("insufficient_funds")).toBe(CARD_ERROR_MESSAGES.insufficient_funds);
  });

  it("are found by number with or without spaces", () => {
    expect(sandboxTestCard("4000 0027 6000 3184")?.scenario).toBe("three_d_secure");
    expect(sandboxTestCard("4111111111111111")).toBeUndefined();
    expect(groupCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
  });
});

describe("the sandbox's card form", () => {
  it("takes a test card with a 3 or 4 digit CVC, its number without spaces", () => {
    expect(SandboxCardSchema.parse(CARD).number).toBe("4242424242424242");
    expect(SandboxCardSchema.safeParse({ ...CARD, cvc: "1234", zip: "00184" }).success).toBe(true);
  });

  it("refuses any other number, a bad CVC and an impossible expiry, in Italian", () => {
    expect(byField(SandboxCardSchema, { ...CARD, number: "4111 1111 1111 1111" })).toEqual({
      number: MESSAGES.sandboxTestCardsOnly,
    });
    expect(byField(SandboxCardSchema, { ...CARD, cvc: "12" })).toEqual({
      cvc: CARD_ERROR_MESSAGES.invalid_cvc,
    });
    expect(byField(SandboxCardSchema, { ...CARD, cvc: "12a" })).toEqual({
      cvc: CARD_ERROR_MESSAGES.invalid_cvc,
    });
    expect(Object.keys(byField(SandboxCardSchema, { ...CARD, expMonth: 13 }))).toEqual(["expMonth"]);
    expect(Object.keys(byField(SandboxCardSchema, { ...CARD, expYear: 30 }))).toEqual(["expYear"]);
  });
});

describe("card error messages", () => {
  it("say a refused 3-D Secure in its own words, and give the generic message for codes core does not know", () => {
    expect(cardErrorMessage(AUTHENTICATION_FAILURE)).toBe(
      "L'autenticazione 3-D Secure non è riuscita: il pagamento è stato annullato.",
    );
    expect(cardErrorMessage("toString")).toBe(CARD_ERROR_MESSAGES.generic);
    expect(cardErrorMessage(undefined)).toBe(CARD_ERROR_MESSAGES.generic);
    expect(cardErrorMessage("expired_card")).toBe("La carta è scaduta.");
  });
});
