import type { Role } from "@argine/core/identity/roles";
import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { heardCommits } from "../heard-commits.ts";
import { userRoles, users } from "../schema/identity.ts";
import { type OidcKeyKind, oidcDevices, oidcKeys, oidcPayloads } from "../schema/oidc.ts";
import { practiceListsVersion } from "../schema/practices.ts";
import { perTurn } from "./batched.ts";
import { oncePerDb } from "./prepared.ts";

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

async function findBy(
  db: Db,
  type: string,
  where: ReturnType<typeof eq>,
  now: Date,
): Promise<OidcPayloadRow | undefined> {
  const [row] = await db
    .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.type, type), where, live(now)));
  return row;
}

export const findOidcPayload = (db: Db, type: string, id: string, now = new Date()) =>
  findBy(db, type, eq(oidcPayloads.id, id), now);
export const findOidcPayloadByUid = (db: Db, type: string, uid: string, now = new Date()) =>
  findBy(db, type, eq(oidcPayloads.uid, uid), now);
export const findOidcPayloadByUserCode = (db: Db, type: string, userCode: string, now = new Date()) =>
  findBy(db, type, eq(oidcPayloads.userCode, userCode), now);

/**
 * Which of these grants still stand (not revoked, not expired): the live sockets' sessions are checked in one
 * read per process (apps/api/src/conversations/session-watch.ts). On the primary key (type, id).
 */
export async function standingGrantIds(
  db: Db,
  ids: readonly string[],
  now = new Date(),
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.type, "Grant"), inArray(oidcPayloads.id, [...ids]), live(now)));
  return new Set(rows.map((row) => row.id));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const grantCallersStatement = oncePerDb((db) =>
  db
    .select({
      grantId: oidcPayloads.id,
      accountId: users.id,
      role: userRoles.role,
      expiresAt: oidcPayloads.expiresAt,
      listsVersion: sql<string>`(select ${practiceListsVersion.version} from ${practiceListsVersion})`,
    })
    .from(oidcPayloads)
    .innerJoin(
      users,
      and(
        sql`${users.id} = any(${sql.placeholder("accountIds")}::uuid[])`,
        sql`${oidcPayloads.payload}->>'accountId' = ${users.id}::text`,
      ),
    )
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(
      and(
        eq(oidcPayloads.type, "Grant"),
        sql`${oidcPayloads.id} = any(${sql.placeholder("grantIds")}::text[])`,
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql.placeholder("now"))),
      ),
    )
    .prepare("grant_callers"),
);

/** What a request's caller is now (grantCaller). */
export interface GrantCaller {
  roles: Role[];
  /** practice_lists_version's value as this read saw it (migration 0031): the lists read after are no older. */
  listsVersion: string;
}

type GrantWant = { grantId: string; accountId: string };
type GrantRead = GrantCaller & { expiresAt: Date | null };

/** The requests of one turn, one read (batched.ts perTurn): each want answered by its own rows. */
const grantCallersPerTurn = oncePerDb((db) =>
  perTurn<GrantWant, GrantRead | null>(async (wants) => {
    const rows = await grantCallersStatement(db).execute({
      grantIds: [...new Set(wants.map((want) => want.grantId))],
      accountIds: [...new Set(wants.map((want) => want.accountId))],
      now: new Date(),
    });
    return wants.map((want) => {
      const own = rows.filter((row) => row.grantId === want.grantId && row.accountId === want.accountId);
      const first = own[0];
      if (!first) return null;
      const roles = own.flatMap((row) => (row.role ? [row.role] : [])).sort();
      return { roles, listsVersion: first.listsVersion, expiresAt: first.expiresAt };
    });
  }),
);

/** How many grants a process keeps in memory on the embedded engine; all are dropped past it. */
const GRANTS_KEPT = 10_000;
/**
 * The grants read on the embedded engine, kept while no commit changed what a grant check reads: `heard` is
 * heard-commits.ts's count of those commits when they were read.
 */
const keptGrants = oncePerDb(() => ({ heard: 0, grants: new Map<string, GrantRead>() }));

