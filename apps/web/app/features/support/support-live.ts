import type { SupportMessage, SupportThread } from "@argine/core/chat/support-api";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { live } from "../../shared/live/live.ts";
import { mergeMessages } from "../../shared/live/merge-messages.ts";
import { useTyping } from "../../shared/live/use-typing.ts";
import { inboxQueryOptions, setThreadReads } from "./support-queries.ts";

// The support chat's screens kept live by the tab's socket (ADR 030): a thread (the person's window, staff's
// inbox), and the inbox's list. What the socket brings goes into the cache support-queries.ts fills.

/**
 * The thread cached under `queryKey` kept live while a screen shows it: new lines and read marks join the
 * cache, a reconnection asks for what came after its last line; the other side's typing, and `typing()`.
 */
export function useLiveSupportThread(queryKey: readonly unknown[], threadId: string | null) {
  const queryClient = useQueryClient();
  const { otherTyping, heard, stopped, typing } = useTyping(threadId ? { supportThreadId: threadId } : null);
  // The key's identity changes each render; its value is what matters.
  const key = useRef(queryKey);
  key.current = queryKey;
  const keyValue = JSON.stringify(queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's value is the trigger, read through the ref
  useEffect(() => {
    if (!threadId) return;
    const cached = () => queryClient.getQueryData<SupportThread>(key.current);
    return live.subscribe({
      conversation: { supportThreadId: threadId },
      after: () => cached()?.messages.at(-1)?.id ?? null,
      onSupportMessages: ({ messages }) => {
        if (!messages.length) return;
        queryClient.setQueryData<SupportThread>(key.current, (thread) =>
          thread ? { ...thread, messages: mergeMessages<SupportMessage>(thread.messages, messages) } : thread,
        );
        // A line arrived: whoever was typing has sent it.
        stopped();
      },
      onReads: ({ reads }) => setThreadReads(queryClient, key.current, reads),
      onTyping: ({ side }) => heard(side),
    });
  }, [threadId, keyValue, queryClient, heard, stopped]);
  return { otherTyping, typing };
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
