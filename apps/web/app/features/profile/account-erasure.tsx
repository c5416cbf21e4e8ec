import { type AccountErasureBody, AccountErasureBodySchema } from "@argine/core/identity/own-data-api";
import { useState } from "react";
import { useNavigate } from "react-router";
import { errorCode } from "../../shared/http/http-error.ts";
import { Modal } from "../../shared/modal/modal.tsx";
import { LOGOUT_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import { PasswordField, SendError } from "../../shared/ui/form-field.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { useEraseAccount } from "./profile-queries.ts";

// "Elimina il mio account" (GDPR art. 17, ADR 037): what goes and what stays said plainly, then the current
// password in the same dialog; once erased, the browser signs out (/logout forgets the tokens).

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;
const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

export function AccountErasure() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <WhatHappens />
      <p>
        <button type="button" className={SECONDARY} onClick={() => setOpen(true)}>
          Elimina il mio account
        </button>
      </p>
      {open ? <ErasureDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function WhatHappens() {
  return (
    <>
      <p>Se elimini il tuo account cancelliamo subito e per sempre:</p>
      <ul>
        <li>i tuoi dati personali, di fatturazione e i consensi;</li>
        <li>le tue pratiche con le risposte al questionario, i messaggi e i file caricati;</li>
        <li>le consulenze, i promemoria e le conversazioni con il supporto;</li>
        <li>i dati personali dei tuoi ordini, e ti disconnettiamo da tutti i dispositivi.</li>
      </ul>
      <p>
        Conserviamo solo le fatture, le note di credito e i loro file FatturaPA, senza modificarli, per i
        dieci anni che la legge ci impone: li può leggere solo l'amministrazione di Argine. Se vuoi una copia
        dei tuoi dati, scaricala prima di eliminare l'account.
      </p>
    </>
  );
}

function ErasureDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const erase = useEraseAccount();
  const { field, submit, issuesPlaced, onSubmit } = useCheckedForm({
    resolver: schemaResolver<AccountErasureBody, AccountErasureBody>(AccountErasureBodySchema),
    defaultValues: { password: "" },
    fieldNames: ["password"],
    focusOnInvalid: "field",
    // A wrong password is that field's error.
    fieldOfError: (failure) => (errorCode(failure) === "WRONG_PASSWORD" ? "password" : undefined),
    send: (body) => erase.mutateAsync(body),
    onSuccess: () => navigate(LOGOUT_PATH, { replace: true }),
  });
  return (
    <Modal size="small" title="Vuoi eliminare il tuo account?" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className={formStyles.form}>
        <WhatHappens />
        <PasswordField
          label="La tua password attuale, per confermare"
          autoComplete="current-password"
          required
          {...field("password")}
        />
        <SendError error={submit.error} issuesPlaced={issuesPlaced} />
        <div className={formStyles.actions}>
          <button type="button" className={SECONDARY} onClick={onClose}>
            Annulla
          </button>
          <button type="submit" className={PRIMARY} disabled={submit.isPending}>
            {submit.isPending ? "Eliminazione in corso…" : "Elimina definitivamente il mio account"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