/**
 * The caller behind an embedded provider's access token, read on each request: null unless its grant still
 * stands, belongs to `accountId`, and the account exists; else the account's roles as they are now, so a role
 * taken away or an account erased counts on the next request. One read on three primary keys (the grant's
 * (type, id), the user's id, the roles' (user_id, role)) for all the requests of one turn of the event loop,
 * sent after each of them arrived (perTurn). On the embedded engine, whose process hears every commit before
 * the commit resolves (heard-commits.ts), a grant read is kept until a commit changes a grant, a role or a
 * user, or it expires: then no request reads.
 */
export async function grantCaller(db: Db, grantId: string, accountId: string): Promise<GrantCaller | null> {
  if (!UUID.test(accountId)) return null;
  const heard = heardCommits(db);
  if (!heard) return callerOf(await grantCallersPerTurn(db)({ grantId, accountId }));
  const kept = keptGrants(db);
  if (kept.heard !== heard.grants) {
    kept.grants.clear();
    kept.heard = heard.grants;
  }
  const key = `${grantId} ${accountId}`;
  const known = kept.grants.get(key);
  const live = known && (known.expiresAt === null || known.expiresAt.getTime() > Date.now());
  if (live && heard.listsVersion !== null) return { roles: known.roles, listsVersion: heard.listsVersion };
  const read = await grantCallersPerTurn(db)({ grantId, accountId });
  // Kept only if no commit changed a grant, a role or a user since before the read.
  if (read && kept.heard === heard.grants) {
    if (kept.grants.size >= GRANTS_KEPT) kept.grants.clear();
    kept.grants.set(key, read);
  }
  // A version heard meanwhile is newer than the one read.
  if (read && heard.listsVersion === null) heard.listsVersion = read.listsVersion;
  return callerOf(read);
}

const callerOf = (read: GrantRead | null): GrantCaller | null =>
  read && { roles: read.roles, listsVersion: read.listsVersion };

/**
 * Notes a grant's device when the provider issues its tokens (the sign-in, then each refresh): the first call
 * adds the row, later ones move its last use and keep the user agent current.
 */
export async function recordOidcDevice(
  db: Db,
  device: { grantId: string; accountId: string; userAgent: string; at: Date },
): Promise<void> {
  await db
    .insert(oidcDevices)
    .values({
      grantId: device.grantId,
      accountId: device.accountId,
      userAgent: device.userAgent,
      signedInAt: device.at,
      lastUsedAt: device.at,
    })
    .onConflictDoUpdate({
      target: oidcDevices.grantId,
      set: { lastUsedAt: device.at, userAgent: device.userAgent },
    });
}

export interface OidcDeviceRow {
  id: string;
  grantId: string;
  userAgent: string;
  signedInAt: Date;
  lastUsedAt: Date;
}

/** The account's signed-in devices, last used first: those whose grant still stands. */
export async function listOidcDevices(db: Db, accountId: string, now = new Date()): Promise<OidcDeviceRow[]> {
  return db
    .select({
      id: oidcDevices.id,
      grantId: oidcDevices.grantId,
      userAgent: oidcDevices.userAgent,
      signedInAt: oidcDevices.signedInAt,
      lastUsedAt: oidcDevices.lastUsedAt,
    })
    .from(oidcDevices)
    .innerJoin(oidcPayloads, and(eq(oidcPayloads.type, "Grant"), eq(oidcPayloads.id, oidcDevices.grantId)))
    .where(and(eq(oidcDevices.accountId, accountId), live(now)))
    .orderBy(desc(oidcDevices.lastUsedAt), asc(oidcDevices.id));
}

/**
 * Ends one signed-in device of the account: its grant, every token issued under it, the provider's session
 * holding it (so that browser signs in again rather than silently), and the device's row. False when the
 * account has no such device.
 */
