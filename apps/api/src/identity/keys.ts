import { randomBytes, randomUUID } from "node:crypto";
import type { Db } from "@argine/db/client";
import { deleteOidcKeys, insertOidcKey, listOidcKeys, lockOidcKeys } from "@argine/db/queries/oidc";
import type { OidcKeyKind } from "@argine/db/schema/oidc";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { SESSION_TTL_SECONDS } from "./provider.ts";

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

/** Adds a new cookie-signing secret; as a signing key, it signs from the next start and the older ones verify. */
export async function rotateCookieKey(db: Db, now: Date): Promise<string> {
  const kid = randomUUID();
  const material = { secret: randomBytes(32).toString("base64url") };
  await insertOidcKey(db, { kid, kind: "cookie", material, createdAt: now });
  return kid;
}

/** Loads the provider's keys, creating the first ones on the very first start. Kept in the database. */
export async function loadProviderKeys(db: Db, now: Date): Promise<ProviderKeys> {
  // Under a lock: processes starting together on an empty database make one key of each kind, and all load it.
  await db.transaction(async (tx) => {
    await lockOidcKeys(tx);
    if ((await listOidcKeys(tx, "signing")).length === 0) await rotateSigningKey(tx, now);
    if ((await listOidcKeys(tx, "cookie")).length === 0) await rotateCookieKey(tx, now);
  });
  return readProviderKeys(db);
}

/** The keys as the database holds them now, newest first. */
export async function readProviderKeys(db: Db): Promise<ProviderKeys> {
  const signing = await listOidcKeys(db, "signing");
  const cookies = await listOidcKeys(db, "cookie");
  return {
    jwks: signing.map((k) => k.material as JWK),
    cookieKeys: cookies.map((k) => (k.material as { secret: string }).secret),
  };
}

/**
 * How long a key must have stopped signing before it may go. A key signs until the processes restart after
 * the next key was added; what it signed may come back for as long as the provider's longest lifetime: a
 * session's cookie (cookie keys), and for signing keys the ID token a browser holds and sends back at logout
 * as `id_token_hint`, checked with its expiry ignored, for as long as its session and refresh token last
 * (access tokens: an hour at most). Plus a day for the rolling restart, during which the older key still signs.
 */
export const KEY_RETIREMENT_DELAY_MS = (SESSION_TTL_SECONDS + 24 * 3600) * 1000;

export interface ProviderKey {
  kind: OidcKeyKind;
  kid: string;
  createdAt: Date;
}

/** A key retirement would take: too recently replaced, with the first moment it may go. */
export interface TooRecentKey extends ProviderKey {
  replacedAt: Date;
  retirableFrom: Date;
}

/** Refused: the named keys were replaced too recently. Nothing was deleted. */
export class KeyRetirementRefused extends Error {
  readonly tooRecent: TooRecentKey[];
  constructor(tooRecent: TooRecentKey[]) {
    super(`${tooRecent.length} key(s) replaced too recently to retire`);
    this.tooRecent = tooRecent;
  }
}

/**
 * Deletes the signing and cookie keys older than the newest `keep` of each kind, all or none: refused
 * (KeyRetirementRefused) when one of them was replaced less than KEY_RETIREMENT_DELAY_MS ago, i.e. when the
 * next newer key of its kind was added after `now` minus that delay, unless `compromised` (a leaked key goes
 * at once, and what it signed with it). Returns what went, and what stays.
 */
export async function retireProviderKeys(
  db: Db,
  now: Date,
  keep = 2,
  { compromised = false }: { compromised?: boolean } = {},
): Promise<{ retired: ProviderKey[]; kept: ProviderKey[] }> {
  if (!Number.isInteger(keep) || keep < 1) throw new Error("keep at least the newest key");
  return db.transaction(async (tx) => {
    const retired: ProviderKey[] = [];
    const kept: ProviderKey[] = [];
    const tooRecent: TooRecentKey[] = [];
    for (const kind of ["signing", "cookie"] as const) {
      const keys = (await listOidcKeys(tx, kind)).map((k) => ({
        kind,
        kid: k.kid,
        createdAt: k.createdAt,
      }));
      kept.push(...keys.slice(0, keep));
      keys.slice(keep).forEach((key, i) => {
        // Newest first: the key that replaced this one is the one just before it.
        const replacedAt = (keys[keep + i - 1] as ProviderKey).createdAt;
        const retirableFrom = new Date(replacedAt.getTime() + KEY_RETIREMENT_DELAY_MS);
        if (retirableFrom > now && !compromised) tooRecent.push({ ...key, replacedAt, retirableFrom });
        else retired.push(key);
      });
    }
    if (tooRecent.length) throw new KeyRetirementRefused(tooRecent);
    await deleteOidcKeys(
      tx,
      retired.map((k) => k.kid),
    );
    return { retired, kept };
  });
}
