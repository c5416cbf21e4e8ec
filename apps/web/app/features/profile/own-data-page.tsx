import { EXPORT_LINK_DAYS, EXPORT_TOKEN_PARAM } from "@argine/core/identity/own-data-api";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { useDownload } from "../../shared/http/download.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { formatDay } from "../../shared/ui/dates.ts";
import { FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import { AccountErasure } from "./account-erasure.tsx";
import styles from "./profile.module.css";
import { ProfilePanel } from "./profile-panel.tsx";
import { dataExportQueryOptions, downloadDataExport, useRequestDataExport } from "./profile-queries.ts";

// /dashboard/profile/data: one's own data (GDPR arts. 15, 17 and 20, ADR 037). "Scarica i miei dati" asks for an
// archive, prepared in the background and mailed as a link; the link opens this page with its token, and the
// download works once, signed in.

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;

export function OwnDataPage() {
  return (
    <>
      <h1 className={styles.title}>I tuoi dati personali</h1>
      <p className={styles.intro}>
        Puoi avere una copia di tutti i dati che conserviamo su di te, in un archivio da scaricare, oppure
        eliminare il tuo account.
      </p>
      <ProfilePanel title="Scarica i miei dati">
        <DataExport />
      </ProfilePanel>
      <ProfilePanel title="Elimina il mio account">
        <AccountErasure />
      </ProfilePanel>
    </>
  );
}

function DataExport() {
  const [params] = useSearchParams();
  const token = params.get(EXPORT_TOKEN_PARAM);
  const state = useQuery(dataExportQueryOptions());
  const request = useRequestDataExport({ meta: { hideError: true } });
  const save = useDownload(downloadDataExport);
  return (
    <>
      <p>
        L'archivio (.zip) contiene un file con i tuoi dati (account, dati di fatturazione, pratiche con le
        risposte al questionario, messaggi, ordini, fatture, consulenze, promemoria, consensi) e tutti i file
        caricati nelle tue pratiche. Lo prepariamo in pochi minuti e ti inviamo un link per email: vale{" "}
        {EXPORT_LINK_DAYS} giorni, si usa una sola volta e chiede di accedere al tuo account. Dopo il download
        o la scadenza l'archivio viene cancellato.
      </p>
      {token ? (
        <p>
          <button
            type="button"
            className={PRIMARY}
            disabled={save.isPending}
            onClick={() => save.mutate(token)}
          >
            Scarica l'archivio dei tuoi dati (.zip)
          </button>
        </p>
      ) : null}
      {state.data?.status === "PENDING" ? (
        <p>Stiamo preparando i tuoi dati: riceverai un'email con il link appena l'archivio sarà pronto.</p>
      ) : null}
      {state.data?.status === "READY" && state.data.expiresAt ? (
        <p>
          L'archivio è pronto: usa il link che ti abbiamo inviato per email (vale fino al{" "}
          {formatDay(state.data.expiresAt)}).
        </p>
      ) : null}
      {state.data?.status === "NONE" ? (
        <p>
          <button
            type="button"
            className={PRIMARY}
            disabled={request.isPending}
            onClick={() => request.mutate()}
          >
            Scarica i miei dati
          </button>
        </p>
      ) : null}
      <StatusRegion>
        {request.isSuccess ? (
          <FormMessage tone="success">Richiesta ricevuta: ti invieremo un'email con il link.</FormMessage>
        ) : null}
        {request.error ? <FormMessage tone="error">{request.error.message}</FormMessage> : null}
        {save.isSuccess ? (
          <FormMessage tone="success">Archivio scaricato: il link ora non vale più.</FormMessage>
        ) : null}
        {save.error ? (
          <FormMessage tone="error">L'archivio non è stato scaricato: {save.error.message}</FormMessage>
        ) : null}
      </StatusRegion>
    </>
  );
}
