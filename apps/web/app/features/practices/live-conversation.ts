import { TYPING_EVERY_MS, TYPING_SHOWN_MS } from "@argine/core/chat/live-api";
import type { Comment } from "@argine/core/practices/practices-api";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { live } from "../../shared/live/live.ts";
import { commentReadsQueryOptions, commentsQueryOptions, refreshLists } from "./practice-queries.ts";

// The practices' screens kept live by the tab's socket (ADR 030): the conversation, and the lists' unread
// counts. What the socket brings goes into the same cache the calls of practice-queries.ts fill.

/**
 * The lists on screen follow the conversations live (ADR 030): a message written or read in one the reader
 * may see reads the lists again, so their unread counts move without a reload.
 */
export function useLiveLists() {
  const queryClient = useQueryClient();
  useEffect(() => live.watch(() => void refreshLists(queryClient)), [queryClient]);
}

/** Comments merged by id (an edited one replaces its earlier text), oldest first, as the API lists them. */
export function mergeComments(
  current: readonly Comment[] | undefined,
  incoming: readonly Comment[],
): Comment[] {
  const byId = new Map((current ?? []).map((comment) => [comment.id, comment]));
  for (const comment of incoming) byId.set(comment.id, comment);
  return [...byId.values()].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
}

/**
 * The practice's conversation kept live while the screen shows it (ADR 030): what the socket delivers joins
 * the cached comments, and a reconnection asks for what came after the last one the cache has. Also the
 * other side's typing (shown for a few seconds), and `typing()` to say the reader types (sent at most every
 * few seconds).
 */
export function useLiveComments(practiceId: string) {
  const queryClient = useQueryClient();
  const [otherTyping, setOtherTyping] = useState<"client" | "staff" | null>(null);
  const typingShown = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typedAt = useRef(0);
  useEffect(() => () => clearTimeout(typingShown.current), []);
  useEffect(() => {
    const { queryKey } = commentsQueryOptions(practiceId);
    return live.subscribe({
      conversation: { practiceId },
      after: () => queryClient.getQueryData(queryKey)?.at(-1)?.id ?? null,
      onMessages: ({ messages }) => {
        if (!messages.length) return;
        queryClient.setQueryData(queryKey, (current) => mergeComments(current, messages));
        // A message arrived: whoever was typing has sent it.
        setOtherTyping(null);
      },
      onReads: ({ reads }) => queryClient.setQueryData(commentReadsQueryOptions(practiceId).queryKey, reads),
      onTyping: ({ side }) => {
        setOtherTyping(side);
        clearTimeout(typingShown.current);
        typingShown.current = setTimeout(() => setOtherTyping(null), TYPING_SHOWN_MS);
      },
    });
  }, [practiceId, queryClient]);
  const typing = useCallback(() => {
    if (Date.now() - typedAt.current < TYPING_EVERY_MS) return;
    typedAt.current = Date.now();
    live.typing({ practiceId });
  }, [practiceId]);
  return { otherTyping, typing };
}
