import type { Me } from "@argine/core/identity/users-api";
import type { SessionUser } from "../../shared/async/session-user.ts";
import type { JwtClaims } from "./jwt.ts";

export type { SessionUser };

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
