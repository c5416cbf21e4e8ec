import { and, asc, desc, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../client.ts";
import { oidcKeys, oidcPayloads } from "../schema.ts";

// Storage for the embedded OpenID provider (oidc-provider's adapter contract).

export interface OidcPayloadRow {
  payload: Record<string, unknown>;
  consumedAt: Date | null;
}

const live = (now: Date) => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now));

export async function upsertOidcPayload(
  db: Db,
  row: { type: string; id: string; payload: Record<string, unknown>; expiresAt: Date | null },
): Promise<void> {
  const p = row.payload as { grantId?: string; userCode?: string; uid?: string };
  const values = {
    ...row,
    grantId: p.grantId ?? null,
    userCode: p.userCode ?? null,
    uid: p.uid ?? null,
  };
  await db
    .insert(oidcPayloads)
    .values(values)
    .onConflictDoUpdate({
      target: [oidcPayloads.type, oidcPayloads.id],
      set: {
        payload: values.payload,
        grantId: values.grantId,
        userCode: values.userCode,
        uid: values.uid,
        expiresAt: values.expiresAt,
      },
    });
}

async function findBy(db: Db, type: string, where: ReturnType<typeof eq>, now: Date) {
  const [row] = await db
    .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.type, type), where, live(now)));
  return row as OidcPayloadRow | undefined;
}

export const findOidcPayload = (db: Db, type: string, id: string, now = new Date()) =>
  findBy(db, type, eq(oidcPayloads.id, id), now);
export const findOidcPayloadByUid = (db: Db, type: string, uid: string, now = new Date()) =>
  findBy(db, type, eq(oidcPayloads.uid, uid), now);
export const findOidcPayloadByUserCode = (db: Db, type: string, userCode: string, now = new Date()) =>
  findBy(db, type, eq(oidcPayloads.userCode, userCode), now);

export async function consumeOidcPayload(db: Db, type: string, id: string, at = new Date()): Promise<void> {
  await db
    .update(oidcPayloads)
    .set({ consumedAt: at })
    .where(and(eq(oidcPayloads.type, type), eq(oidcPayloads.id, id)));
}

export async function destroyOidcPayload(db: Db, type: string, id: string): Promise<void> {
  await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, type), eq(oidcPayloads.id, id)));
}

/** Revokes everything issued under a grant (logout, refresh-token reuse). */
export async function revokeOidcGrant(db: Db, grantId: string): Promise<void> {
  await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
}

export type OidcKeyKind = "signing" | "cookie";

/** Newest first: the provider signs with the first key and still verifies with the older ones. */
export async function listOidcKeys(db: Db, kind: OidcKeyKind) {
  return db
    .select()
    .from(oidcKeys)
    .where(eq(oidcKeys.kind, kind))
    .orderBy(desc(oidcKeys.createdAt), asc(oidcKeys.kid));
}

export async function insertOidcKey(
  db: Db,
  key: { kid: string; kind: OidcKeyKind; material: Record<string, unknown>; createdAt?: Date },
): Promise<void> {
  await db.insert(oidcKeys).values(key).onConflictDoNothing();
}
