import { describe, expect, it } from "vitest";
import { BillingDataSchema, CapSchema } from "./billing-data.ts";

function issues(value: unknown): [string, string][] {
  const result = BillingDataSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
}

const italian = {
  taxCode: "RSSMRA80A01H501U",
  address: "Via Roma 1",
  zip: "00184",
  city: "Roma",
  province: "rm",
  country: "it",
};

describe("CapSchema", () => {
  it("accepts five digits only", () => {
    expect(CapSchema.parse(" 20121 ")).toBe("20121");
    for (const value of ["2012", "201211", "2012a", "20 121"]) {
      expect(CapSchema.safeParse(value).error?.issues[0]?.message).toBe(
        "CAP non valido: deve avere 5 cifre.",
      );
    }
    expect(CapSchema.safeParse("").error?.issues[0]?.message).toBe("Campo Obbligatorio");
  });
});

describe("BillingDataSchema", () => {
  it("accepts an Italian address and normalises codes to upper case", () => {
    expect(BillingDataSchema.parse(italian)).toEqual({ ...italian, province: "RM", country: "IT" });
  });

  it("refuses a province or CAP that is not text with a message, instead of failing", () => {
    expect(issues({ ...italian, province: 12 })).toEqual([["province", "Campo Obbligatorio"]]);
    expect(issues({ ...italian, zip: 184 })).toEqual([["zip", "Campo Obbligatorio"]]);
    expect(issues({ ...italian, country: "FR", province: ["Île-de-France"] })).toEqual([
      ["province", "Campo Obbligatorio"],
    ]);
  });

  it("accepts a partita IVA as tax code", () => {
    expect(BillingDataSchema.safeParse({ ...italian, taxCode: "06363391001" }).success).toBe(true);
  });

  it("requires the province for Italy", () => {
    expect(issues({ ...italian, province: "" })).toEqual([["province", "Campo Obbligatorio"]]);
    expect(issues({ ...italian, province: undefined })).toEqual([["province", "Campo Obbligatorio"]]);
    expect(issues({ ...italian, province: "XX" })).toEqual([
      ["province", "Provincia non valida: usa la sigla di due lettere (es. MI)."],
    ]);
  });

  it("requires a 5-digit CAP for Italy", () => {
    expect(issues({ ...italian, zip: "" })).toEqual([["zip", "Campo Obbligatorio"]]);
    expect(issues({ ...italian, zip: "0018" })).toEqual([["zip", "CAP non valido: deve avere 5 cifre."]]);
  });

  it("leaves the province optional abroad and accepts foreign postal codes", () => {
    const german = { ...italian, zip: "10115", city: "Berlin", province: "", country: "DE" };
    expect(BillingDataSchema.safeParse(german).success).toBe(true);
    const { province: _, ...withoutProvince } = german;
    expect(BillingDataSchema.safeParse(withoutProvince).success).toBe(true);
    expect(
      BillingDataSchema.safeParse({ ...german, zip: "SW1A 1AA", country: "GB", province: "Greater London" })
        .success,
    ).toBe(true);
    expect(issues({ ...german, zip: "<10115>" })).toEqual([["zip", "Codice postale non valido."]]);
    expect(issues({ ...german, province: "Bayern!" })).toEqual([
      ["province", "Non sono ammessi caratteri speciali."],
    ]);
  });

  it("reports every error at once, country rules included", () => {
    expect(
      issues({ taxCode: "", address: " ", zip: "1", city: "Roma$", province: "", country: "IT" }),
    ).toEqual([
      ["taxCode", "Campo Obbligatorio"],
      ["address", "Campo Obbligatorio"],
      ["city", "Non sono ammessi caratteri speciali."],
      ["zip", "CAP non valido: deve avere 5 cifre."],
      ["province", "Campo Obbligatorio"],
    ]);
  });

  it("skips the country rules while the country itself is invalid", () => {
    expect(issues({ ...italian, zip: "", province: "", country: "Italia" })).toEqual([
      ["country", "Codice paese non valido: usa il codice di due lettere (es. IT)."],
    ]);
  });

  it("rejects overlong addresses", () => {
    expect(issues({ ...italian, address: "a".repeat(201) })).toEqual([
      ["address", "Il testo inserito è troppo lungo."],
    ]);
  });
});
