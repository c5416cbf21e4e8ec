// Codice fiscale of a natural person (DM 23/12/1976): 16 characters
//   SSS NNN YY M DD LZZZ C  — surname, name, year, month letter, day (+40 for women), birthplace, check char.
// Omocodia: when two people would share a code, the Agenzia delle Entrate replaces digits with the letters
// LMNPQRSTUV (0–9), starting from the rightmost digit position, so one code can have up to 127 variants.

/** Letter standing for each digit in an omocodic code: OMOCODIA_LETTERS[d] replaces d. */
export const OMOCODIA_LETTERS = "LMNPQRSTUV";
/** Indexes (0-based) of the digit positions, left to right: year, day, birthplace number. */
const NUMBER_POSITIONS = [6, 7, 9, 10, 12, 13, 14] as const;
/** Month letters January…December. */
export const CODICE_FISCALE_MONTH_LETTERS = "ABCDEHLMPRST";

const STRUCTURE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

// Values of the characters in odd positions (1st, 3rd…), for A–Z; a digit counts as the letter of the same
// index (0 as A, 1 as B…). Even positions count A–Z and 0–9 as their index.
const ODD_VALUES = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
] as const;

function charIndex(char: string): number {
  const code = char.charCodeAt(0);
  return code <= 57 ? code - 48 : code - 65; // "0"–"9" → 0–9, "A"–"Z" → 0–25
}

/** Removes spaces and upper-cases: users paste "rssmra 85t10 a562s". */
export function normalizeCodiceFiscale(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** The check character for the first 15 characters (already normalised). */
export function codiceFiscaleCheckChar(first15: string): string {
  if (!/^[A-Z0-9]{15}$/.test(first15)) throw new RangeError("Expected 15 upper-case letters or digits");
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const index = charIndex(first15.charAt(i));
    // i is 0-based: even i is an odd (1st, 3rd…) position.
    sum += i % 2 === 0 ? (ODD_VALUES[index] ?? 0) : index;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** The code with omocodia letters turned back into digits and the check character recomputed. */
export function decodeOmocodia(codiceFiscale: string): string {
  const chars = normalizeCodiceFiscale(codiceFiscale).split("");
  for (const position of NUMBER_POSITIONS) {
    const digit = OMOCODIA_LETTERS.indexOf(chars[position] ?? "");
    if (digit >= 0) chars[position] = String(digit);
  }
  const first15 = chars.slice(0, 15).join("");
  return first15 + codiceFiscaleCheckChar(first15);
}

/** Substitution runs right to left: once a position holds a digit, none to its left may hold a letter. */
function omocodiaOrderIsValid(code: string): boolean {
  let seenDigit = false;
  for (let i = NUMBER_POSITIONS.length - 1; i >= 0; i--) {
    const isDigit = /[0-9]/.test(code.charAt(NUMBER_POSITIONS[i] ?? 0));
    if (isDigit) seenDigit = true;
    else if (seenDigit) return false;
  }
  return true;
}

export function isValidCodiceFiscale(value: string): boolean {
  const code = normalizeCodiceFiscale(value);
  if (!STRUCTURE.test(code) || !omocodiaOrderIsValid(code)) return false;
  const decoded = decodeOmocodia(code);
  const day = Number(decoded.slice(9, 11));
  const dayIsValid = (day >= 1 && day <= 31) || (day >= 41 && day <= 71);
  return dayIsValid && codiceFiscaleCheckChar(code.slice(0, 15)) === code.charAt(15);
}
