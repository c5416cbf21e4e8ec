import type { SupportMessage } from "@argine/core/conversations/message-schemas";
import type { SupportThread } from "@argine/core/support/support-api";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { live } from "../../shared/live/live.ts";
import { useLiveConversation } from "../../shared/live/use-live-conversation.ts";
import { inboxQueryOptions, setThreadReads } from "./support-queries.ts";

// The support chat's screens kept live by the tab's socket (ADR 030): a thread (the person's window, staff's
// inbox), and the inbox's list. What the socket brings goes into the cache support-queries.ts fills.

/** The thread cached under `queryKey` kept live while a screen shows it (shared/live/use-live-conversation.ts). */
export function useLiveSupportThread(queryKey: readonly unknown[], threadId: string | null) {
  const queryClient = useQueryClient();
  return useLiveConversation<SupportThread, SupportMessage>({
    conversation: threadId ? { supportThreadId: threadId } : null,
    queryKey,
    messagesOf: (thread) => thread.messages,
    withMessages: (thread, messages) => ({ ...thread, messages }),
    onReads: (reads) => setThreadReads(queryClient, queryKey, reads),
  });
}

/** The inbox's list follows every thread live: a new line, or anything after a reconnection, reads it again. */
export function useLiveInbox() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      live.watch((moved) => {
        if (!moved || "supportThreadId" in moved)
          void queryClient.invalidateQueries({ queryKey: inboxQueryOptions().queryKey });
      }),
    [queryClient],
  );
}
