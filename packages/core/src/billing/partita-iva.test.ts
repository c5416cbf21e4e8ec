import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidPartitaIva, normalizePartitaIva, partitaIvaCheckDigit } from "./partita-iva.ts";

describe("partitaIvaCheckDigit", () => {
  it("computes the check digit of known numbers", () => {
    expect(partitaIvaCheckDigit("0123456789")).toBe(7);
    // Agenzia delle Entrate's own number.
    expect(partitaIvaCheckDigit("0636339100")).toBe(1);
  });

  it("rejects malformed input", () => {
    expect(() => partitaIvaCheckDigit("123")).toThrow(RangeError);
  });
});

describe("isValidPartitaIva", () => {
  it.each(["01234567897", "06363391001", " 0636 3391 001 "])("accepts %s", (value) => {
    expect(isValidPartitaIva(value)).toBe(true);
  });

  it.each(["01234567890", "0123456789", "012345678977", "0123456789A", "IT01234567897", "00000000000", ""])(
    "rejects %s",
    (value) => {
      expect(isValidPartitaIva(value)).toBe(false);
    },
  );

  it("normalises spaces", () => {
    expect(normalizePartitaIva("012 345 678 97")).toBe("01234567897");
  });

  const first10 = fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: 10, maxLength: 10 })
    .map((d) => d.join(""))
    .filter((d) => !/^0+$/.test(d));

  it("accepts any 10 digits followed by their check digit", () => {
    fc.assert(
      fc.property(first10, (digits) => {
        expect(isValidPartitaIva(digits + partitaIvaCheckDigit(digits))).toBe(true);
      }),
    );
  });

  it("detects every single-digit error", () => {
    fc.assert(
      fc.property(
        first10,
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (digits, at, delta) => {
          const valid = (digits + partitaIvaCheckDigit(digits)).split("");
          valid[at] = String((Number(valid[at]) + delta) % 10);
          const altered = valid.join("");
          fc.pre(!/^0+$/.test(altered));
          expect(isValidPartitaIva(altered)).toBe(false);
        },
      ),
    );
  });
});
