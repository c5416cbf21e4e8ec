import {
  LEGALIZATION_FAILED_LINE,
  LEGALIZATION_FILES_PREPARING,
  legalizationCardLine,
} from "../legalization/legalization-messages.ts";
import { type EnumValue, labelledEnum } from "../shared/labelled-enum.ts";
import { MESSAGES } from "../shared/messages.ts";

// What a case page says about a bought service (spec §4 "Service messages"). The services issue adds the
// steps (uploads, legalization sessions, documents); these are the states a service passes through.

export const SERVICE_STATUS = labelledEnum({
  TO_START: "da avviare",
  IN_PROGRESS: "in corso",
  DOCUMENTS_READY: "documenti pronti",
  COMPLETED: "completato",
  /** Refunded (ADR 017): staff's decision, the client's withdrawal, or a human review that blocked it. */
  CANCELLED: "annullato",
});
export type ServiceStatus = EnumValue<typeof SERVICE_STATUS>;

/** Formal notice and takedown, once requested (spec §4). */
export const TAKEN_IN_CHARGE =
  "Il servizio è stato preso in carico dal nostro team: ricontrolla fra qualche ora o qualche giorno.";
const TO_START = "Il servizio è attivo: ti guidiamo nei prossimi passi da questa pagina.";
const DOCUMENTS_READY = "I documenti sono pronti: puoi scaricarli da questa pagina.";
const IN_PROGRESS = "Ci stiamo lavorando: ti avvisiamo appena ci sono novità.";
/** DOCUMENTS_READY while nothing can be opened yet (a document taken back to be redone). */
const DOCUMENTS_PREPARING =
  "Il documento è in preparazione: ti avvisiamo appena puoi aprirlo da questa pagina.";
const PREPARING_LABEL = "documenti in preparazione";
const DELETED_LABEL = "file eliminati";
/** A legalization whose last capture failed: nothing is under way until the person starts a new one. */
const RETRY_LABEL = "da ripetere";
const CANCELLED =
  "Il servizio è stato annullato e quanto avevi pagato ti è stato rimborsato: trovi i dettagli fra i tuoi ordini.";

/** What the case page knows of a service beyond its status, that its words depend on. */
export interface ServiceSituation {
  /** Whether its documents can be opened now (the lawyer's document, the capture's stored files). */
  downloadable: boolean;
  /** A legalization's last capture (null before the first; undefined while not known). */
  capture?: { state: string; filesReadyAt: string | null; filesDeletedAt?: string | null } | null;
}

/**
 * The label and message of a service in a status; an unknown status reads 'Errore Stato Non previsto'.
 * "Documents ready" is said only of documents that can be opened (spec §4: downloadable once ready), and a
 * legalization's failed capture or files still to come are said instead of the status's own words.
 */
export function serviceStatusMessage(
  serviceType: string,
  status: string,
  situation?: ServiceSituation,
): { label: string; message: string } {
  if (!SERVICE_STATUS.is(status)) return { label: status, message: MESSAGES.unexpectedState };
  const label = SERVICE_STATUS.labels[status];
  const captureLine =
    serviceType === "LEGALIZATION" && status !== "CANCELLED" && status !== "COMPLETED"
      ? legalizationCardLine(situation?.capture)
      : null;
  if (captureLine && !(status === "DOCUMENTS_READY" && situation?.downloadable)) {
    const gone = Boolean(situation?.capture?.filesDeletedAt);
    const shownLabel =
      captureLine === LEGALIZATION_FAILED_LINE
        ? RETRY_LABEL
        : status !== "DOCUMENTS_READY"
          ? label
          : gone
            ? DELETED_LABEL
            : PREPARING_LABEL;
    return { label: shownLabel, message: captureLine };
  }
  if (status === "DOCUMENTS_READY" && situation && !situation.downloadable) {
    return {
      label: PREPARING_LABEL,
      message: serviceType === "LEGALIZATION" ? LEGALIZATION_FILES_PREPARING : DOCUMENTS_PREPARING,
    };
  }
  switch (status) {
    case "TO_START":
      return { label, message: TO_START };
    case "IN_PROGRESS":
      // Formal notice and takedown are handled by the team: the user checks back (spec §4).
      return {
        label,
        message: serviceType === "INJUCTION" || serviceType === "TAKEDOWN" ? TAKEN_IN_CHARGE : IN_PROGRESS,
      };
    case "DOCUMENTS_READY":
      return { label, message: DOCUMENTS_READY };
    case "COMPLETED":
      return { label, message: MESSAGES.noFurtherAction };
    case "CANCELLED":
      return { label, message: CANCELLED };
  }
}

/** Why a step on a bought service is refused (the api's services use cases: files, statuses, assignment, mandate). */
export const SERVICE_ERRORS = {
  alreadySent: "C'è già un file inviato: eliminalo prima di caricarne un altro.",
  cancelled: "Il servizio è stato annullato: non si possono più caricare file.",
  practiceClosed: MESSAGES.practiceClosedAskTeam,
  typeMismatch: "Il tipo di servizio non corrisponde a quello indicato.",
  notStaff: "La persona scelta non fa parte del team legale.",
  mandateChanged: "Il mandato è stato aggiornato: rileggilo e accetta la nuova versione.",
  mandateNeedsIdentity:
    "Per accettare il mandato l'avvocato deve sapere chi sei: togli l'anonimato dalla pagina della pratica, poi accetta.",
  changedMeanwhile: "Il servizio è stato modificato nel frattempo: ricarica la pagina e riprova.",
  heldByColleague: "Il servizio è già assegnato a un collega: solo un amministratore può riassegnarlo.",
} as const;
