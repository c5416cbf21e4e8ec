import { TRANSPORT_MESSAGES } from "./transport-messages.ts";

// The Italian message catalogue. Texts quoted by the spec are verbatim (spec §4, §5, §8), typos included:
// clients and tests match them exactly.

/** A refused payment's message when the card's own code says nothing more (also the 402's default). */
const CARD_ERROR_GENERIC = "Errore nel pagamento, verifica i dati inseriti";

export const MESSAGES = {
  // §5 form messages
  required: "Campo Obbligatorio",
  privacyRequired: "Devi accettare l'informativa sulla privacy.",
  invalidUrl: "L'indirizzo inserito non è un URL valido.",
  invalidEmail: "Non è una email valida!",
  commonPassword: "Questa password è tra le più usate e facili da indovinare: scegline un'altra.",
  passwordsMismatch: "Le password non coincidono.",
  passwordRule: "La password deve avere almeno 8 caratteri, con almeno 1 maiuscola, 1 minuscola e 1 numero.",
  invalidProvince: "Provincia non valida: usa la sigla di due lettere (es. MI).",
  invalidCountry: "Codice paese non valido: usa il codice di due lettere (es. IT).",
  invalidZip: "CAP non valido: deve avere 5 cifre.",
  invalidPostalCode: "Codice postale non valido.",
  invalidTaxCode: "Codice fiscale non valido.",
  invalidVatNumber: "Partita IVA non valida.",
  specialCharacters: "Non sono ammessi caratteri speciali.",
  tooLong: "Il testo inserito è troppo lungo.",
  invalidNumber: "Il numero inserito non è valido",
  voucherMinLength: "Il Voucher deve essere almeno 3 caratteri.",
  serviceRequired: "Seleziona almeno un servizio prima di procedere al pagamento.",
  checkoutFieldsRequired: "Compila tutti i campi per procedere al pagamento.",
  salesConditionsRequired: "Devi accettare le condizioni generali di vendita.",
  voucherRefused: "Il voucher non è valido o non è più utilizzabile.",
  giftCardRefused: "La gift card non è valida, è scaduta o non ha più credito.",
  truthStatementRequired: "Devi dichiarare che quanto riportato corrisponde al vero.",
  takedownFirstUrlRequired: "Il primo link è obbligatorio.",
  takedownMaxUrls: "Puoi indicare al massimo 3 link.",

  // §5 upload
  uploadHint: "Trascina qui il tuo file per caricarlo ( max 30MB )",
  uploadDesktopOnly: "Per caricare il documento accedi al sito da un dispositivo desktop.",
  uploadBadType: "Formato non ammesso: carica un file .pdf, .doc, .docx o .zip.",
  uploadTooLarge: "Il file supera il limite di 30 MB.",
  uploadEmpty: "Il file è vuoto.",
  uploadBadName: "Il nome del file non è valido.",
  uploadContentMismatch:
    "Il contenuto del file non corrisponde alla sua estensione: carica un documento PDF o Word, o un archivio ZIP.",
  // The server's reading of a zip (.zip, and the zip inside a .docx): ADR 020, limits in constants.ts.
  uploadDamaged: "Il file è danneggiato o incompleto: salvalo di nuovo e riprova.",
  uploadArchiveEncrypted: "L'archivio è protetto da password: caricalo senza password.",
  uploadArchiveUnsupported: "L'archivio usa un formato non supportato: crealo di nuovo come ZIP standard.",
  uploadArchiveTooManyEntries: "L'archivio contiene troppi file: al massimo 1000.",
  uploadArchiveTooLarge:
    "L'archivio è troppo grande una volta estratto: al massimo 100 MB per file e 300 MB in tutto.",
  uploadPdfActiveContent:
    "Il PDF contiene script, comandi o file allegati: per sicurezza non possiamo accettarlo. Salvalo di nuovo con «Stampa» e «Salva come PDF», poi riprova.",
  uploadPolyglot:
    "Il file contiene al suo interno anche un file di un altro tipo: per sicurezza non possiamo accettarlo. Salvalo di nuovo e riprova.",
  uploadArchiveNested:
    "L'archivio contiene un altro archivio compresso: per sicurezza non possiamo accettarlo. Estrai i file e inseriscili direttamente nello ZIP.",
  uploadArchiveExecutable:
    "L'archivio contiene un programma o uno script: per sicurezza non possiamo accettarlo. Togli quel file e riprova.",
  uploadArchiveUnsafePaths:
    "L'archivio contiene percorsi di file non ammessi: crealo di nuovo con i soli file da inviare.",

  // §8 server and network errors (web HTTP client)
  ...TRANSPORT_MESSAGES,
  serverError: "Errore del server",
  recaptchaError: "Verifica reCAPTCHA non riuscita: riprova.",
  sessionTooLong: "Troppo Tempo! Aggiorna la pagina fra qualche minuto! Non chiuderla!",
  uploadError: "Errore in fase di caricamento",
  /** A stored file whose bytes no longer match the SHA-256 recorded when it was checked. */
  uploadIntegrity:
    "Il file non corrisponde più a quello controllato al momento del caricamento: per sicurezza non possiamo aprirlo. Segnala il problema al team legale.",
  noDocument: "Nessun documento disponibile",
  unexpectedState: "Errore Stato Non previsto",
  noFurtherAction: "Nessun ulteriore azione richiesta per questo servizio",
  legalizationNotFound: "Service Legalization not Found!",
  /** A client's step on a bought service (a file, the takedown's links, a capture) once the case is closed. */
  practiceClosedAskTeam: "La pratica è chiusa: per continuare chiedi al team di riaprirla.",
  /** The complaint deadline's reminders (reminders-service): the opt-in is the owner's, on an open case. */
  remindersOwnerOnly: "Solo chi ha aperto la pratica può scegliere i promemoria.",
  remindersPracticeClosed: "La pratica è chiusa: non ci sono più promemoria da inviare.",
  /** The legalization files' archive (retention-service) with nothing kept to put in it. */
  legalizationArchiveEmpty:
    "Non ci sono file da scaricare per questo servizio: non sono ancora pronti o sono già stati eliminati.",
  // §4 legalization flow step 5: the provider's name, then ' Error : ', then the state.
  legalizationFailure: (providerName: string, state: string) => `${providerName} Error : ${state}`,
  /** The capture's URL (core legalization/capture-url.ts): not a web address at all. */
  captureUrlInvalid: "Scrivi l'indirizzo completo della pagina, che inizia con http:// o https://.",
  /** The capture's URL points at this machine, a private network or a cloud's internal services. */
  captureUrlPrivate:
    "Questo indirizzo non porta a una pagina pubblica di internet, ma a una rete privata o interna: copia l'indirizzo della pagina dalla barra del browser.",
  thirdPartyCookies: "Errore cookie terze parti disattivati! Controlla le impostazioni del browser.",

  // API error bodies (docs/architecture.md, "A request"): what the user reads when a call fails
  notFound: "La risorsa richiesta non esiste.",
  badRequest: "La richiesta non è valida: controlla i dati inseriti.",
  malformedJson: "Il contenuto inviato non è un JSON valido.",
  /** A path with a broken %-escape (`/v1/%zz`): refused before any route (apps/api http/errors.ts). */
  malformedUrl: "L'indirizzo richiesto non è valido.",
  uriTooLong: "L'indirizzo richiesto è troppo lungo.",
  /** 431: large cookies are what a person's browser most often sends too much of. */
  headersTooLarge:
    "La richiesta è troppo lunga (indirizzo o intestazioni): se succede ancora, cancella i cookie di questo sito e riprova.",
  requestTimeout: "La richiesta è arrivata troppo lentamente: controlla la connessione e riprova.",
  unauthorized: "Devi accedere per continuare.",
  forbidden: "Non hai i permessi per questa operazione.",
  conflict: "L'operazione è in conflitto con lo stato attuale.",
  /** A money document's link after its year (ADR 016): 410. */
  documentGone: "Questo documento non è più disponibile. Scrivici e te ne mandiamo una copia.",
  /** A document's XML before the FatturaPA generator is wired (ADR 016). */
  tooManyRequests: "Troppi tentativi: riprova fra qualche minuto.",
  payloadTooLarge: "Il contenuto inviato è troppo grande.",
  unsupportedMediaType: "Formato della richiesta non supportato.",
  invalidCredentials: "Email o password non corretti.",
  emailNotVerified:
    "Devi prima confermare il tuo indirizzo email: controlla la posta, anche nella cartella spam.",
  /** Failed sign-ins hold the account, the address or the device back for a while (ADR 035). */
  loginDelayed: (wait: string) =>
    `Troppi tentativi di accesso non riusciti. Per sicurezza riprova fra ${wait}, oppure reimposta la password.`,
  /** The mailed unlock link worked (ADR 035). */
  signInUnlocked:
    "Fatto: i tentativi sbagliati sono stati azzerati e da questo dispositivo puoi accedere subito.",
  /** A staff role granted by an admin whose sign-in is not fresh: the web signs them in again (ADR 035). */
  reauthenticationRequired:
    "Per assegnare un ruolo dello staff devi confermare la tua identità accedendo di nuovo.",
  loginExpired: "La richiesta di accesso è scaduta: riprova ad accedere.",
  // The second factor (ADR 036)
  secondFactorRequired:
    "Per aprire le pratiche serve la verifica in due passaggi: attivala nel tuo profilo, poi esci e accedi di nuovo.",
  secondFactorWrongCode: "Il codice non è corretto o è già stato usato: controlla l'app e riprova.",
  secondFactorTooManyAttempts: "Troppi tentativi con il codice: attendi qualche minuto e riprova.",
  secondFactorAlreadyOn: "La verifica in due passaggi è già attiva.",
  secondFactorNotStarted: "Avvia di nuovo l'attivazione della verifica in due passaggi.",
  secondFactorOff: "La verifica in due passaggi non è attiva.",
  secondFactorProofNeeded: "Inserisci la password oppure un codice dell'app.",
  invalidLink: "Il link non è valido, è scaduto o è già stato usato. Richiedine uno nuovo.",
  /** A storage link (upload or download) altered, expired or for something else: 403, no detail. */
  storageLinkRefused: "Il link del file non è valido o è scaduto: torna alla pratica e riprova.",
  storageLinkUsed:
    "Questo link di caricamento è già stato usato: per inviare un altro file torna alla pratica e caricalo di nuovo.",
  /** The bytes PUT to an upload link are not as many as the link was signed for. */
  storageSizeMismatch: "Il file inviato non corrisponde a quello indicato: riprova a caricarlo.",
  wrongPassword: "La password attuale non è corretta.",
  orderOfErasedAccount:
    "Questo ordine era di un account eliminato: se ne conservano solo i documenti fiscali, senza altre operazioni.",
  erasureExternalAccount:
    "Il tuo account usa un accesso esterno, senza una password di Argine: scrivici dalla chat di supporto e lo eliminiamo noi.",
  erasureStaff: "Un account dello staff si elimina dopo che un amministratore gli ha tolto i ruoli.",
  dataExportInProgress:
    "Hai già chiesto i tuoi dati: li stiamo preparando, oppure il link che ti abbiamo inviato è ancora valido.",
  dataExportLinkInvalid:
    "Il link non è più valido: è già stato usato o è scaduto. Puoi chiedere di nuovo i tuoi dati dal profilo.",
  registrationSent:
    "Controlla la tua casella di posta: ti abbiamo inviato un'email per confermare l'indirizzo e attivare l'account.",
  verificationResent:
    "Se l'indirizzo è registrato e non ancora confermato, ti abbiamo inviato di nuovo l'email di conferma.",
  emailVerified: "Indirizzo email confermato: ora puoi accedere.",
  resetSent:
    "Se l'indirizzo è registrato, ti abbiamo inviato un'email con il link per scegliere una nuova password.",
  passwordReset: "Password aggiornata: ora puoi accedere con la nuova password.",

  // admin workspace
  adminOnly: "Quest'area è riservata agli amministratori.",
  deadLetterRetried: "Rimesso in coda: sarà ritentato a breve.",
  deadLetterGone: "Questo invio non è più tra quelli non riusciti: forse qualcuno l'ha già rimesso in coda.",
  invalidAmount: "Inserisci un importo in euro valido, per esempio 49,90.",
  negativeAmount: "L'importo non può essere negativo.",
  amountDecimals: "L'importo può avere al massimo 2 decimali.",
  amountTooHigh: "L'importo non può superare 100.000,00 €.",
  amountNotPositive: "L'importo deve essere maggiore di zero.",
  discountAbovePrice: "Il prezzo scontato non può superare il prezzo.",
  coverageRange: "La copertura deve essere una percentuale intera da 0 a 100.",
  voucherPercentRange: "Lo sconto deve essere una percentuale intera da 1 a 100.",
  maxUsesRange: "Gli utilizzi massimi devono essere un numero intero maggiore di zero.",
  orderRange: "L'ordine deve essere un numero intero da 0 a 9999.",
  codeMinLength: "Il codice deve essere almeno 3 caratteri.",
  codeFormat: "Il codice può contenere solo lettere maiuscole, cifre e trattini.",
  codeTaken: "Esiste già un codice uguale: scegline un altro.",
  invalidDate: "La data non è valida.",
  // The web's date field (gg/mm/aaaa whatever the browser's language), when what is typed is not a day.
  italianDateFormat: "Inserisci una data come 31/12/2026.",
  italianMomentFormat: "Inserisci data e ora come 31/12/2026 14:30.",
  periodReversed: "La data di fine viene prima di quella di inizio.",
  periodTooLong: "Scegli un periodo di un anno al massimo.",
  endBeforeStart: "La data di fine deve essere successiva alla data di inizio.",
  promoGiftCardMax: "Una gift card promozionale vale al massimo 150,00 €.",
  balanceAboveAmount: "Il saldo non può superare l'importo della gift card.",
  invalidProduct: "Servizio non valido.",
  invalidChoice: "Valore non valido.",
  invalidId: "Identificativo non valido.",
  unknownField: "La richiesta contiene un campo non previsto.",
  unknownFields: (names: readonly string[]) => `Campo non previsto: ${names.join(", ")}.`,
  controlCharacters: "Il testo contiene caratteri non ammessi.",
  tooDeeplyNested: "Il contenuto inviato ha troppi livelli annidati.",
  expectedText: "Valore non valido: è atteso un testo.",
  expectedYesNo: "Valore non valido: è atteso sì o no.",
  expectedList: "Valore non valido: è atteso un elenco.",
  numberAtLeast: (min: number | bigint) => `Il numero deve essere almeno ${min}.`,
  numberAbove: (min: number | bigint) => `Il numero deve essere maggiore di ${min}.`,
  numberAtMost: (max: number | bigint) => `Il numero deve essere al massimo ${max}.`,
  numberBelow: (max: number | bigint) => `Il numero deve essere minore di ${max}.`,
  listAtLeast: (min: number | bigint) => `Indica almeno ${min} elementi.`,
  listAtMost: (max: number | bigint) => `Puoi indicare al massimo ${max} elementi.`,
  invalidFormat: "Il formato non è valido.",
  nothingToChange: "Non c'è nessuna modifica da salvare.",
  ownAdminRole: "Non puoi togliere a te stesso il ruolo di amministratore.",
  allDevicesEnded: "Sei uscita/o da tutti i dispositivi.",
  tooManyDeviceChanges: "Troppe uscite dai dispositivi in poco tempo: riprova fra qualche minuto.",

  // outreach: newsletter, "Lavora con noi", "Una buona idea"
  textTooShort: (min: number) => `Scrivi almeno ${min} caratteri.`,
  textTooLong: (max: number) => `Puoi scrivere al massimo ${max} caratteri.`,
  newsletterRequested:
    "Quasi fatto! Controlla la tua casella di posta e apri il link che ti abbiamo inviato per confermare " +
    "l'iscrizione (guarda anche nella posta indesiderata). Se eri già iscritta/o, non devi fare nulla.",
  newsletterConfirmed: "Iscrizione confermata: da ora riceverai la newsletter di Argine.",
  newsletterInvalidLink:
    "Il link di conferma non è valido, è scaduto o è già stato usato. Per ricevere un nuovo link iscriviti di nuovo.",
  partnershipReceived:
    "Grazie! Abbiamo ricevuto la tua richiesta: ti risponderemo all'indirizzo email indicato.",
  ideaReceived:
    "Grazie! Abbiamo ricevuto la tua idea: la leggeremo con attenzione e ti risponderemo via email.",

  // the payment sandbox (ADR 014): Stripe's test cards stand in for real ones
  sandboxTestCardsOnly:
    "Nell'ambiente di prova funzionano solo le carte di prova: usa uno dei numeri di prova indicati.",
  cardExpiryPast: "La data di scadenza della carta è già passata.",
  cardExpiryFormat: "Scadenza non valida: usa il formato MM/AA.",
  invalidCardMonth: "Il mese di scadenza deve essere un numero da 1 a 12.",
  invalidCardYear: "L'anno di scadenza non è valido.",
  sandboxChallengeNotFound: "Questa verifica di pagamento non esiste o il codice non corrisponde.",
  sandboxChallengeDone: "Questa verifica di pagamento è già stata completata.",
  refundTooLarge: "Il rimborso supera quanto resta da rimborsare di questo pagamento.",
  cardPaymentUnavailable: "Il pagamento con carta non è disponibile al momento: riprova più tardi.",
  // the shop: checkout, vouchers and gift cards (one answer for an unknown, expired or used-up code)
  voucherInvalid: "Il voucher non è valido, è scaduto o è già stato usato.",
  giftCardInvalid: "La gift card non è valida, è scaduta o non ha più credito.",
  giftCardNotApplicable: "La gift card non si può usare per i servizi scelti.",
  promoInvalid: "Il codice promozionale non è valido o è scaduto.",
  promoAlreadyRequested: "Hai già richiesto la gift card di questa promozione.",
  tooManyWrongCodes: "Troppi codici errati: riprova fra un'ora.",
  // A right code whose last use or credit another checkout took at the same moment: not a wrong code.
  voucherJustUsedUp: "Questo voucher è appena stato usato del tutto: togli il voucher e riprova.",
  giftCardJustSpent:
    "Il credito di questa gift card è appena stato usato per un altro acquisto: controlla il credito rimasto e riprova.",
  productNotAvailable:
    "Uno dei servizi scelti non è disponibile per questa pratica: aggiorna la pagina e riprova.",
  paymentRequired: "Per completare l'ordine inserisci i dati della carta.",
  orderInProgress:
    "Il pagamento di questo ordine è già in corso: attendi qualche istante e controlla i tuoi ordini.",
  practiceHasOrderInProgress:
    "Per questa pratica c'è già un pagamento in corso: completalo oppure riprova fra qualche minuto.",
  orderPaymentMismatch: "Il pagamento indicato non corrisponde a questo ordine.",
  orderNotPayable: "Questo ordine non si può più pagare: riprova con un nuovo ordine.",
  paymentFailed: CARD_ERROR_GENERIC,
  // refunds and withdrawal (ADR 017)
  withdrawalWaiverRequired:
    "Per procedere devi chiedere che i servizi inizino subito e prendere atto del diritto di recesso.",
  alreadyRefunded: "Uno dei servizi scelti è già stato rimborsato: aggiorna la pagina.",
  serviceNotOnOrder: "Uno dei servizi scelti non fa parte di questo ordine.",
  orderNotRefundable: "Questo ordine non è stato pagato: non c'è nulla da rimborsare.",
  refundKeyReused: "Questa richiesta di rimborso è già stata usata per un altro rimborso.",
  refundProviderFailed:
    "Il circuito di pagamento non ha confermato il rimborso: riprova fra qualche minuto, non verrà rimborsato due volte.",
  withdrawalExpired:
    "Sono passati più di 14 giorni dal pagamento: il recesso non è più possibile. Se hai bisogno, scrivi all'avvocato dalla pagina della pratica.",
  withdrawalServiceBegun:
    "Uno dei servizi scelti è già iniziato o è già stato fornito, quindi il recesso non si applica: se hai bisogno, scrivi all'avvocato dalla pagina della pratica, ti risponderà al più presto.",
} as const;

