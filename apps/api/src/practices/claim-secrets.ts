import { CLAIM_KEY_LENGTH, CLAIM_TOKEN_TTL_HOURS, normalizeClaimKey } from "@argine/core/practices/claim";
import { hashToken, newLinkToken } from "../identity/link-tokens.ts";
import { randomCode } from "./ticket-code.ts";

// The two secrets that let someone claim the practice the questionnaire opened (ADR 010). Only
// their hashes are stored; the answer to POST /v1/feedback is the one place the secrets themselves appear.

export interface ClaimSecrets {
  /** 256 random bits for the submitting browser: single use, expiring. */
  claimToken: string;
  /** 8 characters (40 bits) for a person to note down, shown grouped ("K7QM-2XFD"). */
  claimKey: string;
  stored: { claimTokenHash: string; claimTokenExpiresAt: Date; claimKeyHash: string };
}

/**
 * The key's hash is salted with its practice code: the same key on two practices stores differently, and
 * the lookup by code + key is one indexed row. 40 bits resist guessing through the rate-limited API, not an
 * offline search of a stolen table, whose reader would hold the answers themselves anyway.
 */
export const claimKeyHash = (ticketCode: string, claimKey: string): string =>
  hashToken(`claim-key:${ticketCode}:${normalizeClaimKey(claimKey)}`);

export function newClaimSecrets(ticketCode: string, now: Date): ClaimSecrets {
  const claimToken = newLinkToken();
  const claimKey = randomCode(CLAIM_KEY_LENGTH);
  return {
    claimToken,
    claimKey,
    stored: {
      claimTokenHash: hashToken(claimToken),
      claimTokenExpiresAt: new Date(now.getTime() + CLAIM_TOKEN_TTL_HOURS * 3600_000),
      claimKeyHash: claimKeyHash(ticketCode, claimKey),
    },
  };
}
