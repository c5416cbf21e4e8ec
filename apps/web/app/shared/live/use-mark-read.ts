import { useEffect, useRef } from "react";

/**
 * While a conversation is on screen and the tab in view, its newest message counts as read, once: the reader's
 * unread count drops and the other side sees "Letto" (ADR 030). `readUpTo` is the reader's mark (the newest
 * message's time they have seen), known once `readsKnown`.
 */
export function useMarkReadWhileSeen(
  newest: { id: string; createdAt: string } | undefined,
  readUpTo: string | null,
  readsKnown: boolean,
  markRead: (upTo: string) => void,
) {
  const marked = useRef<string | null>(null);
  useEffect(() => {
    const check = () => {
      if (!newest || !readsKnown || document.visibilityState !== "visible") return;
      if ((readUpTo !== null && readUpTo >= newest.createdAt) || marked.current === newest.id) return;
      marked.current = newest.id;
      markRead(newest.id);
    };
    check();
    document.addEventListener("visibilitychange", check);
    return () => document.removeEventListener("visibilitychange", check);
  }, [newest, readUpTo, readsKnown, markRead]);
}

/** The newest of `messages` the other side has read (their mark `theirs`) among those `mine` picks out. */
export function lastSeenOf<M extends { id: string; createdAt: string }>(
  messages: readonly M[] | undefined,
  mine: (message: M) => boolean,
  theirs: string | null,
): string | undefined {
  if (theirs === null) return undefined;
  return messages?.filter((message) => mine(message) && message.createdAt <= theirs).at(-1)?.id;
}
