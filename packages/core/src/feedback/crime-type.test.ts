import { describe, expect, it } from "vitest";
import { CRIME_TYPE } from "./crime-type.ts";

describe("crime types", () => {
  it("lists the six spec crime types, each labelled in Italian", () => {
    expect(CRIME_TYPE.values).toEqual([
      "DEFAMATION",
      "STALKING",
      "REVENGEPORN",
      "EXTORTION",
      "CYBERBULLYING",
      "CYBER_STALKING",
    ]);
    expect(Object.keys(CRIME_TYPE.labels)).toEqual([...CRIME_TYPE.values]);
    expect(CRIME_TYPE.label("DEFAMATION")).toBe("Diffamazione");
    expect(CRIME_TYPE.label("EXTORTION")).toBe("Estorsione");
    expect(CRIME_TYPE.label("CYBERBULLYING")).toBe("Cyberbullismo");
    expect(CRIME_TYPE.label("HATE")).toBe("HATE");
  });

  it("guards and parses", () => {
    expect(CRIME_TYPE.is("CYBER_STALKING")).toBe(true);
    expect(CRIME_TYPE.is("stalking")).toBe(false);
    expect(CRIME_TYPE.is("THEFT")).toBe(false);
  });
});
