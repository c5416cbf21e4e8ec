import type { Actor } from "../identity/policy.ts";
import { hasRole } from "../identity/roles.ts";

export type InvoiceAction = "read-accounts";

/**
 * The money documents' one policy. Each invoice, receipt and credit note is fetched by its own token (its
 * holder's capability, no account needed); the accountant's view of every order and document is for admins.
 */
export function invoicePolicy(actor: Actor | null, action: InvoiceAction): boolean {
  switch (action) {
    case "read-accounts":
      return actor !== null && hasRole(actor.roles, "admin");
  }
}
