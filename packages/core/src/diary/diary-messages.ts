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
} as const;
