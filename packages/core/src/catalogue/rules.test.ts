import { describe, expect, it } from "vitest";
import { datesInOrder } from "./rules.ts";

describe("datesInOrder", () => {
  it("holds when a side is missing, and compares instants across offsets", () => {
    expect(datesInOrder(null, "2027-01-01T00:00:00Z")).toBe(true);
    expect(datesInOrder("2027-01-01T00:00:00Z", undefined)).toBe(true);
    expect(datesInOrder("2027-01-01T01:00:00+02:00", "2027-01-01T00:00:00Z")).toBe(true);
    expect(datesInOrder("2027-01-01T00:00:00Z", "2027-01-01T01:00:00+02:00")).toBe(false);
  });
});
