import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GIFT_CARD_CODE_ALPHABET, giftCardCodeFrom, isIssuedGiftCardCode } from "./gift-card-code.ts";

describe("gift-card codes", () => {
  it("makes four groups of four unambiguous characters from random bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const code = giftCardCodeFrom(bytes);
        if (code === null) return;
        expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
        expect(isIssuedGiftCardCode(code)).toBe(true);
      }),
    );
    expect(GIFT_CARD_CODE_ALPHABET).not.toMatch(/[0O1IL2Z5S8B]/);
  });

  it("skips the bytes that would bias the draw, and says when too few are left", () => {
    const size = GIFT_CARD_CODE_ALPHABET.length;
    const biased = 256 - (256 % size);
    expect(giftCardCodeFrom(new Uint8Array(16).fill(biased))).toBeNull();
    expect(giftCardCodeFrom(new Uint8Array([...new Uint8Array(4).fill(biased), ...new Uint8Array(16)]))).toBe(
      "AAAA-AAAA-AAAA-AAAA",
    );
    expect(isIssuedGiftCardCode("DEMO-GIFT-CARD-250")).toBe(false);
  });
});
