import { describe, expect, it } from "vitest";
import {
  isServiceType,
  PACKAGE_SERVICE_TYPES,
  SERVICE_TYPE_NAMES,
  SERVICE_TYPES,
  ServiceTypeSchema,
  serviceTypeName,
} from "./service-type.ts";

describe("service types", () => {
  it("lists the six types with their Italian names", () => {
    expect(SERVICE_TYPES).toEqual(["LEGALIZATION", "TAKEDOWN", "INJUCTION", "ADVICE", "DEFENCE", "PACKAGE"]);
    expect(SERVICE_TYPE_NAMES).toEqual({
      LEGALIZATION: "Legalizzazione",
      TAKEDOWN: "Takedown",
      INJUCTION: "Diffida",
      ADVICE: "Consulenza",
      DEFENCE: "Difesa Legale",
      PACKAGE: "Pacchetto",
    });
  });

  it("names known types and passes unknown ones through", () => {
    expect(serviceTypeName("INJUCTION")).toBe("Diffida");
    expect(serviceTypeName("INJUNCTION")).toBe("INJUNCTION");
  });

  it("guards and parses, and knows what the package bundles", () => {
    expect(isServiceType("DEFENCE")).toBe(true);
    expect(isServiceType("FEEDBACK")).toBe(false);
    expect(ServiceTypeSchema.safeParse("defence").success).toBe(false);
    expect(PACKAGE_SERVICE_TYPES).toEqual(["LEGALIZATION", "TAKEDOWN", "INJUCTION"]);
  });
});
