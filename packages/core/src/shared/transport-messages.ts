// Spec §8's server and network errors, which the web's HTTP client and error modal say on any page. Kept
// apart from the catalogue (messages.ts spreads them in) so that every page's first load carries these few
// lines, not the whole catalogue.
export const TRANSPORT_MESSAGES = {
  serverErrorStatus: (status: number) => `Server Error ${status} !`,
  serverErrorNetwork: "Server Error !",
  unknownError: "Unknow Error!",
  genericError: "Si è verificato un errore",
} as const;
