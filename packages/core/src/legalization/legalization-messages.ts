import { FILE_GENERATION_MAX_HOURS } from "../shared/constants.ts";
import { MESSAGES } from "../shared/messages.ts";
import type { LEGALIZATION_FAILURE_STATES } from "./session-state.ts";
import { isFailure, isSuccess, legalizationFailureMessage } from "./session-state.ts";

// What the case page says of a capture, in Italian. The spec's failure text ('<provider> Error : <state>',
// §4 flow step 5) is the provider's word for support: it stays, shown as the technical detail, under an
// explanation a victim can act on (ADR 021).

type FailureState = (typeof LEGALIZATION_FAILURE_STATES)[number];

/** Per failure state: what happened, and what to do now. */
export const LEGALIZATION_FAILURE_TEXTS: Record<FailureState, { happened: string; todo: string }> = {
  VM_ABORTED_ERROR_TERMINATED: {
    happened:
      "L'acquisizione si è interrotta per un errore tecnico dell'ambiente sicuro: non è stato salvato nulla.",
    todo: "Avvia una nuova legalizzazione: di solito la seconda volta va a buon fine.",
  },
  VM_ABORTED_MANUAL_TERMINATED: {
    happened:
      "La sessione è stata interrotta prima che l'acquisizione fosse completa: non è stato salvato nulla.",
    todo: "Avvia una nuova legalizzazione e, quando hai mostrato tutti i contenuti, premi «Termina l'acquisizione».",
  },
  FATAL_FAILED_TERMINATED: {
    happened:
      "L'ambiente sicuro non è riuscito a generare i file dell'acquisizione: non è stato salvato nulla.",
    todo: "Avvia una nuova legalizzazione. Se succede di nuovo, scrivici indicando il dettaglio tecnico qui sotto.",
  },
  GURU_INTERVENTION_STOPPED: {
    happened:
      "Un tecnico del servizio di acquisizione ha dovuto fermare la sessione: non è stato salvato nulla.",
    todo: "Avvia una nuova legalizzazione fra qualche minuto. Se succede di nuovo, scrivici indicando il dettaglio tecnico qui sotto.",
  },
  VM_ABORTED_TIMEOUT_TERMINATED: {
    happened:
      "La sessione è durata troppo a lungo ed è stata chiusa in automatico: non è stato salvato nulla.",
    todo: "Avvia una nuova legalizzazione e tieni pronta la pagina da mostrare, così da finire prima.",
  },
};

/** Said after every failure: the paid service stays, and a new capture costs nothing more. */
export const LEGALIZATION_FAILURE_REASSURANCE =
  "Il servizio che hai acquistato resta valido: una nuova legalizzazione non costa nulla in più.";

export const LEGALIZATION_FAILURE_TITLE = "La legalizzazione non è riuscita";

/** A failed capture explained: what happened, what to do, and the spec's text as the technical detail. */
export function legalizationFailureExplanation(
  provider: string,
  state: string,
): { happened: string; todo: string; detail: string } | null {
  if (!isFailure(state)) return null;
  const texts = LEGALIZATION_FAILURE_TEXTS[state as FailureState];
  return { ...texts, detail: `Dettaglio tecnico: ${legalizationFailureMessage(provider, state)}` };
}

/** The service card's line while the capture's files are being made (spec §9: up to 12 hours). */
export const LEGALIZATION_FILES_PREPARING = `I documenti sono in preparazione: saranno pronti entro ${FILE_GENERATION_MAX_HOURS} ore e ti scriveremo un'email.`;

/** The card's line once the retention deleted the files (ADR 021: kept a year). */
export const LEGALIZATION_FILES_DELETED =
  "I file di questa legalizzazione sono stati eliminati dopo un anno, come previsto.";

/** The card's line after a failed capture, instead of the status's "Ci stiamo lavorando". */
export const LEGALIZATION_FAILED_LINE =
  "L'ultima legalizzazione non è riuscita: leggi qui sotto cosa è successo e avviane una nuova.";

/**
 * What the card says of a legalization, given its last capture, where the status's own line would mislead:
 * a failure, a success whose files are not stored yet, or files deleted by the retention. Null when the
 * status's line is right.
 */
export function legalizationCardLine(
  capture: { state: string; filesReadyAt: string | null; filesDeletedAt?: string | null } | null | undefined,
): string | null {
  if (!capture) return null;
  if (capture.filesDeletedAt) return LEGALIZATION_FILES_DELETED;
  if (isFailure(capture.state)) return LEGALIZATION_FAILED_LINE;
  if (isSuccess(capture.state) && !capture.filesReadyAt) return LEGALIZATION_FILES_PREPARING;
  return null;
}

/** Why a step on a capture session is refused (the api's legalization-service). */
export const LEGALIZATION_ERRORS = {
  noSession: "Non c'è ancora una sessione di legalizzazione per questo servizio.",
  cancelled: "Il servizio è stato annullato: non si può avviare una legalizzazione.",
  practiceClosed: MESSAGES.practiceClosedAskTeam,
  ended: "La sessione è già terminata: ricarica la pagina.",
  starting: "La legalizzazione si sta avviando: attendi qualche secondo e ricarica la pagina.",
  noFiles: "I file della legalizzazione non sono ancora pronti: riprova fra qualche minuto.",
  filesGone: "I file di questa legalizzazione sono stati eliminati dopo un anno, come previsto.",
} as const;
