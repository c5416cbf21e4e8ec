import { describe, expect, it } from "vitest";
import { PACKAGE_SERVICE_TYPES, SERVICE_TYPE } from "./service-type.ts";

describe("service types", () => {
  it("lists the seven types with their Italian names", () => {
    expect(SERVICE_TYPE.values).toEqual([
      "LEGALIZATION",
      "TAKEDOWN",
      "INJUCTION",
      "ADVICE",
      "DEFENCE",
      "PACKAGE",
      "COMPENSATION",
    ]);
    expect(SERVICE_TYPE.labels).toEqual({
      LEGALIZATION: "Legalizzazione",
      TAKEDOWN: "Takedown",
      INJUCTION: "Diffida",
      ADVICE: "Consulenza",
      DEFENCE: "Difesa Legale",
      PACKAGE: "Pacchetto",
      COMPENSATION: "Risarcimento",
    });
  });

  it("names known types and passes unknown ones through", () => {
    expect(SERVICE_TYPE.label("INJUCTION")).toBe("Diffida");
    expect(SERVICE_TYPE.label("INJUNCTION")).toBe("INJUNCTION");
  });

  it("guards and parses, and knows what the package bundles", () => {
    expect(SERVICE_TYPE.is("DEFENCE")).toBe(true);
    expect(SERVICE_TYPE.is("FEEDBACK")).toBe(false);
    expect(SERVICE_TYPE.is("defence")).toBe(false);
    expect(PACKAGE_SERVICE_TYPES).toEqual(["LEGALIZATION", "TAKEDOWN", "INJUCTION"]);
  });
});
