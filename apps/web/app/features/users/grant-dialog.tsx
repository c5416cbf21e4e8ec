import type { Role } from "@argine/core/identity/roles";
import { useEffect, useId, useRef } from "react";
import styles from "../../shared/admin/admin.module.css";
import { PRIMARY, SMALL_SECONDARY } from "../../shared/admin/admin-ui.tsx";

// The confirmation of a staff role's grant (ADR 035): a lawyer or an admin sees every victim's case, so the
// admin reads what it means and confirms; a sign-in follows if theirs is not fresh.

export const ROLE_NAMES = { lawyer: "avvocato", admin: "amministratore" } as const;

const MEANING: Record<Role, string> = {
  lawyer:
    "vedrà le pratiche di tutte le vittime: i loro racconti, i documenti, le prove e i messaggi, e potrà lavorarle.",
  admin:
    "vedrà le pratiche di tutte le vittime e potrà gestire utenti, ruoli, ordini e catalogo, e assegnare a sua volta questi ruoli.",
};

/** Modal in behaviour for the keyboard: focus moves in, Escape cancels, focus goes back to the trigger. */
export function GrantDialog({
  name,
  role,
  onConfirm,
  onCancel,
}: {
  name: string;
  role: Role;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const trigger = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    return () => trigger?.focus();
  }, []);
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      className={styles.confirm}
      onKeyDown={(event) => {
        if (event.key === "Escape") onCancel();
      }}
    >
      <h2 id={titleId}>
        Rendere {name} {ROLE_NAMES[role]}?
      </h2>
      <p id={textId}>
        Come {ROLE_NAMES[role]}, {name} {MEANING[role]} Per sicurezza ti chiederemo di accedere di nuovo, e
        gli altri amministratori riceveranno un'email.
      </p>
      <div className={styles.rowActions}>
        <button type="button" className={PRIMARY} onClick={onConfirm}>
          Sì, rendi {ROLE_NAMES[role]}
        </button>
        <button type="button" ref={cancelRef} className={SMALL_SECONDARY} onClick={onCancel}>
          Annulla
        </button>
      </div>
    </div>
  );
}
