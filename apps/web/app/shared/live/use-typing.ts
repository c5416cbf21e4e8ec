import type { ConversationRef } from "@argine/core/conversations/live-api";
import { TYPING_EVERY_MS, TYPING_SHOWN_MS } from "@argine/core/conversations/live-protocol";
import { useCallback, useEffect, useRef, useState } from "react";
import { live } from "./live.ts";

export type TypingSide = "client" | "staff";

/**
 * A conversation's typing states (ADR 030): `heard(side)` shows the other side typing for a few seconds (unless
 * it types again), `stopped()` hides it (its message arrived), and `typing()` tells the other side the reader
 * types, at most every few seconds.
 */
export function useTyping(conversation: ConversationRef | null) {
  const [otherTyping, setOtherTyping] = useState<TypingSide | null>(null);
  const shown = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typedAt = useRef(0);
  const current = useRef(conversation);
  current.current = conversation;
  useEffect(() => () => clearTimeout(shown.current), []);
  const heard = useCallback((side: TypingSide) => {
    setOtherTyping(side);
    clearTimeout(shown.current);
    shown.current = setTimeout(() => setOtherTyping(null), TYPING_SHOWN_MS);
  }, []);
  const stopped = useCallback(() => setOtherTyping(null), []);
  const typing = useCallback(() => {
    if (!current.current || Date.now() - typedAt.current < TYPING_EVERY_MS) return;
    typedAt.current = Date.now();
    live.typing(current.current);
  }, []);
  return { otherTyping, heard, stopped, typing };
}
