import { describe, expect, it } from "vitest";
import { canAdminister, owns, usersPolicy } from "./policy.ts";

describe("the users policy", () => {
  it("lets everyone signed in manage their own account, and only admins list users and grant roles", () => {
    const client = { userId: "u1", roles: [] };
    const lawyer = { userId: "l1", roles: ["lawyer" as const] };
    const admin = { userId: "a1", roles: ["admin" as const] };
    expect([client, lawyer, admin, null].map((actor) => usersPolicy(actor, "update-self"))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect([client, lawyer, admin, null].map((actor) => usersPolicy(actor, "manage-devices"))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect([client, lawyer, admin, null].map((actor) => usersPolicy(actor, "manage-roles"))).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  it("opens the admin workspace to admins only", () => {
    expect([[], ["lawyer"], ["admin"], ["lawyer", "admin"], undefined].map(canAdminister)).toEqual([
      false,
      false,
      true,
      true,
      false,
    ]);
  });
});

describe("owning a resource", () => {
  it("is the owner's alone: not another user's, not an anonymous caller's, and nobody's while unowned", () => {
    const client = { userId: "u1", roles: [] };
    expect(owns(client, { ownerId: "u1" })).toBe(true);
    expect(owns(client, { ownerId: "u2" })).toBe(false);
    expect(owns(null, { ownerId: "u1" })).toBe(false);
    expect(owns(client, { ownerId: null })).toBe(false);
  });
});
