import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { live } from "../../shared/live/live.ts";
import { mergeMessages } from "../../shared/live/merge-messages.ts";
import { useTyping } from "../../shared/live/use-typing.ts";
import { commentReadsQueryOptions, commentsQueryOptions, refreshUnreadCounts } from "./practice-queries.ts";

// The practices' screens kept live by the tab's socket (ADR 030): the conversation, and the lists' unread
// counts. What the socket brings goes into the same cache the calls of practice-queries.ts fill.

/**
 * The lists on screen follow the conversations live (ADR 030): a message written or read in one the reader
 * may see reads the lists again, so their unread counts move without a reload.
 */
export function useLiveLists() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      live.watch((moved) => {
        // A support thread's activity is the inbox's, not the practices lists'.
        if (!moved || "practiceId" in moved) void refreshUnreadCounts(queryClient);
      }),
    [queryClient],
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
  const { otherTyping, heard, stopped, typing } = useTyping({ practiceId });
  useEffect(() => {
    const { queryKey } = commentsQueryOptions(practiceId);
    return live.subscribe({
      conversation: { practiceId },
      after: () => queryClient.getQueryData(queryKey)?.at(-1)?.id ?? null,
      onMessages: ({ messages }) => {
        if (!messages.length) return;
        queryClient.setQueryData(queryKey, (current) => mergeMessages(current, messages));
        // A message arrived: whoever was typing has sent it.
        stopped();
      },
      onReads: ({ reads }) => queryClient.setQueryData(commentReadsQueryOptions(practiceId).queryKey, reads),
      onTyping: ({ side }) => heard(side),
    });
  }, [practiceId, queryClient, heard, stopped]);
  return { otherTyping, typing };
}
