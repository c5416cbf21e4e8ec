// Gift-card codes the product issues (ADR 014): 16 characters of an alphabet without look-alikes (no 0/O,
// 1/I/L, 2/Z, 5/S, 8/B), in four groups of four, "K7QM-X3FD-9RWT-HCPA". 16 × log2(25) ≈ 74 bits: not
// guessed through a verification limited to 5 wrong codes an hour. The random draw is the API's (crypto);
// admins may still type a code of their own, so the format is not required elsewhere.

export const GIFT_CARD_CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";
export const GIFT_CARD_CODE_GROUPS = 4;
export const GIFT_CARD_CODE_GROUP_LENGTH = 4;

const GROUP = `[${GIFT_CARD_CODE_ALPHABET}]{${GIFT_CARD_CODE_GROUP_LENGTH}}`;
const PATTERN = new RegExp(`^${GROUP}(?:-${GROUP}){${GIFT_CARD_CODE_GROUPS - 1}}$`);

export function isIssuedGiftCardCode(code: string): boolean {
  return PATTERN.test(code);
}

/**
 * A code from random bytes, one per character: a byte at or above the largest multiple of the alphabet's
 * size is skipped, so every character is equally likely. Null when too few bytes were left (draw again).
 */
export function giftCardCodeFrom(bytes: Uint8Array): string | null {
  const size = GIFT_CARD_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  const chars: string[] = [];
  for (const byte of bytes) {
    if (byte >= limit) continue;
    chars.push(GIFT_CARD_CODE_ALPHABET[byte % size] as string);
    if (chars.length === GIFT_CARD_CODE_GROUPS * GIFT_CARD_CODE_GROUP_LENGTH) break;
  }
  if (chars.length < GIFT_CARD_CODE_GROUPS * GIFT_CARD_CODE_GROUP_LENGTH) return null;
  const groups = Array.from({ length: GIFT_CARD_CODE_GROUPS }, (_, i) =>
    chars.slice(i * GIFT_CARD_CODE_GROUP_LENGTH, (i + 1) * GIFT_CARD_CODE_GROUP_LENGTH).join(""),
  );
  return groups.join("-");
}
