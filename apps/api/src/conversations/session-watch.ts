import type { Db } from "@argine/db/client";
import { standingGrantIds } from "@argine/db/queries/oidc";
import type { FastifyBaseLogger } from "fastify";

// The live sockets end with the session they were opened in (ADR 030): a signed-in socket belongs to the
// embedded provider's grant its token was issued under, and when that grant goes (sign-out, a password reset or
// change, a role change, every device signed out) the socket closes within a second, on every process, as the
// next HTTP call of that token is answered 401. One read per process each tick, for all its sockets' grants,
// and none while no socket is open: watching costs nothing per socket.

/** How often the open sockets' grants are read: "within a second" of the session's end. */
export const SESSION_CHECK_MS = 500;

export interface SessionWatch {
  /** Calls `ended` once, when the grant no longer stands; the function returned stops watching. */
  watch(grantId: string, ended: () => void): () => void;
  /** Whether the grant stands now (a re-subscription checks it, as an HTTP call does). */
  stands(grantId: string): Promise<boolean>;
  close(): void;
}

export function createSessionWatch(db: Db, log: FastifyBaseLogger): SessionWatch {
  const watchers = new Map<string, Set<() => void>>();
  let timer: NodeJS.Timeout | null = null;
  let checking = false;

  const check = async () => {
    if (checking || watchers.size === 0) return;
    checking = true;
    try {
      const standing = await standingGrantIds(db, [...watchers.keys()]);
      for (const [grantId, callbacks] of watchers) {
        if (standing.has(grantId)) continue;
        watchers.delete(grantId);
        for (const ended of callbacks) ended();
      }
      stopIfIdle();
    } catch (error) {
      // A failed read proves nothing: the sockets stay, and the next tick reads again.
      log.warn({ err: error }, "live sessions could not be checked");
    } finally {
      checking = false;
    }
  };

  const start = () => {
    if (timer) return;
    timer = setInterval(() => void check(), SESSION_CHECK_MS);
    timer.unref();
  };
  const stopIfIdle = () => {
    if (watchers.size > 0 || !timer) return;
    clearInterval(timer);
    timer = null;
  };

  return {
    watch(grantId, ended) {
      const callbacks = watchers.get(grantId) ?? new Set();
      callbacks.add(ended);
      watchers.set(grantId, callbacks);
      start();
      return () => {
        callbacks.delete(ended);
        if (callbacks.size === 0 && watchers.get(grantId) === callbacks) watchers.delete(grantId);
        stopIfIdle();
      };
    },
    stands: async (grantId) => (await standingGrantIds(db, [grantId])).has(grantId),
    close() {
      watchers.clear();
      stopIfIdle();
    },
  };
}
