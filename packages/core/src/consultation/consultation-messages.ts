// The free consultation's words (ADR 031), in core with the rest of the catalogue: the API answers with them
// and the web and the tests read the same text.
export const CONSULTATION_MESSAGES = {
  /** The slot was free when the page showed it, and someone booked it first (the unique index decided). */
  slotTaken: "Questo orario è appena stato prenotato da un'altra persona: scegline un altro.",
  /** A start the team's hours do not offer (not on the grid, a closed day, beyond the horizon). */
  slotNotOffered:
    "Questo orario non è tra quelli disponibili per la consulenza: scegline uno tra quelli proposti.",
  /** A start already past, or too close to be prepared. */
  slotPast: "Questo orario è già passato o è troppo vicino: scegline uno più avanti.",
  /** A second confirmation of a request whose slot someone confirmed first. */
  confirmTaken:
    "Nel frattempo questo orario è stato confermato da un'altra persona: scegline un altro qui sotto, e la tua consulenza sarà confermata lì.",
  /** A signed-in client's upcoming held consultations are at their cap. */
  tooManyForAccount:
    "Hai già delle consulenze in programma: le trovi nella tua area, da dove puoi spostarle o annullarle.",
  /** A phone call without a number. */
  phoneForCall: "Per la telefonata ci serve il tuo numero: scrivilo qui, oppure scegli la videochiamata.",
  /** Staff: a video link that is not an https address. */
  videoUrlInvalid: "Scrivi l'indirizzo completo della videochiamata, che inizia con https://",
  /** Staff: a video link for a phone call, or a consultation no longer booked. */
  videoUrlNotAllowed: "Il link si può inviare solo per una videochiamata confermata e non ancora conclusa.",
  /** The manage link's token is not one of ours, was altered, or belongs to something else. */
  linkInvalid: "Il link non è valido: usa quello dell'ultima email che ti abbiamo inviato.",
  /** The manage link of a cancelled consultation. */
  linkUsed: "Questo link non vale più: la consulenza è stata annullata. Se vuoi, puoi prenotarne un'altra.",
  /** The manage link once the consultation took place (or was marked as missed). */
  linkExpired:
    "Questa consulenza si è già conclusa: il link non vale più. Se vuoi, puoi prenotarne un'altra.",
  /** Moving or cancelling less than CONSULTATION_CHANGE_CUTOFF_MINUTES before the start. */
  tooLateToChange:
    "Manca troppo poco all'appuntamento per spostarlo o annullarlo da qui: se non puoi esserci, scrivici in chat o per email.",
  /** Moving onto the slot it already has. */
  sameSlot: "La consulenza è già fissata a quest'ora.",
  /** A visitor (no account) naming a practice. */
  practiceNeedsAccount: "Per collegare una tua pratica alla consulenza accedi al tuo account.",
  /** Staff marking an outcome before the consultation started. */
  outcomeTooEarly: "Puoi segnare com'è andata solo dopo l'inizio della consulenza.",
  /** Staff marking an outcome the consultation cannot take from its status (a cancelled one). */
  outcomeNotAllowed: "Questa consulenza è stata annullata: non si può segnarne l'esito.",
  /** Availability: a range whose end is not after its start. */
  rangeReversed: "L'orario di fine deve venire dopo quello di inizio.",
  /** Availability: two ranges of one day overlap. */
  rangesOverlap: "Gli orari dello stesso giorno si sovrappongono.",
  /** Availability: a time not written HH:MM. */
  invalidTime: "Orario non valido: scrivilo come 09:30.",
  /** Availability: two exceptions for one day. */
  duplicateException: "C'è già un'eccezione per questo giorno.",
  /** Availability: a range shorter than one consultation. */
  rangeTooShort: "Ogni fascia deve durare almeno 30 minuti.",
  /** The agenda's or the slots' period: longer than one request lists. */
  periodTooLong: "Scegli un periodo di 31 giorni al massimo.",
  /** How the agenda names a booking made without an account. */
  visitor: "Visitatore",
} as const;