export async function endOidcDevice(db: Db, accountId: string, deviceId: string): Promise<boolean> {
  if (!UUID.test(deviceId)) return false;
  return db.transaction(async (tx) => {
    const [device] = await tx
      .delete(oidcDevices)
      .where(and(eq(oidcDevices.id, deviceId), eq(oidcDevices.accountId, accountId)))
      .returning({ grantId: oidcDevices.grantId });
    if (!device) return false;
    const { grantId } = device;
    await tx.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    await tx.delete(oidcPayloads).where(and(eq(oidcPayloads.type, "Grant"), eq(oidcPayloads.id, grantId)));
    await tx
      .delete(oidcPayloads)
      .where(
        and(
          eq(oidcPayloads.type, "Session"),
          sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`,
          sql`exists (select 1 from jsonb_each(${oidcPayloads.payload}->'authorizations') a where a.value->>'grantId' = ${grantId})`,
        ),
      );
    return true;
  });
}

/** Marks a code or token used; a second use keeps the first time (the refresh tokens' reuse grace counts from it). */
export async function consumeOidcPayload(db: Db, type: string, id: string, at = new Date()): Promise<void> {
  await db
    .update(oidcPayloads)
    .set({ consumedAt: sql`coalesce(${oidcPayloads.consumedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(oidcPayloads.type, type), eq(oidcPayloads.id, id)));
}

export async function destroyOidcPayload(db: Db, type: string, id: string): Promise<void> {
  await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, type), eq(oidcPayloads.id, id)));
}

/** Revokes everything issued under a grant (logout, refresh-token reuse). */
export async function revokeOidcGrant(db: Db, grantId: string): Promise<void> {
  await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
  await db.delete(oidcDevices).where(eq(oidcDevices.grantId, grantId));
}

/**
 * Signs an account out everywhere (a password reset or change): its sessions, grants and every token issued
 * under those grants (refresh tokens, codes) go. `keepGrantId` spares one grant — the caller's own, on a
 * change — with the session that holds it. Access tokens are JWTs, not stored: the API refuses one whose
 * grant is gone (identity/authenticate.ts). Returns how many grants were revoked.
 */
export async function revokeOidcAccount(db: Db, accountId: string, keepGrantId?: string): Promise<number> {
  const ofAccount = sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`;
  return db.transaction(async (tx) => {
    const grants = await tx
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.type, "Grant"), ofAccount));
    const revoked = grants.map((g) => g.id).filter((id) => id !== keepGrantId);
    if (revoked.length) {
      await tx.delete(oidcDevices).where(inArray(oidcDevices.grantId, revoked));
      await tx.delete(oidcPayloads).where(inArray(oidcPayloads.grantId, revoked));
      await tx
        .delete(oidcPayloads)
        .where(and(eq(oidcPayloads.type, "Grant"), inArray(oidcPayloads.id, revoked)));
    }
    // Sessions (and anything else naming the account) — but not the one the kept grant belongs to.
    const holdsKept = keepGrantId
      ? sql`exists (select 1 from jsonb_each(${oidcPayloads.payload}->'authorizations') a where a.value->>'grantId' = ${keepGrantId})`
      : sql`false`;
    await tx
      .delete(oidcPayloads)
      .where(
        and(
          ofAccount,
          sql`${oidcPayloads.type} <> 'Grant'`,
          sql`(${oidcPayloads.grantId} is null or ${oidcPayloads.grantId} <> ${keepGrantId ?? ""})`,
          sql`not ${holdsKept}`,
        ),
      );
    return revoked.length;
  });
}

/** Newest first: the provider signs with the first key and still verifies with the older ones. */
// Any fixed number, the same in every process, other than the migrations' (client.ts MIGRATION_LOCK_KEY).
const FIRST_KEYS_LOCK_KEY = 0x4f69_6463; // "Oidc"

/**
 * Inside a transaction, waits for any other process making the provider's first keys to commit: two first
 * starts side by side would otherwise each find no key and each add one.
 */
export async function lockOidcKeys(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_KEYS_LOCK_KEY})`);
}

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

/** Deletes keys by kid (a retirement, identity/keys.ts): how many went. */
export async function deleteOidcKeys(db: Db, kids: readonly string[]): Promise<number> {
  if (kids.length === 0) return 0;
  const deleted = await db
    .delete(oidcKeys)
    .where(inArray(oidcKeys.kid, [...kids]))
    .returning({ kid: oidcKeys.kid });
  return deleted.length;
}
