import { hasRole, type Role } from "./roles.ts";

/** Who is calling: our user id and the roles their token carries. Null for anonymous callers. */
export interface Actor {
  userId: string;
  roles: readonly Role[];
}

export type UsersAction = "read-self" | "update-self" | "list" | "manage-roles";

/**
 * The users domain's one policy: everyone signed in manages their own account; only admins list the users
 * and grant roles.
 */
export function usersPolicy(actor: Actor | null, action: UsersAction): boolean {
  if (!actor) return false;
  switch (action) {
    case "read-self":
    case "update-self":
      return true;
    case "list":
    case "manage-roles":
      return hasRole(actor.roles, "admin");
  }
}
