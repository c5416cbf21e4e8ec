// The conversations' words (ADR 030), in core with the rest of the catalogue: the API names people with them
// and answers with them, so the web and the tests read the same text.
export const CONVERSATION_MESSAGES = {
  /** How the client of an anonymous practice is named to everyone else in its conversation. */
  anonymousClient: "Cliente (pratica anonima)",
  /** A client whose account has no name, in the staff's inbox. */
  unnamedClient: "Cliente",
  /** A team member whose account has no name, on their answer. */
  team: "Il team di Argine",
  /** A support token that opens no thread: the browser forgets it and may start again. */
  threadGone: "Questa conversazione non esiste più: puoi iniziarne una nuova.",
  /** The answer mail's link was used already, has expired, or was replaced by a newer mail's. */
  mailLinkGone:
    "Questo link non è più valido: vale una volta sola e per pochi giorni. Se ci hai lasciato la tua e-mail, " +
    "ti scriviamo di nuovo alla prossima risposta; puoi anche scriverci di nuovo da qui.",
  /** The caller has not written to the team yet. */
  noThreadYet: "Non hai ancora scritto al team.",
  /** Too many messages, edits or read marks in a short time. */
  tooFast: "Stai scrivendo molto in fretta: aspetta un momento e riprova.",
  /** Too many live connections open for one account or one session. */
  tooManySockets: "Hai troppe schede aperte su Argine: chiudine qualcuna e riprova.",
} as const;
