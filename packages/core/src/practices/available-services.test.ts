import { describe, expect, it } from "vitest";
import { availableProducts } from "./available-services.ts";

const CATALOGUE = ["FEEDBACK", "LEGALIZATION", "TAKEDOWN", "INJUCTION", "ADVICE", "DEFENCE", "PACKAGE"].map(
  (code) => ({ code }),
);
const ALL_ACTIVE = {
  serviceTakedownActive: true,
  serviceLegalizationActive: true,
  serviceInjuctionActive: true,
  serviceAdviceActive: true,
};

describe("availableProducts", () => {
  it("offers every paid service of an untouched practice, never the free feedback", () => {
    expect(availableProducts(CATALOGUE, { ...ALL_ACTIVE, services: [] }).map((p) => p.code)).toEqual([
      "LEGALIZATION",
      "TAKEDOWN",
      "INJUCTION",
      "ADVICE",
      "DEFENCE",
      "PACKAGE",
    ]);
  });

  it("hides what a lawyer switched off and what was already bought, and a package holding either", () => {
    const practice = {
      ...ALL_ACTIVE,
      serviceTakedownActive: false,
      serviceAdviceActive: false,
      services: [{ serviceType: "LEGALIZATION" }],
    };
    expect(availableProducts(CATALOGUE, practice).map((p) => p.code)).toEqual(["INJUCTION", "DEFENCE"]);
    const bought = { ...ALL_ACTIVE, services: [{ serviceType: "TAKEDOWN" }] };
    expect(availableProducts(CATALOGUE, bought).map((p) => p.code)).not.toContain("PACKAGE");
  });
});
