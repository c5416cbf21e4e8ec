import { conversationKind } from "@argine/core/conversations/live-protocol";
import type { Deps } from "../deps.ts";
import type { ChatSignal } from "../fan-out/fan-out.ts";
import type { Conversations, Loaded } from "./conversation.ts";

// The process's one listener on the fan-out (ADR 030): each signal reaches every live socket of the process
// with what it names loaded at most once, when the first socket that needs it asks, and shared by the
// rest; so a message costs one database read per process, however many sockets follow or watch.

export interface Delivery {
  signal: ChatSignal;
  /** What the signal names (conversations/conversation.ts `load`), read once for all sockets. */
  load(): Promise<Loaded | null>;
}

export interface Deliveries {
  /** Every signal from now on, as a Delivery; the function returned stops it. */
  subscribe(listener: (delivery: Delivery) => void): () => void;
  close(): void;
}

export function createDeliveries(deps: Deps, conversations: Conversations): Deliveries {
  const listeners = new Set<(delivery: Delivery) => void>();
  const stop = deps.fanOut.subscribe((signal) => {
    if (!listeners.size) return;
    let loaded: Promise<Loaded | null> | null = null;
    const { conversation, kind, ref } = signal;
    const load = () => {
      loaded ??= conversations[conversationKind(conversation)].load(
        deps,
        conversation,
        kind === "message" ? ref : null,
      );
      return loaded;
    };
    for (const listener of listeners) listener({ signal, load });
  });
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: stop,
  };
}
