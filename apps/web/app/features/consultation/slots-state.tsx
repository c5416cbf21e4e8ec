import type { SlotsAnswer } from "@argine/core/consultation/consultation-api";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { config } from "../../config.ts";
import type { HttpError } from "../../shared/http/http-error.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import styles from "./consultation.module.css";

// The free slots' query as the booking and the move show it: a calm note while they load (the prerendered
// page shows it too), what to do when they cannot be read or none is free, and the slots otherwise.

/** What the prerendered page and a first load show in place of the slots. */
export function SlotsLoading() {
  return (
    <p role="status" className={styles.loading}>
      Stiamo cercando gli orari liberi dei prossimi giorni…
    </p>
  );
}

/** Said above the slots once they were read again because the one chosen was taken meanwhile. */
export function SlotsRenewed({ shown }: { shown: boolean }) {
  return (
    <StatusRegion>
      {shown ? (
        <FormMessage tone="info">
          <p>Abbiamo aggiornato gli orari liberi: quelli che vedi ora sono ancora disponibili.</p>
        </FormMessage>
      ) : null}
    </StatusRegion>
  );
}

export function SlotsState({
  slots,
  children,
}: {
  slots: UseQueryResult<SlotsAnswer, HttpError>;
  children: (answer: SlotsAnswer) => ReactNode;
}) {
  if (slots.isPending) return <SlotsLoading />;
  if (slots.isError) {
    return (
      <div className={styles.slotsProblem}>
        <FormMessage tone="error">
          <p>Non riusciamo a leggere gli orari liberi in questo momento. {slots.error.message}</p>
        </FormMessage>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          disabled={slots.isFetching}
          onClick={() => void slots.refetch()}
        >
          {slots.isFetching ? "Riprovo…" : "Riprova"}
        </button>
      </div>
    );
  }
  if (slots.data.slots.length === 0) {
    return (
      <FormMessage tone="info">
        <p>
          In questo momento non ci sono orari liberi nei prossimi giorni. Torna a trovarci tra poco, oppure
          scrivici a <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>: ti rispondiamo noi.
        </p>
      </FormMessage>
    );
  }
  return <>{children(slots.data)}</>;
}
