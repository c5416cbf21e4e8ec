import type { ReactNode } from "react";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import { FormMessage } from "../../shared/ui/form-field.tsx";
import { useAuthConfig } from "./use-auth-config.ts";
import { useStartLogin } from "./use-start-login.ts";

function providerName(issuer: string): string {
  try {
    return new URL(issuer).host;
  } catch {
    return issuer;
  }
}

/**
 * With an external identity provider (`embedded: false`), accounts, registration and password reset are
 * managed there: say so plainly and offer the way in.
 */
export function ExternalAccountNotice({ issuer, action }: { issuer: string; action: string }) {
  const { start, starting, error } = useStartLogin();
  return (
    <>
      <FormMessage tone="info">
        <p>
          Il tuo account è gestito dal servizio di accesso esterno <strong>{providerName(issuer)}</strong>:{" "}
          {action} si fa direttamente lì, dalla sua pagina di accesso.
        </p>
      </FormMessage>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <div className={formStyles.actions}>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.primary}`}
          disabled={starting}
          onClick={() => void start()}
        >
          Vai alla pagina di accesso
        </button>
      </div>
    </>
  );
}

/**
 * Registration and password reset: their own pages only when accounts are managed here; with an external
 * provider, the notice instead (`action` names what is done there). The page is there while the setting
 * loads (accounts here being the usual case): it is in the prerendered HTML, and nothing under it moves
 * when the setting comes (issue 41).
 */
export function EmbeddedAccountsOnly({ action, children }: { action: string; children: ReactNode }) {
  const { config } = useAuthConfig();
  if (config && !config.embedded) return <ExternalAccountNotice issuer={config.issuer} action={action} />;
  return children;
}
