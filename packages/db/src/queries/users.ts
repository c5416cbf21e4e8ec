import type { Role } from "@argine/core/identity/roles";
import { and, count, eq, gt, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { loginFailures, type UserTokenKind, userRoles, users, userTokens } from "../schema/identity.ts";
import { newestFirst, type Page } from "./paging.ts";

export type UserRow = typeof users.$inferSelect;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByExternalSubject(db: Db, subject: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.externalSubject, subject));
  return row;
}

export interface NewUser {
  email: string;
  name: string;
  lastname: string;
  passwordHash?: string | null;
  cellPhone?: string | null;
  privacyConsent: boolean;
  marketingConsent: boolean;
  externalSubject?: string | null;
  emailVerifiedAt?: Date | null;
}

/** Inserts the user unless the email is taken; returns the new row or undefined. */
export async function createUser(db: Db, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: normalizeEmail(user.email) })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** `%term%` for ILIKE, with the pattern's own wildcards taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type AdminUserRow = UserRow & { roles: Role[] };

/**
 * A page of users for the admin workspace, newest first, with the total for the search. `q` matches any part
 * of the email or of "name lastname", in any case (the name arm uses the trigram index of migration 0002).
 */
export async function listUsers(
  db: Db,
  f: Page & { q?: string },
): Promise<{ total: number; data: AdminUserRow[] }> {
  const q = f.q?.trim();
  const where = q
    ? or(
        ilike(users.email, containing(q)),
        ilike(sql`${users.name} || ' ' || ${users.lastname}`, containing(q)),
      )
    : undefined;
  const [totalRow] = await db.select({ n: count() }).from(users).where(where);
  const rows = await newestFirst(db.select().from(users).where(where).$dynamic(), users, f);
  // One query for the page's roles, not one per user.
  const roles = rows.length
    ? await db
        .select({ userId: userRoles.userId, role: userRoles.role })
        .from(userRoles)
        .where(
          inArray(
            userRoles.userId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return {
    total: totalRow?.n ?? 0,
    data: rows.map((row) => ({
      ...row,
      roles: roles
        .filter((r) => r.userId === row.id)
        .map((r) => r.role)
        .sort(),
    })),
  };
}

export async function listRoles(db: Db, userId: string): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role).sort();
}

export async function grantRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

export async function revokeRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
}

export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<
    Pick<
      UserRow,
      | "name"
      | "lastname"
      | "cellPhone"
      | "marketingConsent"
      | "mailFullText"
      | "passwordHash"
      | "emailVerifiedAt"
    >
  >,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

// Single-use tokens: the caller hashes; only hashes are stored.

export async function createUserToken(
  db: Db,
  token: { tokenHash: string; userId: string; kind: UserTokenKind; expiresAt: Date },
): Promise<void> {
  await db.insert(userTokens).values(token);
}

/** Marks a live token used and returns its user id; undefined when unknown, expired or already used. */
export async function consumeUserToken(
  db: Db,
  tokenHash: string,
  kind: UserTokenKind,
  now = new Date(),
): Promise<string | undefined> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.kind, kind),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ userId: userTokens.userId });
  return row?.userId;
}

// Lockout bookkeeping.

export async function recordLoginFailure(db: Db, keys: string[], at = new Date()): Promise<void> {
  await db.insert(loginFailures).values(keys.map((key) => ({ key, at })));
}

export async function countLoginFailures(db: Db, key: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)));
  return row?.n ?? 0;
}

export async function clearLoginFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
