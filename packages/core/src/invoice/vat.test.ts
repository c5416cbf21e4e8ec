import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { breakOutVat } from "./vat.ts";

describe("breakOutVat", () => {
  it("breaks 22 % out of a VAT-inclusive price", () => {
    // 122,00 € = 100,00 + 22,00; 99,00 € = 81,15 + 17,85.
    expect(breakOutVat([{ grossCents: 12_200, vatRate: 22 }])).toMatchObject({
      taxableCents: 10_000,
      vatCents: 2_200,
      totalCents: 12_200,
    });
    expect(breakOutVat([{ grossCents: 9_900, vatRate: 22 }]).lines).toEqual([
      { taxableCents: 8_115, vatCents: 1_785 },
    ]);
  });

  it("rounds the total once, so three 0,99 € lines split 2,97 € as 2,43 + 0,54", () => {
    const result = breakOutVat([0, 1, 2].map(() => ({ grossCents: 99, vatRate: 22 })));
    expect(result).toMatchObject({ taxableCents: 243, vatCents: 54, totalCents: 297 });
    expect(result.lines.map((line) => line.taxableCents).sort()).toEqual([81, 81, 81]);
  });

  it("for any cart the lines add up to the summary and the summary to what was paid", () => {
    const cart = fc.array(
      fc.record({
        grossCents: fc.integer({ min: 0, max: 2_000_000 }),
        vatRate: fc.constantFrom(22, 10, 4, 0),
      }),
      { minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(cart, (lines) => {
        const result = breakOutVat(lines);
        const paid = lines.reduce((sum, line) => sum + line.grossCents, 0);
        expect(result.totalCents).toBe(paid);
        expect(result.taxableCents + result.vatCents).toBe(paid);
        result.lines.forEach((split, index) => {
          expect(split.taxableCents + split.vatCents).toBe(lines[index]?.grossCents);
          expect(split.taxableCents).toBeGreaterThanOrEqual(0);
          expect(split.vatCents).toBeGreaterThanOrEqual(0);
        });
        for (const rate of result.summary) {
          const ofRate = result.lines.filter((_, index) => lines[index]?.vatRate === rate.vatRate);
          expect(ofRate.reduce((sum, line) => sum + line.taxableCents, 0)).toBe(rate.taxableCents);
          expect(ofRate.reduce((sum, line) => sum + line.vatCents, 0)).toBe(rate.vatCents);
          // FatturaPA: the VAT is the taxable × rate, to the cent.
          expect(Math.abs(rate.vatCents - (rate.taxableCents * rate.vatRate) / 100)).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
