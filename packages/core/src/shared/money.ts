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

/**
 * "1.234,50 €": two decimals with a comma, dot thousands, a plain space before the euro sign; what it-IT's
 * currency format writes with every thousand grouped (money.test.ts compares the two). Written out rather
 * than asked of Intl: the first Intl.NumberFormat of a page loads the locale's data, about 90 ms of a phone's
 * main thread, and every page's footer shows an amount (docs/performance-phone.md).
 */
export function formatAmount(value: number): string {
  const cents = toCents(value);
  const whole = Math.abs(cents);
  const euros = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ".");
  const decimals = String(whole % 100).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}${euros},${decimals} €`;
}

/** True for a finite amount with at most 2 decimals (49.9, 49.90; not 49.999). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && round2(value) === value;
}

const ITALIAN_GROUPED = /^\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?$/;
const PLAIN = /^\d+(?:[.,]\d{1,2})?$/;

/**
 * An amount typed in a form, in euros: "49,90", "49.90", "49", "1.234,50" or "1234,5" (an optional € sign and
 * spaces are ignored). A dot followed by exactly three digits is a thousands separator ("1.250" is 1250 €),
 * as Italians write it. Undefined when it is not an amount with at most 2 decimals.
 */
export function parseEuroAmount(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0\u202f€]/g, "");
  let normalised: string;
  if (ITALIAN_GROUPED.test(compact)) normalised = compact.replace(/\./g, "").replace(",", ".");
  else if (PLAIN.test(compact)) normalised = compact.replace(",", ".");
  else return undefined;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : undefined;
}

/** The form text of an amount: 49.9 → "49,90" (parseEuroAmount reads it back). */
export function formatEuroInput(value: number): string {
  return round2(value).toFixed(2).replace(".", ",");
}
