import type { PGlite } from "@electric-sql/pglite";
import type { Db } from "./client.ts";

/**
 * What the embedded database tells its process of its own commits, as they happen (migration 0031's
 * `commit_heard`). PGlite is one connection in this process: a NOTIFY sent by a commit reaches the listener
 * below before that commit's own query resolves (PGlite hands it on in a microtask queued ahead of the
 * answer), so no request that starts after a change can be answered from what the change made stale. A
 * PostgreSQL server's processes cannot hear one another in time, and read instead (ADR 045).
 */
export interface HeardCommits {
  /** practice_lists_version as the last commit that changed it left it; null until heard or read. */
  listsVersion: string | null;
  /** Counts the commits that changed what a grant check reads (a grant, a user's roles, a user removed). */
  grants: number;
}

const heard = new WeakMap<Db, HeardCommits>();

/** The commits `db` tells of, or undefined for a database whose changes may come from another process. */
export const heardCommits = (db: Db): HeardCommits | undefined => heard.get(db);

/** Turns the embedded database's commits' notices on for its one connection, and listens to them. */
export async function hearCommits(db: Db, pglite: PGlite): Promise<void> {
  const state: HeardCommits = { listsVersion: null, grants: 0 };
  await pglite.exec("set argine.hear_commits = on");
  await pglite.listen("argine_commits", (what) => {
    if (what === "grants") state.grants++;
    else if (what.startsWith("lists ")) state.listsVersion = what.slice("lists ".length);
  });
  heard.set(db, state);
}
