import {
  type ClientFrame,
  ClientFrameSchema,
  type ConversationMessage,
  type ConversationRef,
  type ServerFrame,
} from "@argine/core/conversations/live-api";
import {
  conversationKey,
  conversationKind,
  LIVE_CLOSE,
  TYPING_EVERY_MS,
} from "@argine/core/conversations/live-protocol";
import { practicesPolicy } from "@argine/core/practices/policy";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { toAppError } from "../http/errors.ts";
import type { Caller, Conversations } from "./conversation.ts";
import type { Deliveries, Delivery } from "./delivery.ts";
import type { SessionWatch } from "./session-watch.ts";

// One live socket (ADR 030): its caller was named before the upgrade (a signed-in actor, or a visitor by their
// support thread's token); each frame is checked by core's schema, each subscription by the conversation's own
// kind as HTTP reads it (so a staff subscription is audited as a read), and the process's deliveries become
// the messages the caller may see. The socket knows no kind of conversation: only conversation.ts.

/** A caller's frames: at most this many in the window, as a person typing fast would never reach. */
const FRAME_LIMIT = { max: 30, windowMs: 10_000 };

/** The longest a timer may wait (setTimeout's 32-bit limit); a token living longer is checked again then. */
const MAX_TIMER_MS = 2_147_483_647;

/** A visitor's socket that sends nothing for this long is closed (LIVE_CLOSE.idle): a forgotten tab holds none. */
export const VISITOR_IDLE_MS = 30 * 60_000;

/** The session a signed-in socket belongs to (its token's grant), and the process's watch over sessions. */
export interface LiveSession {
  grantId: string | null;
  watch: SessionWatch;
}

/** What the process shares among its sockets: the kinds of conversation, and the signals with their loads. */
export interface LiveProcess {
  conversations: Conversations;
  deliveries: Deliveries;
}

