import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canDelete, canTransition, nextStatuses } from "./lifecycle.ts";
import { PRACTICE_STATUS } from "./practice-status.ts";

describe("practice lifecycle", () => {
  it("lets the owner close a practice from any open status, never reopen it", () => {
    for (const from of ["PENDING", "TO_PAID", "OPEN"] as const)
      expect(canTransition(from, "CLOSED", "client")).toBe(true);
    expect(canTransition("CLOSED", "OPEN", "client")).toBe(false);
    expect(canTransition("CLOSED", "PENDING", "client")).toBe(false);
  });

  it("reopens only through staff", () => {
    expect(nextStatuses("CLOSED", "staff").sort()).toEqual(["OPEN", "PENDING"]);
    expect(nextStatuses("CLOSED", "client")).toEqual([]);
  });

  it("moves to TO_PAID and OPEN only through the system (orders and payments)", () => {
    expect(canTransition("PENDING", "TO_PAID", "client")).toBe(false);
    expect(canTransition("PENDING", "OPEN", "staff")).toBe(false);
    expect(canTransition("PENDING", "TO_PAID", "system")).toBe(true);
    expect(canTransition("TO_PAID", "OPEN", "system")).toBe(true);
    expect(canTransition("OPEN", "PENDING", "system")).toBe(false);
  });

  it("never allows staying in place or a client-made move other than closing", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PRACTICE_STATUS.values),
        fc.constantFrom(...PRACTICE_STATUS.values),
        (from, to) => {
          expect(canTransition(from, from, "staff")).toBe(false);
          if (canTransition(from, to, "client")) expect(to).toBe("CLOSED");
        },
      ),
    );
  });
});

describe("deleting a practice", () => {
  it("is possible only while it is in attesa: once services are chosen or paid it stays", () => {
    expect(PRACTICE_STATUS.values.filter(canDelete)).toEqual(["PENDING"]);
  });
});
