import { describe, expect, it } from "vitest";
import { usersPolicy } from "../identity/policy.ts";
import { cataloguePolicy } from "./policy.ts";

const admin = { userId: "a", roles: ["admin"] as const };
const lawyer = { userId: "l", roles: ["lawyer"] as const };
const client = { userId: "c", roles: [] };

describe("cataloguePolicy", () => {
  it("lets only admins see the whole catalogue and change it", () => {
    for (const action of ["read-all", "manage"] as const) {
      expect(cataloguePolicy(admin, action)).toBe(true);
      expect(cataloguePolicy(lawyer, action)).toBe(false);
      expect(cataloguePolicy(client, action)).toBe(false);
      expect(cataloguePolicy(null, action)).toBe(false);
    }
  });
});

describe("usersPolicy list", () => {
  it("lets only admins list the users", () => {
    expect(usersPolicy(admin, "list")).toBe(true);
    expect(usersPolicy(lawyer, "list")).toBe(false);
    expect(usersPolicy(client, "list")).toBe(false);
    expect(usersPolicy(null, "list")).toBe(false);
  });
});