export function openLive(
  deps: Deps,
  { conversations, deliveries }: LiveProcess,
  caller: Caller,
  tokenExpiresAt: Date | null,
  session: LiveSession,
  socket: WebSocket,
  log: FastifyBaseLogger,
): void {
  const { actor } = caller;
  const kindOf = (conversation: ConversationRef) => conversations[conversationKind(conversation)];
  /**
   * The subscribed conversations by key, each with the last message this socket has sent of it (its id, and
   * its `seq` once known), and whether its first read (the authorization) has succeeded: until then nothing
   * of it reaches the socket, not even the other side's typing.
   */
  const subscribed = new Map<
    string,
    { conversation: ConversationRef; after: string | null; seq: number | null; allowed: boolean }
  >();
  const allowedIn = (key: string) => subscribed.get(key)?.allowed === true;
  /** Whether a list on the tab wants to know of activity in every conversation the caller may read. */
  let watching = false;
  /** Which side of every conversation this caller writes from, and when it last said it was typing. */
  const side = actor && practicesPolicy(actor, "work-cases") ? "staff" : "client";
  const typedAt = new Map<string, number>();
  const frames: number[] = [];

  const send = (frame: ServerFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };

  /** Messages of a subscribed conversation, in `seq` order; the entry's cursor moves to the furthest. */
  const deliver = (conversation: ConversationRef, messages: ConversationMessage[]) => {
    const entry = subscribed.get(conversationKey(conversation));
    if (!entry?.allowed) return;
    for (const message of messages)
      if (entry.seq === null || message.seq > entry.seq) {
        entry.after = message.id;
        entry.seq = message.seq;
      }
    send({ type: "messages", conversation, messages });
  };

  const refuse = (error: unknown, about: { conversation?: ConversationRef } = {}) => {
    const appError = toAppError(error);
    if (appError.status >= 500) log.error({ err: error }, "live frame failed");
    send({ type: "error", code: appError.code, message: appError.message, ...about });
  };

  /** What the conversation has after `after`; sent even when there is nothing, as the acknowledgement. */
  const catchUp = async (conversation: ConversationRef, after: string | null) => {
    deliver(conversation, await kindOf(conversation).readAfter(deps, caller, conversation, after));
    await sendReads(conversation);
  };

  const handle = async (frame: ClientFrame) => {
    switch (frame.type) {
      case "subscribe": {
        const { conversation } = frame;
        const key = conversationKey(conversation);
        // A (re-)subscription checks the session as an HTTP call does: an ended one reads nothing more.
        if (session.grantId && !(await session.watch.stands(session.grantId))) {
          socket.close(LIVE_CLOSE.sessionEnded, "session ended");
          return;
        }
        try {
          subscribed.set(key, { conversation, after: frame.after, seq: null, allowed: false });
          const first = await kindOf(conversation).readAfter(deps, caller, conversation, frame.after);
          const entry = subscribed.get(key);
          if (entry) entry.allowed = true;
          deliver(conversation, first);
          await sendReads(conversation);
        } catch (error) {
          subscribed.delete(key);
          refuse(error, { conversation });
        }
        return;
      }
      case "unsubscribe":
        subscribed.delete(conversationKey(frame.conversation));
        return;
      case "typing": {
        const { conversation } = frame;
        const key = conversationKey(conversation);
        // Only in a conversation this socket was allowed into, and at most once in TYPING_EVERY_MS.
        const at = now(deps.clock).getTime();
        if (!allowedIn(key) || at - (typedAt.get(key) ?? 0) < TYPING_EVERY_MS) return;
        typedAt.set(key, at);
        await deps.fanOut.publish({ conversation, kind: "typing", ref: side });
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
    keepAwake();
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

  /** How far each side has read the conversation, as this caller sees it. */
  const sendReads = async (conversation: ConversationRef) => {
    const reads = await kindOf(conversation).reads(deps, caller, conversation);
    if (reads && allowedIn(conversationKey(conversation))) send({ type: "reads", conversation, reads });
  };

  /**
   * A message signalled in a subscribed conversation: sent as the caller sees it, unless it is not the next
   * after the socket's cursor (a signal missed, or two arriving out of order from two processes): then the
   * conversation is read from the cursor, so nothing is skipped.
   */
  const onMessage = async (key: string, delivery: Delivery) => {
    const message = (await delivery.load())?.seenBy(caller);
    const entry = subscribed.get(key);
    if (!message || !entry?.allowed) return;
    if (entry.seq !== null && message.seq > entry.seq + 1) await catchUp(entry.conversation, entry.after);
    else deliver(entry.conversation, [message]);
  };

  // A signal names a message or a reader; the socket reads what it names only for a conversation it was
  // authorized to subscribe to, through the delivery that loads it once for the whole process.
  const onSignal = (delivery: Delivery) => {
    const { signal } = delivery;
    const { conversation } = signal;
    const key = conversationKey(conversation);
    if (signal.kind === "typing") {
      // The other side's typing, in a conversation this socket follows: its own side never sees itself.
      const typing = signal.ref === "client" || signal.ref === "staff" ? signal.ref : null;
      if (typing && typing !== side && allowedIn(key)) send({ type: "typing", conversation, side: typing });
      return;
    }
    if (watching)
      queue = queue
        .then(async () => {
          if ((await delivery.load())?.readableBy(caller)) send({ type: "activity", conversation });
        })
        .catch((error) => refuse(error));
    if (!subscribed.has(key)) return;
    queue = queue
      .then(() => (signal.kind === "read" ? sendReads(conversation) : onMessage(key, delivery)))
      .catch((error) => refuse(error, { conversation }));
  };
  // Signals may have been missed: each subscription reads what came after its last message.
  const onGap = () => {
    if (watching) send({ type: "activity" });
    for (const [key, { conversation }] of subscribed)
      queue = queue
        .then(async () => {
          // Read when its turn comes: a delivery queued before it may have moved the last message on.
          const entry = subscribed.get(key);
          if (entry) await catchUp(entry.conversation, entry.after);
        })
        .catch((error) => refuse(error, { conversation }));
  };
  const stopSignals = deliveries.subscribe(onSignal);
  const stopGaps = deps.fanOut.onGap(onGap);

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

  // The session's end closes the socket within a second (session-watch.ts).
  const stopSession = session.grantId
    ? session.watch.watch(session.grantId, () => socket.close(LIVE_CLOSE.sessionEnded, "session ended"))
    : () => {};

  // A visitor has no token expiry to end the socket: silence does, after VISITOR_IDLE_MS.
  let idle: NodeJS.Timeout | null = null;
  function keepAwake() {
    if (actor) return;
    if (idle) clearTimeout(idle);
    idle = setTimeout(() => socket.close(LIVE_CLOSE.idle, "idle"), VISITOR_IDLE_MS);
  }
  keepAwake();

  socket.on("close", () => {
    stopSignals();
    stopGaps();
    stopSession();
    if (expiry) clearTimeout(expiry);
    if (idle) clearTimeout(idle);
  });
}
