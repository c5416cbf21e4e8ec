import { hash, verify } from "@node-rs/argon2";

// argon2id (the library's default algorithm) with its default cost parameters.
export const hashPassword = (password: string): Promise<string> => hash(password);

// A real hash of a random password: verifying against it when the account does not exist costs the same
// time as a real check, so response times do not reveal which emails are registered.
const DUMMY_HASH = hash(crypto.randomUUID());

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    await verify(await DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
