import type { CardErrorCode } from "../shared/messages.ts";

// The sandbox's test cards (ADR 014): Stripe's documented test numbers in test mode, the only ones the sandbox
// accepts. Any future expiry and any CVC work with them. Shown in the card form's hint while the sandbox is
// the provider, and printed at start beside the demo accounts.

export interface SandboxTestCard {
  number: string;
  /** What the card does, in Italian, for the hint. */
  outcome: string;
  /** The decline code it answers with; absent for the cards that pay. */
  code?: CardErrorCode;
}

export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = [
  { number: "4242 4242 4242 4242", outcome: "pagamento riuscito" },
  { number: "4000 0027 6000 3184", outcome: "chiede l'autenticazione 3-D Secure" },
  { number: "4000 0000 0000 0002", outcome: "rifiutata dalla banca", code: "card_declined" },
  { number: "4000 0000 0000 9995", outcome: "fondi insufficienti", code: "insufficient_funds" },
  { number: "4000 0000 0000 0069", outcome: "carta scaduta", code: "expired_card" },
  { number: "4000 0000 0000 0127", outcome: "CVC errato", code: "incorrect_cvc" },
  { number: "4242 4242 4242 4241", outcome: "numero errato", code: "incorrect_number" },
];
