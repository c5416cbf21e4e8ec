import { randomInt } from "node:crypto";

// No 0/O, 1/I: a code a person can read aloud or copy from paper without mistakes.
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** A practice code like "AR-7KM2Q9XD": 40 random bits, not a sequence anyone could walk. */
export function newTicketCode(): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `AR-${code}`;
}
