import { describe, expect, it } from "vitest";
import { canAdminister, usersPolicy } from "./policy.ts";

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
