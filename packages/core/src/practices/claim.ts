import { z } from "zod";
import { PracticeStatusSchema } from "./practices-api.ts";

// Claiming the practice the questionnaire opened (ADR 010). Nobody owns it until someone proves they
// submitted it: the submitting browser's claim token (single use, expiring), or the practice code plus the
// claim key shown once on the result and printed in its PDF, typed in from any device.

/** How long the browser that submitted the questionnaire can claim it with its token: a night and a day. */
export const CLAIM_TOKEN_TTL_HOURS = 48;

/** Attempts with a code and a key, per user and per address, in CLAIM_ATTEMPT_WINDOW_MINUTES. */
export const CLAIM_ATTEMPTS_MAX = 5;
export const CLAIM_ATTEMPT_WINDOW_MINUTES = 15;

/** Characters of a claim key, shown as two groups of four ("K7QM-2XFD"): 40 random bits. */
export const CLAIM_KEY_LENGTH = 8;

export const CLAIM_MESSAGES = {
  /** A token that is missing, wrong, expired or used: the practice stays as it was. */
  tokenRefused:
    "Non è possibile aggiungere questa pratica al tuo account da qui. Se hai il codice pratica e la chiave di recupero, inseriscili in «Ho un codice pratica» nella tua area personale.",
  /** The same answer for an unknown code, a wrong key and a practice already in another account. */
  keyRefused:
    "Il codice pratica o la chiave di recupero non sono corretti, oppure la pratica è già collegata a un altro account. Controlla di averli copiati bene.",
  tooManyAttempts:
    "Troppi tentativi con il codice pratica: per sicurezza riprova fra 15 minuti. Se non ritrovi la chiave di recupero, scrivici.",
  ticketCodeRequired: "Inserisci il codice pratica.",
  ticketCodeFormat: "Il codice pratica è come AR-7KM2Q9XD: AR seguito da 8 lettere e cifre.",
  claimKeyRequired: "Inserisci la chiave di recupero.",
  claimKeyFormat: "La chiave di recupero ha 8 lettere e cifre, come K7QM-2XFD.",
} as const;

const letters = (input: string) => input.replace(/[^0-9a-z]/gi, "").toUpperCase();

/** The key as typed (any case, spaces or dashes) → its 8 characters, uppercase, no separator. */
export function normalizeClaimKey(input: string): string {
  return letters(input);
}

/** "K7QM2XFD" → "K7QM-2XFD", as shown and printed. */
export function formatClaimKey(key: string): string {
  const plain = normalizeClaimKey(key);
  return `${plain.slice(0, 4)}-${plain.slice(4)}`;
}

/** The practice code as typed ("ar 7km2q9xd", "7KM2Q9XD") → "AR-7KM2Q9XD"; anything else stays unmatched. */
export function normalizeTicketCode(input: string): string {
  const plain = letters(input);
  if (/^AR[0-9A-Z]{8}$/.test(plain)) return `AR-${plain.slice(2)}`;
  if (/^[0-9A-Z]{8}$/.test(plain)) return `AR-${plain}`;
  return plain;
}

/** PATCH /v1/practices/{id}/user: the token POST /v1/feedback gave the submitting browser. */
export const ClaimTokenBodySchema = z.object({ claimToken: z.string().max(200).optional() });

/** POST /v1/practices/claim and the dashboard's "Ho un codice pratica" form. */
export const ClaimWithKeyBodySchema = z.object({
  ticketCode: z
    .string()
    .trim()
    .min(1, { message: CLAIM_MESSAGES.ticketCodeRequired, abort: true })
    .max(40, { message: CLAIM_MESSAGES.ticketCodeFormat, abort: true })
    .refine((v) => /^AR-[0-9A-Z]{8}$/.test(normalizeTicketCode(v)), CLAIM_MESSAGES.ticketCodeFormat),
  claimKey: z
    .string()
    .trim()
    .min(1, { message: CLAIM_MESSAGES.claimKeyRequired, abort: true })
    .max(40, { message: CLAIM_MESSAGES.claimKeyFormat, abort: true })
    .refine((v) => normalizeClaimKey(v).length === CLAIM_KEY_LENGTH, CLAIM_MESSAGES.claimKeyFormat),
});
export type ClaimWithKeyBody = z.infer<typeof ClaimWithKeyBodySchema>;

/** What a successful claim answers. */
export const ClaimedPracticeSchema = z.object({
  practiceId: z.uuid(),
  ticketCode: z.string(),
  status: PracticeStatusSchema,
});
export type ClaimedPractice = z.infer<typeof ClaimedPracticeSchema>;
