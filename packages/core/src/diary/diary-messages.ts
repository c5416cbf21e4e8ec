// The diary's words (issue 40): the incidents a victim records, and what the server says of them.

export const DIARY_MESSAGES = {
  occurredOnRequired: "Indica il giorno dell'episodio.",
  occurredOnInvalid: "La data dell'episodio non è valida.",
  occurredOnFuture: "Il giorno dell'episodio non può essere nel futuro.",
  occurredAtInvalid: "L'ora non è valida: scrivila come 21:30, oppure scegli «non ricordo l'ora».",
  platformRequired: "Indica dove è successo.",
  whatRequired: "Racconta con parole tue che cosa è successo.",
  whatTooLong:
    "Il racconto è troppo lungo: al massimo 5.000 caratteri. Puoi continuare in un altro episodio.",
  tooManyUrls: "Al massimo 10 indirizzi per episodio.",
  whoTooLong: "Al massimo 200 caratteri per dire chi è stato.",
  attachmentType:
    "Questo file non si può allegare: sono ammessi foto e screenshot (JPG, PNG, WEBP, HEIC), PDF, audio (MP3, M4A, OGG, WAV) e video (MP4, MOV, WEBM).",
  attachmentEmpty: "Il file è vuoto.",
  attachmentTooLarge: (limitMb: number) => `Il file supera il limite di ${limitMb} MB per questo tipo.`,
  attachmentContent:
    "Il contenuto del file non corrisponde al suo tipo: scegli la foto, il PDF, l'audio o il video originale.",
  attachmentNotReceived: "Il file non è ancora arrivato: riprova a caricarlo.",
  attachmentNotFound: "L'allegato non esiste o non è tuo.",
  attachmentInUse: "Un allegato scelto non è pronto o appartiene a un altro episodio.",
  tooManyAttachments: "Al massimo 20 allegati per episodio.",
  entryNotFound: "L'episodio non esiste o non è visibile.",
  practiceNotFound: "La pratica non esiste o non è tua.",
  notShared: "La cliente non ha condiviso il diario con questa pratica.",
  dossierNotFound: "Il dossier non esiste o non è tuo.",
  dossierEmpty: "Il diario non ha ancora episodi: aggiungine almeno uno per preparare il dossier.",
  dossierFailed: "Non è stato possibile preparare il dossier. Riprova tra qualche minuto.",
} as const;
