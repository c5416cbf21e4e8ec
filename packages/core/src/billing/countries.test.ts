import { describe, expect, it } from "vitest";
import { messages } from "../shared/schema-messages.test-helpers.ts";
import { COUNTRY_CODES, CountryCodeSchema, countryName, ITALY, isCountryCode } from "./countries.ts";

describe("country codes", () => {
  it("has the 249 officially assigned ISO 3166-1 alpha-2 codes, sorted and unique", () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect([...COUNTRY_CODES]).toEqual([...COUNTRY_CODES].sort());
    for (const code of ["IT", "SM", "VA", "DE", "GB", "US", "AX", "SS", "BQ", "CW", "SX", "PS", "TW"]) {
      expect(COUNTRY_CODES).toContain(code);
    }
    expect(ITALY).toBe("IT");
  });

  it("leaves out user-assigned, reserved and withdrawn codes", () => {
    for (const code of ["XK", "EU", "UK", "EL", "AN", "YU", "CS", "ZZ", "AA", "QO"]) {
      expect(isCountryCode(code)).toBe(false);
    }
  });

  it("parses any case to upper case", () => {
    expect(CountryCodeSchema.parse(" it ")).toBe("IT");
    expect(messages(CountryCodeSchema, "ITA")).toEqual([
      "Codice paese non valido: usa il codice di due lettere (es. IT).",
    ]);
    expect(messages(CountryCodeSchema, "")).toEqual(["Campo Obbligatorio"]);
  });

  it("names countries in Italian", () => {
    expect(countryName("IT")).toBe("Italia");
    expect(countryName("de")).toBe("Germania");
    expect(countryName("ZZ")).toBe("ZZ");
  });
});
