// Spec §8's server and network errors, which the web's HTTP client and error modal say on any page. Kept
// apart from the catalogue (messages.ts spreads them in) so that every page's first load carries these few
// lines, not the whole catalogue.
export const TRANSPORT_MESSAGES = {
  serverErrorStatus: (status: number) => `Server Error ${status} !`,
  serverErrorNetwork: "Server Error !",
  unknownError: "Unknow Error!",
  genericError: "Si è verificato un errore",
  // Nobody answered for the API (ADR 041): said on any page, as the API's own 503 says it.
  serviceUnavailable: "Il servizio è momentaneamente non disponibile: riprova fra poco.",
} as const;
