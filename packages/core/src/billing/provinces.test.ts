import { describe, expect, it } from "vitest";
import { messages } from "../shared/schema-messages.test-helpers.ts";
import { isProvinceCode, PROVINCE, ProvinceSchema, SARDINIA_REINSTATED_PROVINCE_CODES } from "./provinces.ts";

const PROVINCE_CODES = PROVINCE.values;
const PROVINCE_NAMES = PROVINCE.labels;
const SARDINIA: readonly string[] = SARDINIA_REINSTATED_PROVINCE_CODES;
const CURRENT_PROVINCE_CODES = PROVINCE_CODES.filter((code) => !SARDINIA.includes(code));

describe("province codes", () => {
  it("has the 107 current sigle plus the four reinstated Sardinian ones, without duplicates", () => {
    expect(CURRENT_PROVINCE_CODES).toHaveLength(107);
    expect(SARDINIA_REINSTATED_PROVINCE_CODES).toEqual(["CI", "VS", "OG", "OT"]);
    expect(new Set(PROVINCE_CODES).size).toBe(111);
  });

  it("includes the metropolitan cities, the 2004–2009 provinces and Sud Sardegna", () => {
    for (const code of ["RM", "MI", "NA", "TO", "AO", "BZ", "TN", "MB", "FM", "BT", "SU", "FC", "PU", "VB"]) {
      expect(PROVINCE_CODES).toContain(code);
    }
  });

  it("names every sigla", () => {
    expect(Object.keys(PROVINCE_NAMES).sort()).toEqual([...PROVINCE_CODES].sort());
    expect(PROVINCE_NAMES.RM).toBe("Roma");
    expect(PROVINCE_NAMES.AQ).toBe("L'Aquila");
    expect(PROVINCE_NAMES.OG).toBe("Ogliastra");
  });

  it("checks codes case-insensitively", () => {
    expect(isProvinceCode("mi")).toBe(true);
    expect(isProvinceCode(" Rm ")).toBe(true);
    expect(isProvinceCode("XX")).toBe(false);
    expect(isProvinceCode("EE")).toBe(false);
  });
});

// Written out independently of the source, region by region (ISTAT / ACI sigle).
const ALL_CURRENT_SIGLE = `
  AL AT BI CN NO TO VB VC  AO  BG BS CO CR LC LO MN MI MB PV SO VA  BZ TN  BL PD RO TV VE VR VI
  GO PN TS UD  GE IM SP SV  BO FE FC MO PR PC RA RE RN  AR FI GR LI LU MS PI PT PO SI  PG TR
  AN AP FM MC PU  FR LT RI RM VT  AQ CH PE TE  CB IS  AV BN CE NA SA  BA BT BR FG LE TA  MT PZ
  CZ CS KR RC VV  AG CL CT EN ME PA RG SR TP  CA NU OR SS SU
`
  .trim()
  .split(/\s+/);

describe("every sigla", () => {
  it("the independent list has 107 sigle and equals the source's current list", () => {
    expect(ALL_CURRENT_SIGLE).toHaveLength(107);
    expect([...CURRENT_PROVINCE_CODES].sort()).toEqual([...ALL_CURRENT_SIGLE].sort());
  });

  it.each([...ALL_CURRENT_SIGLE, "CI", "VS", "OG", "OT"])("accepts %s in any case", (code) => {
    expect(ProvinceSchema.parse(code)).toBe(code);
    expect(ProvinceSchema.parse(code.toLowerCase())).toBe(code);
  });
});

describe("ProvinceSchema", () => {
  it("parses any case to upper case", () => {
    expect(ProvinceSchema.parse("mi")).toBe("MI");
    expect(ProvinceSchema.parse(" ot ")).toBe("OT");
  });

  it.each(["Milano", "M", "XX", "M1", "FO"])("rejects %s", (value) => {
    expect(messages(ProvinceSchema, value)).toEqual([
      "Provincia non valida: usa la sigla di due lettere (es. MI).",
    ]);
  });

  it("asks for the field when empty", () => {
    expect(messages(ProvinceSchema, "")).toEqual(["Campo Obbligatorio"]);
  });
});
