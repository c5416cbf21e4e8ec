import { randomInt } from "node:crypto";

// No 0/O, 1/I: a code a person can read aloud or copy from paper without mistakes.
export const CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** `length` characters of CODE_ALPHABET, each drawn by the system's secure generator (5 bits each). */
export function randomCode(length: number): string {
  let code = "";
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A practice code like "AR-7KM2Q9XD": 40 random bits, not a sequence anyone could walk. */
export function newTicketCode(): string {
  return `AR-${randomCode(8)}`;
}
