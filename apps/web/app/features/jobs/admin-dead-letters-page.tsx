import { jobQueueLabel } from "@argine/core/jobs/jobs-api";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import styles from "../../shared/admin/admin.module.css";
import {
  AdminPage,
  ColumnHeads,
  DataTable,
  ListLoader,
  SMALL_SECONDARY,
} from "../../shared/admin/admin-ui.tsx";
import type { HttpError } from "../../shared/http/http-error.ts";
import { formatMoment } from "../../shared/ui/dates.ts";
import { FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import { adminDeadLettersQueryOptions, useRetryDeadLetter } from "./job-queries.ts";

// /dashboard/admin/dead-letters ("Invii non riusciti"): what the job queue gave up on after a day of
// attempts (today the mails: a mail server down, an address refused), the most recent failure first, with
// when and why. "Riprova" puts one back on its queue. What a job carried (an address, a text) never reaches
// this page: the API does not send it.

const COLUMNS = ["Tipo", "In coda dal", "Ultimo tentativo", "Tentativi", "Errore", "Azioni"];

export function AdminDeadLettersPage() {
  const query = useQuery(adminDeadLettersQueryOptions());
  const [status, setStatus] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const retry = useRetryDeadLetter({
    meta: { hideError: true },
    onMutate: () => setStatus(null),
    onSuccess: ({ message }) => {
      setStatus(message);
      // The row and its button leave the table: the focus goes back to the page's heading, not to nowhere.
      headingRef.current?.focus();
    },
  });

  return (
    <AdminPage title="Invii non riusciti" titleRef={headingRef}>
      <p className={styles.intro}>
        Le email che non sono partite nemmeno dopo un giorno di tentativi, per esempio perché il server di
        posta era fermo o ha rifiutato l'indirizzo. Qui vedi quando e perché, non il contenuto. «Riprova» le
        rimette in coda; le altre restano qui per 30 giorni.
      </p>
      <StatusRegion>{status ? <FormMessage tone="success">{status}</FormMessage> : null}</StatusRegion>
      {retry.error ? (
        <FormMessage tone="error">
          <p>L'invio non è stato rimesso in coda: {(retry.error as HttpError).message}</p>
        </FormMessage>
      ) : null}
      <ListLoader query={query} what="gli invii non riusciti">
        {(letters) => (
          <DataTable caption={`Invii non riusciti: ${letters.length}, i più recenti per primi`}>
            <ColumnHeads columns={COLUMNS} />
            <tbody>
              {letters.length === 0 ? (
                <tr>
                  <td colSpan={COLUMNS.length}>Nessun invio non riuscito: è partito tutto.</td>
                </tr>
              ) : (
                letters.map((letter) => (
                  <tr key={letter.id}>
                    <th scope="row">{jobQueueLabel(letter.queue)}</th>
                    <td>{formatMoment(letter.queuedAt)}</td>
                    <td>{formatMoment(letter.failedAt)}</td>
                    <td className={styles.number}>{letter.attempts}</td>
                    <td className={styles.errorText}>{letter.error}</td>
                    <td>
                      <button
                        type="button"
                        className={SMALL_SECONDARY}
                        disabled={retry.isPending && retry.variables?.id === letter.id}
                        onClick={() => retry.mutate(letter)}
                      >
                        Riprova
                        <span className="visually-hidden">
                          {" "}
                          l'invio in coda dal {formatMoment(letter.queuedAt)}
                        </span>
                      </button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </DataTable>
        )}
      </ListLoader>
    </AdminPage>
  );
}
