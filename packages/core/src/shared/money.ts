// Money helpers. Amounts are euros as numbers (VAT included, spec §9); arithmetic that must be exact is done
// in integer cents.

// Beyond this a double has no cent precision left, so rounding is a no-op.
const MAX_ROUNDABLE = 1e15;

/**
 * Rounds to 2 decimals, half away from zero, on the decimal value the number was written as:
 * 1.005 → 1.01 and 2.675 → 2.68, although their binary doubles sit just below the half.
 */
export function round2(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`);
  if (Math.abs(value) >= MAX_ROUNDABLE) return value;
  // 15 significant digits drop the binary noise (1.00499999999999989… → "1.00500000000000"); shifting by
  // exponent notation moves the decimal point without a lossy multiplication.
  const [mantissa, exponent = "0"] = Math.abs(value).toPrecision(15).split("e");
  const cents = Math.round(Number(`${mantissa}e${Number(exponent) + 2}`));
  const rounded = Number(`${cents}e-2`);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Euros → integer cents, rounded as {@link round2}. */
export function toCents(value: number): number {
  const rounded = round2(value);
  // round2's result has at most 2 decimals, so this multiplication only needs a final snap to the integer.
  return Math.round(rounded * 100);
}

/** Integer cents → euros. */
export function fromCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const euros = cents / 100;
  return euros === 0 ? 0 : euros;
}

const EURO_FORMAT = new Intl.NumberFormat("it-IT", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // it-IT leaves 4-digit amounts ungrouped ("1234,50") by default; the product groups every thousand.
  useGrouping: "always",
});

/** "1.234,50 €": two decimals with a comma, dot thousands, a plain space before the euro sign. */
export function formatAmount(value: number): string {
  const rounded = round2(value);
  // ICU puts a no-break (or narrow no-break) space before "€"; a plain space keeps texts and tests stable.
  return EURO_FORMAT.format(rounded === 0 ? 0 : rounded).replace(/[\u00a0\u202f]/g, " ");
}
