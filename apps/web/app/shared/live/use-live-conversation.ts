import type { ConversationMessage, ConversationRef } from "@argine/core/conversations/live-api";
import { conversationKey } from "@argine/core/conversations/live-protocol";
import type { CommentReads } from "@argine/core/conversations/message-schemas";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { live } from "./live.ts";
import { mergeMessages } from "./merge-messages.ts";
import { useTyping } from "./use-typing.ts";

// The one hook that keeps a conversation live on a screen (ADR 030), whatever its kind: a practice's
// comments, a support thread. What the socket brings joins the cache the screen's own call filled.

export interface LiveConversation<T, M extends ConversationMessage> {
  /** The conversation shown, or null while there is none yet (a visitor before her first line). */
  conversation: ConversationRef | null;
  /** Where the screen's call cached the conversation. */
  queryKey: readonly unknown[];
  /** The messages in the cached value, in `seq` order. */
  messagesOf(cached: T): readonly M[];
  /** The cached value with these messages instead. */
  withMessages(cached: T, messages: M[]): T;
  /** How far each side has read, when one of them reads further. */
  onReads(reads: CommentReads): void;
}

/**
 * New and edited messages join the cache; a (re)subscription asks for what came after the last message the
 * cache has, so a dropped socket catches up. Also the other side's typing (shown for a few seconds), and
 * `typing()` to say the reader types.
 */
export function useLiveConversation<T, M extends ConversationMessage>(options: LiveConversation<T, M>) {
  const queryClient = useQueryClient();
  const { conversation } = options;
  const { otherTyping, heard, stopped, typing } = useTyping(conversation);
  // The options' identities change each render; the conversation and the key's value are what matter.
  const current = useRef(options);
  current.current = options;
  const key = conversation ? conversationKey(conversation) : null;
  const keyValue = JSON.stringify(options.queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the conversation's key and the query key's value are the triggers, read through the ref
  useEffect(() => {
    const { conversation } = current.current;
    if (!conversation) return;
    const cached = () => queryClient.getQueryData<T>(current.current.queryKey);
    return live.subscribe({
      conversation,
      after: () => {
        const value = cached();
        return value === undefined ? null : (current.current.messagesOf(value).at(-1)?.id ?? null);
      },
      onMessages: ({ messages }) => {
        if (!messages.length) return;
        const { messagesOf, withMessages } = current.current;
        queryClient.setQueryData<T>(current.current.queryKey, (value) =>
          value === undefined
            ? value
            : withMessages(
                value,
                mergeMessages(messagesOf(value), messages as readonly ConversationMessage[] as readonly M[]),
              ),
        );
        // A message arrived: whoever was typing has sent it.
        stopped();
      },
      onReads: ({ reads }) => current.current.onReads(reads),
      onTyping: ({ side }) => heard(side),
    });
  }, [key, keyValue, queryClient, heard, stopped]);
  return { otherTyping, typing };
}
