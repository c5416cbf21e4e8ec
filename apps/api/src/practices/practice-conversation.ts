import type { PracticeRef } from "@argine/core/conversations/live-api";
import { AppError } from "@argine/core/errors/app-error";
import { practicesPolicy } from "@argine/core/practices/policy";
import { findCommentWithAuthor } from "@argine/db/queries/comments";
import { findPractice } from "@argine/db/queries/practices";
import type { Conversation } from "../conversations/conversation.ts";
import { practiceComments, seenBy, subscribedReads } from "./practice-comments-service.ts";

// A practice's conversation as one kind of conversation (conversations/conversation.ts): its messages are
// the comments, its readers the practice's owner and staff (core's practicesPolicy "read").

export const practiceConversation: Conversation<PracticeRef> = {
  async readAfter(deps, { actor }, { practiceId }, after) {
    // A visitor has no case: a practice's conversation does not exist for them.
    if (!actor) throw new AppError("NOT_FOUND");
    return practiceComments(deps, actor, practiceId, after);
  },

  async load(deps, { practiceId }, messageId) {
    // One read either way: the comment with its practice's owner, or (a read mark) the practice alone.
    const row = messageId ? await findCommentWithAuthor(deps.db, messageId) : undefined;
    const practice = row
      ? row.comment.practiceId === practiceId && row
      : !messageId && (await findPractice(deps.db, practiceId));
    if (!practice) return null;
    return {
      seenBy: ({ actor }) => (row && actor ? seenBy(actor, practice)(row) : null),
      readableBy: ({ actor }) => actor !== null && practicesPolicy(actor, "read", practice),
    };
  },

  reads: async (deps, { actor }, { practiceId }) => (actor ? subscribedReads(deps, actor, practiceId) : null),
};
