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

/** oidc-provider's storage on our database, so sessions and grants survive restarts and span replicas. */
export function dbAdapterFactory(db: Db) {
  return class DbAdapter implements Adapter {
    readonly type: string;

    constructor(type: string) {
      this.type = type;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      await upsertOidcPayload(db, {
        type: this.type,
        id,
        payload: payload as Record<string, unknown>,
        expiresAt,
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return withConsumed(await findOidcPayload(db, this.type, id));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return withConsumed(await findOidcPayloadByUid(db, this.type, uid));
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return withConsumed(await findOidcPayloadByUserCode(db, this.type, userCode));
    }

    async consume(id: string): Promise<void> {
      await consumeOidcPayload(db, this.type, id);
    }

    async destroy(id: string): Promise<void> {
      await destroyOidcPayload(db, this.type, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await revokeOidcGrant(db, grantId);
    }
  };
}

function withConsumed(row: { payload: Record<string, unknown>; consumedAt: Date | null } | undefined) {
  if (!row) return undefined;
  const payload = row.payload as AdapterPayload;
  return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
}
