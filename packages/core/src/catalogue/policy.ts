import type { Actor } from "../identity/policy.ts";
import { hasRole } from "../identity/roles.ts";

export type CatalogueAction = "read-all" | "manage";

/**
 * The catalogue domain's one policy. Everyone (anonymous too) reads the active catalogue through
 * GET /v1/products; the whole catalogue with inactive entries, vouchers and gift cards, and every change to
 * them, are for admins only.
 */
export function cataloguePolicy(actor: Actor | null, action: CatalogueAction): boolean {
  if (!actor) return false;
  switch (action) {
    case "read-all":
    case "manage":
      return hasRole(actor.roles, "admin");
  }
}
