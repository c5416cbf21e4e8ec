import { describe, expect, it } from "vitest";
import type { Actor } from "../identity/policy.ts";
import { canWorkServices, type ServicesAction, servicesPolicy } from "./policy.ts";

const owner: Actor = { userId: "u1", roles: [] };
const other: Actor = { userId: "u2", roles: [] };
// Staff signed in with their second factor (ADR 036): without it, a client's case is closed to them.
const lawyer: Actor = { userId: "l1", roles: ["lawyer"], secondFactor: true };
const admin: Actor = { userId: "a1", roles: ["admin"], secondFactor: true };
const service = { ownerId: "u1" };

describe("the services policy", () => {
  const table: [ServicesAction, boolean[]][] = [
    //                    owner  other  lawyer admin  nobody
    ["read", [true, false, true, true, false]],
    ["upload-evidence", [true, false, false, false, false]],
    ["accept-mandate", [true, false, false, false, false]],
    ["upload-document", [false, false, true, true, false]],
    ["change-status", [false, false, true, true, false]],
    ["assign", [false, false, true, true, false]],
  ];
  it.each(table)("%s", (action, allowed) => {
    expect(
      [owner, other, lawyer, admin, null].map((actor) => servicesPolicy(actor, action, service)),
    ).toEqual(allowed);
  });

  it("gives the queue of paid work and its team to staff only", () => {
    expect([owner, other, lawyer, admin, null].map((actor) => servicesPolicy(actor, "work-queue"))).toEqual([
      false,
      false,
      true,
      true,
      false,
    ]);
    expect([[], ["lawyer"], ["admin"], null].map((roles) => canWorkServices(roles))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it("gives an unowned practice's service to nobody but staff", () => {
    expect(servicesPolicy(owner, "read", { ownerId: null })).toBe(false);
    expect(servicesPolicy(lawyer, "read", { ownerId: null })).toBe(true);
  });
});
