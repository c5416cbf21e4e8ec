import { CONTROL_CHARS_PATTERN } from "@argine/core/shared/fields";
import type { Db } from "@argine/db/client";
import {
  consumeOidcPayload,
  destroyOidcPayload,
  findOidcPayload,
  findOidcPayloadByUid,
  findOidcPayloadByUserCode,
  revokeOidcGrant,
  upsertOidcPayload,
} from "@argine/db/queries/oidc";
import type { Adapter, AdapterPayload } from "oidc-provider";

/**
 * No stored id holds a control character, and PostgreSQL cannot even compare text with a NUL: a client_id,
 * code or token carrying one is simply unknown (the provider answers invalid_client / invalid_grant), not a
 * database error.
 */
const unknowable = (id: string) => CONTROL_CHARS_PATTERN.test(id);

/**
 * How long a rotated refresh token is still taken (ADR 004, the reuse grace): a renewal whose answer never
 * reached the browser (a page left or reloaded mid-request, a phone's signal lost) is retried with the token
 * the server already rotated, and without the grace the provider would revoke the whole session. Past it, a
 * reuse is a replay, and revokes the grant as before.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

/** oidc-provider's storage on our database, so sessions and grants survive restarts and span replicas. */
export function dbAdapterFactory(db: Db) {
  return class DbAdapter implements Adapter {
    readonly type: string;

    constructor(type: string) {
      this.type = type;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      // oidc-provider counts expiresIn from its own clock (Date.now), so the row's expiry does too.
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      await upsertOidcPayload(db, {
        type: this.type,
        id,
        payload: payload as Record<string, unknown>,
        expiresAt,
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (unknowable(id)) return undefined;
      return withConsumed(this.type, await findOidcPayload(db, this.type, id));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      if (unknowable(uid)) return undefined;
      return withConsumed(this.type, await findOidcPayloadByUid(db, this.type, uid));
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      if (unknowable(userCode)) return undefined;
      return withConsumed(this.type, await findOidcPayloadByUserCode(db, this.type, userCode));
    }

    async consume(id: string): Promise<void> {
      if (unknowable(id)) return;
      await consumeOidcPayload(db, this.type, id);
    }

    async destroy(id: string): Promise<void> {
      if (unknowable(id)) return;
      await destroyOidcPayload(db, this.type, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      if (unknowable(grantId)) return;
      await revokeOidcGrant(db, grantId);
    }
  };
}

function withConsumed(
  type: string,
  row: { payload: Record<string, unknown>; consumedAt: Date | null } | undefined,
) {
  if (!row) return undefined;
  const payload = row.payload as AdapterPayload;
  if (!row.consumedAt) return payload;
  const inGrace =
    type === "RefreshToken" && Date.now() - row.consumedAt.getTime() < REFRESH_REUSE_GRACE_SECONDS * 1000;
  return inGrace ? payload : { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) };
}
