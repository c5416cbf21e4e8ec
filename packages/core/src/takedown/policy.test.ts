import { describe, expect, it } from "vitest";
import type { Actor } from "../identity/policy.ts";
import { type TakedownAction, takedownPolicy } from "./policy.ts";

const owner: Actor = { userId: "u1", roles: [] };
const other: Actor = { userId: "u2", roles: [] };
// Staff signed in with their second factor (ADR 036): without it, a client's case is closed to them.
const lawyer: Actor = { userId: "l1", roles: ["lawyer"], secondFactor: true };
const admin: Actor = { userId: "a1", roles: ["admin"], secondFactor: true };

describe("the takedown policy", () => {
  const table: [TakedownAction, boolean[]][] = [
    //                       owner  other  lawyer admin  nobody
    ["read", [true, false, true, true, false]],
    ["submit-urls", [true, false, false, false, false]],
    ["record", [false, false, true, true, false]],
    ["read-staff-notes", [false, false, true, true, false]],
  ];
  it.each(table)("%s", (action, allowed) => {
    expect(
      [owner, other, lawyer, admin, null].map((actor) => takedownPolicy(actor, action, { ownerId: "u1" })),
    ).toEqual(allowed);
  });
});
