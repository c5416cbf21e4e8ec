import type { Me } from "@argine/core/identity/users-api";
import type { JwtClaims } from "./jwt.ts";

/**
 * The signed-in user in app state (spec §3 "User (identity)": id, name, the roles claim). Built from the id
 * token's claims at sign-in, then refreshed from GET /v1/users/me.
 */
export interface SessionUser {
  id: string;
  /** First name, as greeted in the dashboard and shown on the account menu button. */
  name: string;
  lastname: string;
  email: string;
  /** An empty list is a plain customer (spec §4, §6). */
  roles: string[];
}

/**
 * The roles claim as a list of strings; anything malformed is no roles (as core's rolesFromClaim, which this
 * module cannot import without bringing the validation library into every page's first load).
 */
export function rolesFromClaims(claim: unknown): string[] {
  return Array.isArray(claim) ? claim.filter((role): role is string => typeof role === "string") : [];
}

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

export function userFromClaims(claims: JwtClaims): SessionUser | null {
  const id = text(claims.sub);
  if (!id) return null;
  return {
    id,
    name: text(claims.given_name) || text(claims.name),
    lastname: text(claims.family_name),
    email: text(claims.email),
    roles: rolesFromClaims(claims.roles),
  };
}

export function userFromMe(me: Me): SessionUser {
  return { id: me.id, name: me.name, lastname: me.lastname, email: me.email, roles: [...me.roles] };
}
