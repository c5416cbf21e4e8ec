import { createHash, randomBytes } from "node:crypto";

// Tokens of the links we mail (account verification, password reset, newsletter confirmation): 256 random
// bits, URL-safe. Only their SHA-256 is stored, so a database leak does not hand out working links.

/** A new token for a mailed link: 43 URL-safe characters. */
export const newLinkToken = (): string => randomBytes(32).toString("base64url");

/** What the database keeps of a token. */
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");
