import { describe, expect, it } from "vitest";
import { availableProducts, forbiddenServiceFlags, initialServiceFlags } from "./available-services.ts";

const CATALOGUE = [
  "FEEDBACK",
  "LEGALIZATION",
  "TAKEDOWN",
  "INJUCTION",
  "ADVICE",
  "DEFENCE",
  "COMPENSATION",
  "PACKAGE",
].map((code) => ({ code }));
const ALL_ACTIVE = {
  serviceTakedownActive: true,
  serviceLegalizationActive: true,
  serviceInjuctionActive: true,
  serviceAdviceActive: true,
  status: "OPEN",
  minorSexualContent: false,
};

describe("availableProducts", () => {
  it("offers every paid service of an untouched practice, never the free feedback", () => {
    expect(availableProducts(CATALOGUE, { ...ALL_ACTIVE, services: [] }).map((p) => p.code)).toEqual([
      "LEGALIZATION",
      "TAKEDOWN",
      "INJUCTION",
      "ADVICE",
      "DEFENCE",
      "COMPENSATION",
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
    expect(availableProducts(CATALOGUE, practice).map((p) => p.code)).toEqual([
      "INJUCTION",
      "DEFENCE",
      "COMPENSATION",
    ]);
    const bought = { ...ALL_ACTIVE, services: [{ serviceType: "TAKEDOWN" }] };
    expect(availableProducts(CATALOGUE, bought).map((p) => p.code)).not.toContain("PACKAGE");
  });
});

describe("availableProducts: rules above the flags", () => {
  it("offers compensation like the defence, with no flag, until it is bought", () => {
    const bought = { ...ALL_ACTIVE, services: [{ serviceType: "COMPENSATION" }] };
    expect(availableProducts(CATALOGUE, bought).map((p) => p.code)).not.toContain("COMPENSATION");
  });

  it("offers nothing on a closed case", () => {
    expect(availableProducts(CATALOGUE, { ...ALL_ACTIVE, status: "CLOSED", services: [] })).toEqual([]);
  });

  it("never offers a capture, a takedown or the package bundling them for a minor's sexual images", () => {
    const practice = { ...ALL_ACTIVE, minorSexualContent: true, services: [] };
    expect(availableProducts(CATALOGUE, practice).map((p) => p.code)).toEqual([
      "INJUCTION",
      "ADVICE",
      "DEFENCE",
      "COMPENSATION",
    ]);
  });
});

describe("service flags of a case a person must look at first", () => {
  it("start with no capture and no takedown; the other services stay on", () => {
    expect(initialServiceFlags(true)).toEqual({
      serviceTakedownActive: false,
      serviceLegalizationActive: false,
      serviceInjuctionActive: true,
      serviceAdviceActive: true,
    });
    expect(Object.values(initialServiceFlags(false)).every(Boolean)).toBe(true);
  });

  it("refuse switching a capture or a takedown on for a minor's sexual images, and only then", () => {
    const flags = { ...initialServiceFlags(false) };
    expect(forbiddenServiceFlags(flags, { minorSexualContent: true })).toEqual([
      "serviceLegalizationActive",
      "serviceTakedownActive",
    ]);
    expect(forbiddenServiceFlags(initialServiceFlags(true), { minorSexualContent: true })).toEqual([]);
    expect(forbiddenServiceFlags(flags, { minorSexualContent: false })).toEqual([]);
  });
});
