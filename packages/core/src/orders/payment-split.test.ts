import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitPayment } from "./payment-split.ts";

const lines = [
  { productCode: "TAKEDOWN", finalCents: 9900 },
  { productCode: "DEFENCE", finalCents: 34000 },
];

describe("payment split", () => {
  it("pays everything by card without a gift card, or by campaign when nothing is left", () => {
    expect(splitPayment(lines, null)).toEqual({ giftCardCents: 0, cardCents: 43900, paymentType: "STRIPE" });
    expect(splitPayment([{ productCode: "ADVICE", finalCents: 0 }], null)).toEqual({
      giftCardCents: 0,
      cardCents: 0,
      paymentType: "CAMPAIGN",
    });
  });

  it("lets a gift card pay only the products it names, up to its balance", () => {
    const promo = { balanceCents: 15000, productCodes: ["DEFENCE"] };
    expect(splitPayment(lines, promo)).toEqual({
      giftCardCents: 15000,
      cardCents: 28900,
      paymentType: "STRIPE",
    });
    expect(splitPayment([lines[0] as (typeof lines)[number]], promo).giftCardCents).toBe(0);
    const any = { balanceCents: 50000, productCodes: [] };
    expect(splitPayment(lines, any)).toEqual({
      giftCardCents: 43900,
      cardCents: 0,
      paymentType: "GIFT_CARD",
    });
  });

  it("always adds up to the amount, the gift card never above its balance", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            productCode: fc.constantFrom("TAKEDOWN", "DEFENCE", "ADVICE"),
            finalCents: fc.nat(100_000),
          }),
        ),
        fc.nat(200_000),
        fc.subarray(["TAKEDOWN", "DEFENCE", "ADVICE"]),
        (ls, balanceCents, productCodes) => {
          const split = splitPayment(ls, { balanceCents, productCodes });
          const amount = ls.reduce((sum, l) => sum + l.finalCents, 0);
          expect(split.giftCardCents + split.cardCents).toBe(amount);
          expect(split.giftCardCents).toBeLessThanOrEqual(balanceCents);
          expect(split.cardCents).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
