import type { Comment } from "@argine/core/conversations/message-schemas";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { live } from "../../shared/live/live.ts";
import { useLiveConversation } from "../../shared/live/use-live-conversation.ts";
import { commentReadsQueryOptions, commentsQueryOptions, refreshUnreadCounts } from "./practice-queries.ts";

// The practices' screens kept live by the tab's socket (ADR 030): the conversation, and the lists' unread
// counts. What the socket brings goes into the same cache the calls of practice-queries.ts fill.

/**
 * The lists on screen follow the conversations live (ADR 030): a message written or read in one the reader
 * may see reads the unread counts again (an unaudited call), never the lists, so the audit log records
 * people reading, not machines refreshing.
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

/** The practice's conversation kept live while the screen shows it (shared/live/use-live-conversation.ts). */
export function useLiveComments(practiceId: string) {
  const queryClient = useQueryClient();
  return useLiveConversation<Comment[], Comment>({
    conversation: { practiceId },
    queryKey: commentsQueryOptions(practiceId).queryKey,
    messagesOf: (comments) => comments,
    withMessages: (_, comments) => comments,
    onReads: (reads) => queryClient.setQueryData(commentReadsQueryOptions(practiceId).queryKey, reads),
  });
}
