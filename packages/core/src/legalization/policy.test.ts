import { describe, expect, it } from "vitest";
import type { Actor } from "../identity/policy.ts";
import { type LegalizationAction, legalizationPolicy } from "./policy.ts";

const owner: Actor = { userId: "u1", roles: [] };
const other: Actor = { userId: "u2", roles: [] };
// Staff signed in with their second factor (ADR 036): without it, a client's case is closed to them.
const lawyer: Actor = { userId: "l1", roles: ["lawyer"], secondFactor: true };
const admin: Actor = { userId: "a1", roles: ["admin"], secondFactor: true };

describe("the legalization policy", () => {
  const table: [LegalizationAction, boolean[]][] = [
    //                 owner  other  lawyer admin  nobody
    ["read", [true, false, true, true, false]],
    ["legalize", [true, false, true, true, false]],
  ];
  it.each(table)("%s", (action, allowed) => {
    expect(
      [owner, other, lawyer, admin, null].map((actor) =>
        legalizationPolicy(actor, action, { ownerId: "u1" }),
      ),
    ).toEqual(allowed);
  });

  it("gives an unowned practice's capture to nobody but staff", () => {
    expect(legalizationPolicy(owner, "legalize", { ownerId: null })).toBe(false);
    expect(legalizationPolicy(lawyer, "legalize", { ownerId: null })).toBe(true);
  });
});
