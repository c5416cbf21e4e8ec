import { describe, expect, it } from "vitest";
import {
  giftCardShares,
  lineWithdrawable,
  refundAmounts,
  statusAfterRefund,
  withdrawalDeadline,
  withinWithdrawalPeriod,
} from "./refunds.ts";

const LINES = [
  { productCode: "TAKEDOWN", finalCents: 9_900 },
  { productCode: "INJUCTION", finalCents: 14_900 },
  { productCode: "ADVICE", finalCents: 4_900 },
];

describe("refunds", () => {
  it("gives a line's money back to the card when no gift card paid", () => {
    expect(refundAmounts(LINES, null, ["INJUCTION"])).toEqual({
      amountCents: 14_900,
      cardCents: 14_900,
      giftCardCents: 0,
    });
  });

  it("spreads a gift card over the lines it paid, so refunds of every line give back exactly what it paid", () => {
    const giftCard = { cents: 10_001, productCodes: ["TAKEDOWN", "ADVICE"] };
    const shares = giftCardShares(LINES, giftCard);
    expect(shares[1]).toBe(0);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(10_001);
    const parts = LINES.map((line) => refundAmounts(LINES, giftCard, [line.productCode]));
    expect(parts.reduce((sum, part) => sum + part.giftCardCents, 0)).toBe(10_001);
    expect(parts.reduce((sum, part) => sum + part.amountCents, 0)).toBe(29_700);
    for (const part of parts) expect(part.cardCents + part.giftCardCents).toBe(part.amountCents);
    expect(refundAmounts(LINES, giftCard, ["TAKEDOWN", "INJUCTION", "ADVICE"])).toEqual({
      amountCents: 29_700,
      cardCents: 19_699,
      giftCardCents: 10_001,
    });
  });

  it("names the order's status after a refund: some lines or all", () => {
    expect(statusAfterRefund([{ refunded: true }, { refunded: false }])).toBe("PARTIALLY_REFUNDED");
    expect(statusAfterRefund([{ refunded: true }, { refunded: true }])).toBe("REFUNDED");
  });

  it("allows withdrawal for 14 days from the payment", () => {
    expect(withdrawalDeadline(new Date("2026-11-01T10:00:00Z")).toISOString()).toBe(
      "2026-11-15T10:00:00.000Z",
    );
  });

  it("allows a withdrawal only from a paid line whose services no one has started, within 14 days", () => {
    const line = (productCode: string, extra = {}) => ({
      productCode,
      finalCents: 9_900,
      refunded: false,
      ...extra,
    });
    const statuses = (map: Record<string, string>) => (type: string) => map[type];
    const allToStart = statuses({ TAKEDOWN: "TO_START", LEGALIZATION: "TO_START", INJUCTION: "TO_START" });
    expect(lineWithdrawable(line("TAKEDOWN"), allToStart)).toBe(true);
    expect(lineWithdrawable(line("PACKAGE"), allToStart)).toBe(true);
    for (const status of ["IN_PROGRESS", "DOCUMENTS_READY", "COMPLETED", "CANCELLED"]) {
      expect(lineWithdrawable(line("TAKEDOWN"), statuses({ TAKEDOWN: status }))).toBe(false);
    }
    // One of the package's three begun: the package was begun.
    expect(
      lineWithdrawable(
        line("PACKAGE"),
        statuses({ TAKEDOWN: "TO_START", LEGALIZATION: "IN_PROGRESS", INJUCTION: "TO_START" }),
      ),
    ).toBe(false);
    // The feedback is delivered when paid; a refunded or free line has nothing to give back.
    expect(lineWithdrawable(line("FEEDBACK"), allToStart)).toBe(false);
    expect(lineWithdrawable(line("TAKEDOWN", { refunded: true }), allToStart)).toBe(false);
    expect(lineWithdrawable(line("TAKEDOWN", { finalCents: 0 }), allToStart)).toBe(false);
    expect(lineWithdrawable(line("TAKEDOWN"), statuses({}))).toBe(false);

    const paidAt = new Date("2026-11-24T10:00:00Z");
    expect(withinWithdrawalPeriod(paidAt, new Date("2026-12-08T09:59:59Z"))).toBe(true);
    expect(withinWithdrawalPeriod(paidAt, new Date("2026-12-08T10:00:00Z"))).toBe(false);
    expect(withinWithdrawalPeriod(null, paidAt)).toBe(false);
  });
});
