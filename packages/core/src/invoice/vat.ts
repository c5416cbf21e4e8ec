// VAT broken out of VAT-inclusive prices (spec §9: prices include VAT), in integer cents, so that the
// document's numbers always add up to what was paid:
//   1. per rate, the taxable total is the gross total ÷ (1 + rate), rounded half up to the cent, and the VAT
//      is the rest (gross − taxable): taxable + VAT = gross exactly;
//   2. the lines' taxable amounts are their exact shares, rounded down, plus one cent each to the lines with
//      the largest remainders until they add up to the rate's taxable total (largest remainder), and each
//      line's VAT is its gross − its taxable.
// So lines add up to the summary, the summary to the total, and the VAT is within a cent of taxable × rate
// (FatturaPA's check of <Imposta>).

export interface VatLineInput {
  grossCents: number;
  /** Percent, e.g. 22. */
  vatRate: number;
}

export interface VatSplit {
  taxableCents: number;
  vatCents: number;
}

export interface VatSummary extends VatSplit {
  vatRate: number;
}

export interface VatBreakdown {
  /** In the input's order. */
  lines: VatSplit[];
  /** One entry per rate, highest rate first. */
  summary: VatSummary[];
  taxableCents: number;
  vatCents: number;
  totalCents: number;
}

function checkCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not a ${what}: ${value}`);
}

/** gross × 100 / (100 + rate), rounded half up, with integers only. */
function taxableOf(grossCents: number, vatRate: number): number {
  return Math.floor((grossCents * 200 + 100 + vatRate) / (2 * (100 + vatRate)));
}

export function breakOutVat(lines: readonly VatLineInput[]): VatBreakdown {
  for (const line of lines) {
    checkCents(line.grossCents, "gross amount in cents");
    checkCents(line.vatRate, "VAT rate");
  }
  const split: VatSplit[] = lines.map(() => ({ taxableCents: 0, vatCents: 0 }));
  const rates = [...new Set(lines.map((line) => line.vatRate))].sort((a, b) => b - a);
  const summary = rates.map((vatRate): VatSummary => {
    const indexes = lines.flatMap((line, index) => (line.vatRate === vatRate ? [index] : []));
    const gross = indexes.reduce((sum, index) => sum + (lines[index]?.grossCents ?? 0), 0);
    const taxable = taxableOf(gross, vatRate);
    // Exact shares as fractions over (100 + rate): floor first, then the largest remainders get a cent.
    const shares = indexes.map((index) => {
      const numerator = (lines[index]?.grossCents ?? 0) * 100;
      return {
        index,
        floor: Math.floor(numerator / (100 + vatRate)),
        remainder: numerator % (100 + vatRate),
      };
    });
    let left = taxable - shares.reduce((sum, share) => sum + share.floor, 0);
    const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
    for (const share of byRemainder) {
      const extra = left > 0 ? 1 : 0;
      left -= extra;
      const gross = lines[share.index]?.grossCents ?? 0;
      const lineTaxable = Math.min(share.floor + extra, gross);
      split[share.index] = { taxableCents: lineTaxable, vatCents: gross - lineTaxable };
    }
    return { vatRate, taxableCents: taxable, vatCents: gross - taxable };
  });
  const taxableCents = summary.reduce((sum, rate) => sum + rate.taxableCents, 0);
  const vatCents = summary.reduce((sum, rate) => sum + rate.vatCents, 0);
  return { lines: split, summary, taxableCents, vatCents, totalCents: taxableCents + vatCents };
}
