import pg from "pg";
import { type ChatSignal, type FanOut, parseCacheName, parseSignal, processListeners } from "./fan-out.ts";

// The fan-out across API processes on one PostgreSQL database (ADR 030; docs/architecture.md "Runtime
// adapters"): NOTIFY on one channel through the pool, LISTEN on a connection of each process's own. A
// notification is delivered only after the sender's commit and only to connections listening at that moment,
// so when the listening connection drops it is opened again, and the gap is announced: the sockets read what
// they missed from the table.

export const CHAT_CHANNEL = "argine_chat";
/** The caches to drop (a cache's name as payload): a channel of its own, so neither parser sees the other's. */
export const CACHE_CHANNEL = "argine_cache";

/** How long to wait before listening again after the connection dropped: doubled each failure, up to 5 s. */
const RETRY_FIRST_MS = 200;
const RETRY_MAX_MS = 5_000;

/**
 * Resolves once this process listens (or its first attempt failed, and it keeps trying): a signal published
 * before that would not reach this process's own sockets.
 */
export async function createPostgresFanOut(databaseUrl: string, pool: pg.Pool): Promise<FanOut> {
  const listeners = processListeners();
  let closed = false;
  let client: pg.Client | null = null;
  let retry = RETRY_FIRST_MS;
  let listenedBefore = false;
  let timer: NodeJS.Timeout | null = null;
  let ready: Promise<void>;

  const listen = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    // Both may come for one drop; reconnecting once is enough.
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      if (client === next) client = null;
      next.removeAllListeners("notification");
      void next.end().catch(() => {});
      schedule();
    };
    next.on("error", drop);
    next.on("end", drop);
    next.on("notification", (message) => {
      if (message.channel === CACHE_CHANNEL) {
        const cache = parseCacheName(message.payload);
        if (cache) listeners.invalidate(cache);
        return;
      }
      const signal = message.channel === CHAT_CHANNEL ? parseSignal(message.payload) : null;
      if (signal) listeners.signal(signal);
    });
    try {
      await next.connect();
      await next.query(`listen ${CHAT_CHANNEL}`);
      await next.query(`listen ${CACHE_CHANNEL}`);
    } catch {
      drop();
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retry = RETRY_FIRST_MS;
    if (listenedBefore) listeners.gap();
    listenedBefore = true;
  };

  const schedule = () => {
    if (closed || timer) return;
    const wait = retry;
    retry = Math.min(retry * 2, RETRY_MAX_MS);
    timer = setTimeout(() => {
      timer = null;
      ready = listen();
    }, wait);
  };

  ready = listen();
  await ready;

  return {
    publish: async (signal: ChatSignal) => {
      // This process's own sockets hear it through the same LISTEN, so that comes first.
      await ready;
      await pool.query("select pg_notify($1, $2)", [CHAT_CHANNEL, JSON.stringify(signal)]);
    },
    subscribe: listeners.subscribe,
    onGap: listeners.onGap,
    invalidate: async (cache) => {
      await ready;
      await pool.query("select pg_notify($1, $2)", [CACHE_CHANNEL, cache]);
    },
    onInvalidate: listeners.onInvalidate,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await ready;
      const last = client;
      client = null;
      listeners.clear();
      if (last) {
        last.removeAllListeners();
        last.on("error", () => {});
        await last.end().catch(() => {});
      }
    },
  };
}