// §8 card payment errors shown to the user, keyed by the payment provider's decline/error code.
export const CARD_ERROR_MESSAGES = {
  incomplete_zip: "Il CAP della carta è incompleto.",
  expired_card: "La carta è scaduta.",
  card_declined: "La carta è stata rifiutata dalla banca.",
  incorrect_number: "Il numero della carta non è corretto.",
  invalid_number: "Il numero della carta non è valido.",
  card_not_supported: "La carta non è supportata.",
  incorrect_cvc: "Il codice CVC non è corretto.",
  invalid_cvc: "Il codice CVC non è valido.",
  incorrect_pin: "Il PIN non è corretto.",
  // What Stripe's card element reports while the card is typed (ADR 015).
  incomplete_number: "Il numero della carta è incompleto.",
  incomplete_expiry: "La data di scadenza della carta è incompleta.",
  incomplete_cvc: "Il codice CVC è incompleto.",
  invalid_expiry_month_past: "La data di scadenza della carta è già passata.",
  invalid_expiry_year_past: "La data di scadenza della carta è già passata.",
  insufficient_funds: "Fondi insufficienti.",
  // The 3-D Secure challenge refused or left (Stripe's code for it).
  payment_intent_authentication_failure:
    "L'autenticazione 3-D Secure non è riuscita: il pagamento è stato annullato.",
  generic: CARD_ERROR_GENERIC,
} as const;

export type CardErrorCode = keyof typeof CARD_ERROR_MESSAGES;

/**
 * Why Stripe refused a card, as a key of CARD_ERROR_MESSAGES when there is one: the decline code
 * (`insufficient_funds` inside a `card_declined`), otherwise the error's code; null without a refusal. The
 * same for an intent's `last_payment_error` on the server and a Stripe.js error in the browser.
 */
export function cardRefusalCode(
  error: { code?: string | null; decline_code?: string | null } | null | undefined,
): string | null {
  const declineCode = error?.decline_code;
  return declineCode && Object.hasOwn(CARD_ERROR_MESSAGES, declineCode) ? declineCode : (error?.code ?? null);
}

export function cardErrorMessage(code: string | undefined): string {
  // Own keys only: "toString" is no card error.
  return code && Object.hasOwn(CARD_ERROR_MESSAGES, code)
    ? CARD_ERROR_MESSAGES[code as CardErrorCode]
    : CARD_ERROR_MESSAGES.generic;
}
