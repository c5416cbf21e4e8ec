import { describe, expect, it } from "vitest";
import {
  CRIME_TYPE_LABELS,
  CRIME_TYPES,
  CrimeTypeSchema,
  crimeTypeLabel,
  isCrimeType,
} from "./crime-type.ts";

describe("crime types", () => {
  it("lists the six spec crime types, each labelled in Italian", () => {
    expect(CRIME_TYPES).toEqual([
      "DEFAMATION",
      "STALKING",
      "REVENGEPORN",
      "EXTORTION",
      "CYBERBULLYING",
      "CYBER_STALKING",
    ]);
    expect(Object.keys(CRIME_TYPE_LABELS)).toEqual([...CRIME_TYPES]);
    expect(crimeTypeLabel("DEFAMATION")).toBe("Diffamazione");
    expect(crimeTypeLabel("EXTORTION")).toBe("Estorsione");
    expect(crimeTypeLabel("CYBERBULLYING")).toBe("Cyberbullismo");
    expect(crimeTypeLabel("HATE")).toBe("HATE");
  });

  it("guards and parses", () => {
    expect(isCrimeType("CYBER_STALKING")).toBe(true);
    expect(isCrimeType("stalking")).toBe(false);
    expect(CrimeTypeSchema.safeParse("THEFT").success).toBe(false);
  });
});
