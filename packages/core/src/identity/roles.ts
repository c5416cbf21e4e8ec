// No zod here: the site's shell reads roles on every page, and the validation library stays off that load.
// Roles carried by the `roles` claim of the identity token (spec §6). A plain customer has none.
export const ROLES = ["lawyer", "admin"] as const;
export type Role = (typeof ROLES)[number];

export type RoleList = readonly string[] | null | undefined;

/** An empty (or missing) roles list means a plain customer (spec §4, §6). */
export function isCustomer(roles: RoleList): boolean {
  return !roles || roles.length === 0;
}

export function hasRole(roles: RoleList, role: Role): boolean {
  return !!roles && roles.includes(role);
}

/** Lawyers and admins: the staff who see and work every practice (spec §6). */
export function isStaffRoles(roles: RoleList): boolean {
  return hasRole(roles, "lawyer") || hasRole(roles, "admin");
}

/** A caller who is staff (spec §6); null, an anonymous caller, is not. */
export function isStaff(actor: { roles: RoleList } | null): boolean {
  return !!actor && isStaffRoles(actor.roles);
}

/**
 * The roles claim of a token as a list of strings. A malformed claim (a bare string, an object) yields no
 * roles rather than a guess: a role is never granted by accident.
 */
export function rolesFromClaim(claim: unknown): string[] {
  return Array.isArray(claim) ? claim.filter((role): role is string => typeof role === "string") : [];
}
