import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CODICE_FISCALE_MONTH_LETTERS,
  codiceFiscaleCheckChar,
  decodeOmocodia,
  isValidCodiceFiscale,
  normalizeCodiceFiscale,
  OMOCODIA_LETTERS,
} from "./codice-fiscale.ts";

/** A code from its first 15 characters plus the right check character. */
function withCheck(first15: string): string {
  return first15 + codiceFiscaleCheckChar(first15);
}

const NUMBER_POSITIONS = [6, 7, 9, 10, 12, 13, 14];

/** Applies omocodia to the `count` rightmost digit positions, as the Agenzia does. */
function omocodic(code: string, count: number): string {
  const chars = code.slice(0, 15).split("");
  for (const position of NUMBER_POSITIONS.slice(NUMBER_POSITIONS.length - count)) {
    chars[position] = OMOCODIA_LETTERS.charAt(Number(chars[position]));
  }
  return withCheck(chars.join(""));
}

describe("codiceFiscaleCheckChar", () => {
  it("matches codes computed by hand with the official tables", () => {
    expect(codiceFiscaleCheckChar("MRTMTT25D09F205")).toBe("Z");
    expect(codiceFiscaleCheckChar("RSSMRA80A01H501")).toBe("U");
    // Omocodia on the last digit (5 → R) changes the check character.
    expect(codiceFiscaleCheckChar("MRTMTT25D09F20R")).toBe("U");
  });

  it("rejects malformed input", () => {
    expect(() => codiceFiscaleCheckChar("short")).toThrow(RangeError);
    expect(() => codiceFiscaleCheckChar("mrtmtt25d09f205")).toThrow(RangeError);
  });
});

describe("isValidCodiceFiscale", () => {
  it.each([
    "MRTMTT25D09F205Z",
    "RSSMRA80A01H501U",
    "MRTMTT25D09F20RU",
    "mrtmtt25d09f205z",
    " RSSMRA 80A01 H501U ",
  ])("accepts %s", (value) => {
    expect(isValidCodiceFiscale(value)).toBe(true);
  });

  it("accepts women's days (41–71) and the day bounds", () => {
    for (const day of ["01", "31", "41", "71"]) {
      expect(isValidCodiceFiscale(withCheck(`BNCLRA85M${day}F205`))).toBe(true);
    }
  });

  it("rejects days outside 1–31 and 41–71", () => {
    for (const day of ["00", "32", "40", "72", "99"]) {
      expect(isValidCodiceFiscale(withCheck(`BNCLRA85M${day}F205`))).toBe(false);
    }
  });

  it("rejects month letters outside ABCDEHLMPRST", () => {
    expect(CODICE_FISCALE_MONTH_LETTERS).toBe("ABCDEHLMPRST");
    for (const month of ["F", "G", "I", "Z"]) {
      expect(isValidCodiceFiscale(withCheck(`RSSMRA80${month}01H501`))).toBe(false);
    }
  });

  it.each([
    ["a wrong check character", "MRTMTT25D09F205A"],
    ["a digit in the name", "MRTMT125D09F205Z"],
    ["a letter outside LMNPQRSTUV in a digit position", "MRTMTT25D09F2A5Z"],
    ["a digit as birthplace letter", "MRTMTT25D090205Z"],
    ["15 characters", "MRTMTT25D09F205"],
    ["17 characters", "MRTMTT25D09F205ZZ"],
    ["punctuation", "MRTMTT25D09F205-"],
    ["nothing", ""],
  ])("rejects a code with %s", (_, value) => {
    expect(isValidCodiceFiscale(value)).toBe(false);
  });

  it("rejects omocodia applied out of order, even with a matching check character", () => {
    // Year's first digit replaced while the digits to its right are not.
    expect(isValidCodiceFiscale(withCheck("MRTMTTN5D09F205"))).toBe(false);
  });

  it("normalises spaces and case", () => {
    expect(normalizeCodiceFiscale(" rss mra80a01h501u ")).toBe("RSSMRA80A01H501U");
  });
});

const letters = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ");
const digits = (count: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: count, maxLength: count }).map((d) => d.join(""));
const baseCode = fc
  .record({
    surnameName: fc.array(letters, { minLength: 6, maxLength: 6 }).map((l) => l.join("")),
    year: digits(2),
    month: fc.constantFrom(..."ABCDEHLMPRST"),
    day: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 41, max: 71 })),
    placeLetter: letters,
    place: digits(3),
  })
  .map((p) =>
    withCheck(
      `${p.surnameName}${p.year}${p.month}${String(p.day).padStart(2, "0")}${p.placeLetter}${p.place}`,
    ),
  );

describe("codice fiscale properties", () => {
  it("accepts every well-formed code and every omocodic variant of it", () => {
    fc.assert(
      fc.property(baseCode, fc.integer({ min: 0, max: 7 }), (code, substitutions) => {
        const variant = omocodic(code, substitutions);
        expect(isValidCodiceFiscale(variant)).toBe(true);
        expect(decodeOmocodia(variant)).toBe(code);
      }),
    );
  });

  it("rejects any other check character", () => {
    fc.assert(
      fc.property(baseCode, letters, (code, check) => {
        fc.pre(check !== code.charAt(15));
        expect(isValidCodiceFiscale(code.slice(0, 15) + check)).toBe(false);
      }),
    );
  });
});
