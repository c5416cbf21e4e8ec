import { CONVERSATION_MESSAGES } from "@argine/core/conversations/conversation-messages";
import type { FastifyInstance } from "fastify";
import { accountAndAddress, writeLimits } from "../rate-limits/write-limits.ts";

/**
 * Writes in a conversation, per account and per address (F2 of issue 36: 300 comments in 4 s): a person
 * writing, correcting and reading never meets them; a script does.
 */
export const CONVERSATION_LIMITS = {
  message: { perAccount: 20, perAddress: 60, windowMs: 60_000 },
  edit: { perAccount: 20, perAddress: 60, windowMs: 60_000 },
  read: { perAccount: 120, perAddress: 300, windowMs: 60_000 },
} as const;

/** The hook limiting one kind of conversation write, per account and per address. */
export function conversationLimit(app: FastifyInstance, name: keyof typeof CONVERSATION_LIMITS) {
  return writeLimits(
    app,
    `conversation-${name}`,
    accountAndAddress(CONVERSATION_LIMITS[name]),
    CONVERSATION_MESSAGES.tooFast,
  );
}
