import { EventEmitter } from "node:events";
import { type ConversationRef, ConversationRefSchema } from "@argine/core/conversations/live-api";

// The fan-out (docs/architecture.md "Runtime adapters", ADR 030): a new message, a read mark or a typing
// signal written through one API process reaches the live sockets of every process. It carries ids, never a
// message's text: a socket's handler reads what its caller may see from the database, so the fan-out is not a
// way around authorization, and PostgreSQL's 8 000-byte NOTIFY limit is never near.

/** What happened in a conversation: which one, and the message it concerns (for "message" and "read"). */
export interface ChatSignal {
  conversation: ConversationRef;
  kind: "message" | "read" | "typing";
  /** The message written, the reader, or for typing the side that types ("client" or "staff"). */
  ref: string;
}

export type ChatListener = (signal: ChatSignal) => void;

/**
 * A read each process keeps a copy of, which a change in any process makes stale: the public catalogue, the
 * provider's keys (changed by `npm run keys`, identity/embedded-identity.ts).
 */
export type CacheName = "catalogue" | "oidc-keys";
export const CACHE_NAMES: readonly CacheName[] = ["catalogue", "oidc-keys"];

export interface FanOut {
  /** Tells every process, this one included. Called after the transaction that wrote the change commits. */
  publish(signal: ChatSignal): Promise<void>;
  /** Every signal from now on; the function returned stops it. */
  subscribe(listener: ChatListener): () => void;
  /**
   * Called when signals may have been missed (the listening connection dropped and came back): each socket
   * then reads what it missed from the table, as a client does after a reconnection.
   */
  onGap(listener: () => void): () => void;
  /**
   * Tells every process, this one included, that its copy of a cached read is stale. Called after the
   * change commits. After a gap, every cache is dropped: an invalidation may have been missed.
   */
  invalidate(cache: CacheName): Promise<void>;
  onInvalidate(listener: (cache: CacheName) => void): () => void;
  close(): Promise<void>;
}

/**
 * Tells the live sockets of a change already committed. A fan-out that fails loses nothing: the change is
 * stored and each socket's next catch-up reads it, so the writer's call must not fail (and be sent again).
 */
export const tellAfterCommit = (fanOut: FanOut, signal: ChatSignal): Promise<void> =>
  fanOut.publish(signal).catch(() => {});

/**
 * What every engine does in the process itself: hand signals and gaps to this process's listeners (its
 * sockets). The engines differ in how a signal gets here.
 */
export function processListeners() {
  const events = new EventEmitter();
  // Every open socket listens: the default limit of 10 is a leak warning meant for something else.
  events.setMaxListeners(0);
  return {
    signal: (signal: ChatSignal) => events.emit("signal", signal),
    invalidate: (cache: CacheName) => events.emit("invalidate", cache),
    gap: () => {
      for (const cache of CACHE_NAMES) events.emit("invalidate", cache);
      events.emit("gap");
    },
    subscribe: (listener: ChatListener) => {
      events.on("signal", listener);
      return () => events.off("signal", listener);
    },
    onGap: (listener: () => void) => {
      events.on("gap", listener);
      return () => events.off("gap", listener);
    },
    onInvalidate: (listener: (cache: CacheName) => void) => {
      events.on("invalidate", listener);
      return () => events.off("invalidate", listener);
    },
    clear: () => events.removeAllListeners(),
  };
}

/** The embedded default: one process, so the fan-out is an event emitter. */
export function createInProcessFanOut(): FanOut {
  const listeners = processListeners();
  return {
    publish: async (signal) => {
      listeners.signal(signal);
    },
    subscribe: listeners.subscribe,
    onGap: listeners.onGap,
    invalidate: async (cache) => {
      listeners.invalidate(cache);
    },
    onInvalidate: listeners.onInvalidate,
    close: async () => {
      listeners.clear();
    },
  };
}

/** A cache's name from the wire, or null for anything else. */
export const parseCacheName = (payload: string | undefined): CacheName | null =>
  CACHE_NAMES.find((name) => name === payload) ?? null;

/** A signal from the wire, or null for anything else: a notification is checked as any other input. */
export function parseSignal(payload: string | undefined): ChatSignal | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<ChatSignal>;
    const kinds: readonly string[] = ["message", "read", "typing"];
    const conversation = ConversationRefSchema.safeParse(value.conversation);
    return conversation.success &&
      typeof value.ref === "string" &&
      typeof value.kind === "string" &&
      kinds.includes(value.kind)
      ? { conversation: conversation.data, kind: value.kind, ref: value.ref }
      : null;
  } catch {
    return null;
  }
}
