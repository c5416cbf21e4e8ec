import {
  type ClientFrame,
  ClientFrameSchema,
  type ConversationRef,
  LIVE_CLOSE,
  type ServerFrame,
  TYPING_EVERY_MS,
} from "@argine/core/chat/live-api";
import type { Actor } from "@argine/core/identity/policy";
import { practicesPolicy } from "@argine/core/practices/policy";
import type { Comment } from "@argine/core/practices/practices-api";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import type { ChatSignal } from "../fan-out/fan-out.ts";
import { toAppError } from "../http/errors.ts";
import { mayRead } from "../practices/practice-access.ts";
import {
  practiceComments,
  subscribedComment,
  subscribedReads,
} from "../practices/practice-comments-service.ts";

// One live socket (ADR 030): its caller was named before the upgrade; each frame is checked by core's schema,
// each subscription by the practice's policy (through the same use cases as HTTP, so a staff subscription is
// audited as a practice read), and the fan-out's signals become the messages the caller may see.

/** A caller's frames: at most this many in the window, as a person typing fast would never reach. */
const FRAME_LIMIT = { max: 30, windowMs: 10_000 };

/** The longest a timer may wait (setTimeout's 32-bit limit); a token living longer is checked again then. */
const MAX_TIMER_MS = 2_147_483_647;

export function openLive(
  deps: Deps,
  actor: Actor,
  tokenExpiresAt: Date | null,
  socket: WebSocket,
  log: FastifyBaseLogger,
): void {
  /** The subscribed practices, each with the last message this socket has sent of it. */
  const subscribed = new Map<string, string | null>();
  /** Whether a list on the tab wants to know of activity in every conversation the caller may read. */
  let watching = false;
  /** Which side of every conversation this caller writes from, and when it last said it was typing. */
  const side = practicesPolicy(actor, "work-cases") ? "staff" : "client";
  const typedAt = new Map<string, number>();
  const frames: number[] = [];

  const send = (frame: ServerFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };

  const deliver = (conversation: ConversationRef, messages: Comment[]) => {
    const last = messages.at(-1);
    if (!subscribed.has(conversation.practiceId)) return;
    if (last) subscribed.set(conversation.practiceId, last.id);
    send({ type: "messages", conversation, messages });
  };

  const refuse = (error: unknown, about: { conversation?: ConversationRef } = {}) => {
    const appError = toAppError(error);
    if (appError.status >= 500) log.error({ err: error }, "live frame failed");
    send({ type: "error", code: appError.code, message: appError.message, ...about });
  };

  /**
   * What the conversation has after `after`, read as the HTTP call reads it (authorized, audited); sent even
   * when there is nothing, as the subscription's acknowledgement.
   */
  const catchUp = async (conversation: ConversationRef, after: string | null) => {
    const messages = await practiceComments(deps, actor, conversation.practiceId, after);
    deliver(conversation, messages);
  };

  const handle = async (frame: ClientFrame) => {
    switch (frame.type) {
      case "subscribe": {
        const { conversation } = frame;
        try {
          subscribed.set(conversation.practiceId, frame.after);
          await catchUp(conversation, frame.after);
          await sendReads(conversation);
        } catch (error) {
          subscribed.delete(conversation.practiceId);
          refuse(error, { conversation });
        }
        return;
      }
      case "unsubscribe":
        subscribed.delete(frame.conversation.practiceId);
        return;
      case "typing": {
        const { practiceId } = frame.conversation;
        // Only in a conversation this socket was allowed into, and at most once in TYPING_EVERY_MS.
        const at = now(deps.clock).getTime();
        if (!subscribed.has(practiceId) || at - (typedAt.get(practiceId) ?? 0) < TYPING_EVERY_MS) return;
        typedAt.set(practiceId, at);
        await deps.chat.publish({ conversationId: practiceId, kind: "typing", ref: side });
        return;
      }
      case "watch":
      case "unwatch":
        watching = frame.type === "watch";
        return;
    }
  };

  // One frame at a time, in the order sent: an unsubscription never overtakes the subscription before it.
  let queue = Promise.resolve();
  socket.on("message", (data, isBinary) => {
    const at = now(deps.clock).getTime();
    while (frames.length && (frames[0] ?? 0) <= at - FRAME_LIMIT.windowMs) frames.shift();
    frames.push(at);
    if (frames.length > FRAME_LIMIT.max) {
      socket.close(LIVE_CLOSE.badFrame, "too many frames");
      return;
    }
    let frame: ClientFrame;
    try {
      if (isBinary) throw new Error("binary frame");
      frame = ClientFrameSchema.parse(JSON.parse(data.toString()));
    } catch {
      socket.close(LIVE_CLOSE.badFrame, "bad frame");
      return;
    }
    queue = queue.then(() => handle(frame)).catch((error) => refuse(error));
  });

  /** How far each side has read, as this caller sees it. */
  const sendReads = async (conversation: ConversationRef) => {
    const reads = await subscribedReads(deps, actor, conversation.practiceId);
    if (reads && subscribed.has(conversation.practiceId)) send({ type: "reads", conversation, reads });
  };

  // A signal names a message or a reader; the socket reads what it names only for a practice it was
  // authorized to subscribe to.
  const onSignal = (signal: ChatSignal) => {
    if (signal.kind === "typing") {
      // The other side's typing, in a conversation this socket follows: its own side never sees itself.
      const typing = signal.ref === "client" || signal.ref === "staff" ? signal.ref : null;
      if (typing && typing !== side && subscribed.has(signal.conversationId))
        send({ type: "typing", conversation: { practiceId: signal.conversationId }, side: typing });
      return;
    }
    const conversation = { practiceId: signal.conversationId };
    if (watching)
      queue = queue
        .then(async () => {
          if (await mayRead(deps.db, actor, signal.conversationId)) send({ type: "activity", conversation });
        })
        .catch((error) => refuse(error));
    if (!subscribed.has(signal.conversationId)) return;
    queue = queue
      .then(async () => {
        if (signal.kind === "read") return sendReads(conversation);
        const message = await subscribedComment(deps, actor, signal.conversationId, signal.ref);
        if (message) deliver(conversation, [message]);
      })
      .catch((error) => refuse(error, { conversation }));
  };
  // Signals may have been missed: each subscription reads what came after its last message.
  const onGap = () => {
    if (watching) send({ type: "activity" });
    for (const [practiceId, after] of subscribed) {
      const conversation = { practiceId };
      queue = queue
        .then(async () => {
          await catchUp(conversation, after);
          await sendReads(conversation);
        })
        .catch((error) => refuse(error, { conversation }));
    }
  };
  const stopSignals = deps.chat.subscribe(onSignal);
  const stopGaps = deps.chat.onGap(onGap);

  // The token is checked when the socket opens (before the upgrade) and again when it expires: then the
  // socket closes, and the client opens a new one with its renewed token.
  let expiry: NodeJS.Timeout | null = null;
  const watchExpiry = () => {
    if (!tokenExpiresAt) return;
    const left = tokenExpiresAt.getTime() - now(deps.clock).getTime();
    if (left <= 0) socket.close(LIVE_CLOSE.tokenExpired, "token expired");
    else expiry = setTimeout(watchExpiry, Math.min(left, MAX_TIMER_MS));
  };
  watchExpiry();

  socket.on("close", () => {
    stopSignals();
    stopGaps();
    if (expiry) clearTimeout(expiry);
  });
}
