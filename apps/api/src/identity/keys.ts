import { randomBytes, randomUUID } from "node:crypto";
import type { Db } from "@argine/db/client";
import { insertOidcKey, listOidcKeys } from "@argine/db/queries/oidc";
import { exportJWK, generateKeyPair, type JWK } from "jose";

export interface ProviderKeys {
  /** Private signing keys, newest first: the first signs, all verify. */
  jwks: JWK[];
  /** Cookie-signing secrets, newest first. */
  cookieKeys: string[];
}

const PRIVATE_PARTS = ["d", "p", "q", "dp", "dq", "qi"] as const;

export function publicJwk(jwk: JWK): JWK {
  const copy: JWK = { ...jwk };
  for (const part of PRIVATE_PARTS) delete copy[part];
  return copy;
}

/** Adds a new RS256 signing key; it signs from the next start, and the older keys keep verifying. */
export async function rotateSigningKey(db: Db, now: Date): Promise<string> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" };
  await insertOidcKey(db, { kid, kind: "signing", material: jwk, createdAt: now });
  return kid;
}

/** Loads the provider's keys, creating the first ones on the very first start. Kept in the database. */
export async function loadProviderKeys(db: Db, now: Date): Promise<ProviderKeys> {
  if ((await listOidcKeys(db, "signing")).length === 0) await rotateSigningKey(db, now);
  if ((await listOidcKeys(db, "cookie")).length === 0) {
    await insertOidcKey(db, {
      kid: randomUUID(),
      kind: "cookie",
      material: { secret: randomBytes(32).toString("base64url") },
    });
  }
  const signing = await listOidcKeys(db, "signing");
  const cookies = await listOidcKeys(db, "cookie");
  return {
    jwks: signing.map((k) => k.material as JWK),
    cookieKeys: cookies.map((k) => (k.material as { secret: string }).secret),
  };
}
