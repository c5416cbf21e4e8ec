// Partita IVA: 11 digits — 7 of taxpayer number, 3 of tax-office code, 1 check digit computed with the
// Luhn algorithm as the Agenzia delle Entrate publishes it.

/** Removes spaces: users paste "012 3456 7897". */
export function normalizePartitaIva(value: string): string {
  return value.replace(/\s+/g, "");
}

/** The check digit for the first 10 digits. */
export function partitaIvaCheckDigit(first10: string): number {
  if (!/^\d{10}$/.test(first10)) throw new RangeError("Expected 10 digits");
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const digit = Number(first10.charAt(i));
    if (i % 2 === 0) {
      sum += digit; // 1st, 3rd… digit as is
    } else {
      const doubled = digit * 2; // 2nd, 4th… digit doubled, minus 9 past 9
      sum += doubled > 9 ? doubled - 9 : doubled;
    }
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidPartitaIva(value: string): boolean {
  const code = normalizePartitaIva(value);
  // All zeros passes the checksum but is no taxpayer.
  if (!/^\d{11}$/.test(code) || /^0+$/.test(code)) return false;
  return partitaIvaCheckDigit(code.slice(0, 10)) === Number(code.charAt(10));
}
