import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatAmount, fromCents, round2, toCents } from "./money.ts";

describe("round2", () => {
  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [1.255, 1.26],
    [0.1 + 0.2, 0.3],
    [10.235, 10.24],
    [1.004999, 1],
    [8.345, 8.35],
    [1234.565, 1234.57],
    [0, 0],
    [12, 12],
    [0.001, 0],
    [1e-7, 0],
    [123456789.125, 123456789.13],
  ])("rounds %s to %s", (input, expected) => {
    expect(round2(input)).toBe(expected);
  });

  it("rounds halves away from zero for negative amounts", () => {
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(-2.675)).toBe(-2.68);
    expect(round2(-0.001)).toBe(0);
    expect(Object.is(round2(-0.001), 0)).toBe(true);
  });

  it("leaves amounts beyond cent precision untouched and rejects non-finite values", () => {
    expect(round2(1e20)).toBe(1e20);
    expect(() => round2(Number.NaN)).toThrow(RangeError);
    expect(() => round2(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("is the identity on whole cents and idempotent", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        expect(round2(cents / 100)).toBe(cents / 100);
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (value) => {
        const once = round2(value);
        expect(round2(once)).toBe(once);
        expect(Math.abs(once - value)).toBeLessThanOrEqual(0.005 + 1e-6);
      }),
    );
  });
});

describe("toCents / fromCents", () => {
  it("converts euros to integer cents with the same rounding", () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.07)).toBe(7);
    expect(fromCents(1999)).toBe(19.99);
    expect(Object.is(fromCents(-0), 0)).toBe(true);
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });

  it("round-trips every cent amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
    );
  });
});

describe("formatAmount", () => {
  it("formats with dot thousands, comma decimals and a plain space before €", () => {
    expect(formatAmount(1234.5)).toBe("1.234,50 €");
    expect(formatAmount(0)).toBe("0,00 €");
    expect(formatAmount(1_000_000)).toBe("1.000.000,00 €");
    expect(formatAmount(999.999)).toBe("1.000,00 €");
    expect(formatAmount(13500)).toBe("13.500,00 €");
    expect(formatAmount(9.9)).toBe("9,90 €");
  });

  it("formats negative amounts and never shows a negative zero", () => {
    expect(formatAmount(-1234.5)).toBe("-1.234,50 €");
    expect(formatAmount(-0)).toBe("0,00 €");
    expect(formatAmount(-0.004)).toBe("0,00 €");
  });

  it("rounds like round2 before formatting", () => {
    expect(formatAmount(1.005)).toBe("1,01 €");
    expect(formatAmount(2.675)).toBe("2,68 €");
  });

  it("writes what it-IT's currency format writes, every thousand grouped, with a plain space", () => {
    const intl = new Intl.NumberFormat("it-IT", {
      style: "currency",
      currency: "EUR",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: "always",
    });
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        const expected = intl.format(cents / 100 || 0).replace(/[\u00a0\u202f]/g, " ");
        expect(formatAmount(cents / 100)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it("always ends with two decimals and the euro sign after a plain space", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        expect(formatAmount(cents / 100)).toMatch(/^-?\d{1,3}(\.\d{3})*,\d{2} €$/);
      }),
    );
  });
});
