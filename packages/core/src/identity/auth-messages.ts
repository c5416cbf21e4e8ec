// Italian texts of the sign-in flow that the browser says itself rather than the API (whose answers carry
// their own `message`). The spec's own texts (e.g. the third-party cookie one) live in @argine/core MESSAGES.
export const AUTH_MESSAGES = {
  loginAttemptInvalid: "Il tentativo di accesso non è più valido. Riprova ad accedere.",
  loginFailed: "Non siamo riusciti a completare l'accesso. Riprova fra qualche istante.",
  unauthorizedFallback: "Accesso non autorizzato.",
  providerUnavailable:
    "Il servizio di accesso non risponde in questo momento. Riprova fra qualche istante: i tuoi dati sono al sicuro.",
} as const;
