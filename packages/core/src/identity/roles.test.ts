import { describe, expect, it } from "vitest";
import { hasRole, isCustomer, isStaffRoles, ROLES, rolesFromClaim } from "./roles.ts";
import { RoleSchema } from "./users-api.ts";

describe("roles", () => {
  it("knows lawyer and admin", () => {
    expect(ROLES).toEqual(["lawyer", "admin"]);
    expect(RoleSchema.safeParse("client").success).toBe(false);
  });

  it("counts an empty or missing roles list as a customer", () => {
    expect(isCustomer([])).toBe(true);
    expect(isCustomer(undefined)).toBe(true);
    expect(isCustomer(null)).toBe(true);
    expect(isCustomer(["lawyer"])).toBe(false);
    expect(isCustomer(["admin"])).toBe(false);
    // Spec: only an empty list means customer, whatever the unknown role.
    expect(isCustomer(["auditor"])).toBe(false);
  });

  it("tells whether a role is held, case-sensitively", () => {
    expect(hasRole(["lawyer"], "lawyer")).toBe(true);
    expect(hasRole(["lawyer"], "admin")).toBe(false);
    expect(hasRole(["Admin"], "admin")).toBe(false);
    expect(hasRole(undefined, "admin")).toBe(false);
  });

  it("reads the token claim defensively", () => {
    expect(rolesFromClaim(["admin", 3, null, "lawyer"])).toEqual(["admin", "lawyer"]);
    expect(rolesFromClaim("admin")).toEqual([]);
    expect(rolesFromClaim(undefined)).toEqual([]);
    expect(rolesFromClaim({ admin: true })).toEqual([]);
  });

  it("counts lawyers and admins as staff, never an unknown role", () => {
    expect(isStaffRoles(["lawyer"])).toBe(true);
    expect(isStaffRoles(["admin"])).toBe(true);
    expect(isStaffRoles(["auditor"])).toBe(false);
    expect(isStaffRoles([])).toBe(false);
    expect(isStaffRoles(null)).toBe(false);
  });
});
