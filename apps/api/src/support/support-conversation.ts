import type { SupportRef } from "@argine/core/conversations/live-api";
import { AppError } from "@argine/core/errors/app-error";
import { supportPolicy } from "@argine/core/support/policy";
import {
  findSupportMessage,
  findThread,
  findThreadByUser,
  listSupportMessages,
} from "@argine/db/queries/support";
import type { Caller, Conversation } from "../conversations/conversation.ts";
import { readsOf, staffOwnThread, toSupportMessage } from "./support-service.ts";

// A support thread as one kind of conversation (conversations/conversation.ts): its messages are the lines,
// its readers the person (the token's visitor, the account's client) and staff (core's supportPolicy).

const isStaff = ({ actor }: Caller) => supportPolicy(actor, "work-inbox");

export const supportConversation: Conversation<SupportRef> = {
  async readAfter(deps, caller, { supportThreadId }, after) {
    const { actor } = caller;
    // Staff's read is audited as the HTTP one is; anyone but the thread's person is told it does not exist.
    if (actor && isStaff(caller)) await staffOwnThread(deps, actor, supportThreadId);
    else {
      const own = actor ? (await findThreadByUser(deps.db, actor.userId))?.id : caller.visitorThreadId;
      if (own !== supportThreadId) throw new AppError("NOT_FOUND");
    }
    return (await listSupportMessages(deps.db, supportThreadId, after)).map(toSupportMessage);
  },

  async load(deps, { supportThreadId }, messageId) {
    // A line is the same for everyone who may read it; a read mark needs no read at all.
    const row = messageId ? await findSupportMessage(deps.db, supportThreadId, messageId) : undefined;
    if (messageId && !row) return null;
    const message = row ? toSupportMessage(row) : null;
    return { seenBy: () => message, readableBy: isStaff };
  },

  async reads(deps, caller, { supportThreadId }) {
    const thread = await findThread(deps.db, supportThreadId);
    return thread ? readsOf(thread, isStaff(caller) ? "staff" : "person") : null;
  },
};
