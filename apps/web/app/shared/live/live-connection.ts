import type { ConversationRef, ServerFrame, ServerFrameSchema } from "@argine/core/conversations/live-api";
import {
  BEARER_PROTOCOL_PREFIX,
  conversationKey,
  LIVE_CLOSE,
  LIVE_PATH,
  LIVE_PROTOCOL,
  SUPPORT_PROTOCOL_PREFIX,
} from "@argine/core/conversations/live-protocol";
import { API_PREFIX } from "@argine/core/shared/api-contract";

// The tab's one live socket (ADR 030), opened while something listens and closed when nothing does. A drop
// (a phone asleep, a server restart, the token's expiry) is followed by a new socket with a fresh token,
// and each subscription asks again for what came after the last message it has: nothing is lost.

type Frame<T extends ServerFrame["type"]> = Extract<ServerFrame, { type: T }>;

export interface LiveSubscription {
  conversation: ConversationRef;
  /** The last message the screen has, asked for at every (re)subscription: what follows is caught up. */
  after(): string | null;
  /** The conversation's messages (a practice's comments, a support thread's lines). */
  onMessages?(frame: Frame<"messages">): void;
  /** How far each side has read, when one of them reads further. */
  onReads?(frame: Frame<"reads">): void;
  /** The other side is typing. */
  onTyping?(frame: Frame<"typing">): void;
  onError?(frame: Frame<"error">): void;
}

export interface LiveConnectionOptions {
  /** The API's origin ("" for the page's own). */
  baseUrl: string;
  /**
   * The subprotocol naming the caller (`bearer.<jwt>`, or a visitor's `support.<token>`), or null for nobody
   * (then nothing opens).
   */
  credential(): Promise<string | null>;
  /** For tests; the browser's WebSocket otherwise. */
  WebSocket?: typeof WebSocket;
  /** How long to wait before reconnecting, by the number of failed attempts in a row. */
  backoffMs?(attempt: number): number;
}

const DEFAULT_BACKOFF = (attempt: number) => Math.min(500 * 2 ** attempt, 15_000);

let frameCheck: Promise<typeof ServerFrameSchema> | undefined;

/**
 * The server frames' schema, loaded with the first socket rather than with the screens that list
 * conversations (issue 41: their first screen then evaluates no validation library). A frame can only come
 * once a socket is open; a failed load is tried again with the next socket.
 */
function serverFrameSchema(): Promise<typeof ServerFrameSchema> {
  frameCheck ??= import("@argine/core/conversations/live-api").then(
    (module) => module.ServerFrameSchema,
    (error: unknown) => {
      frameCheck = undefined;
      throw error;
    },
  );
  return frameCheck;
}

export function liveUrl(baseUrl: string, location: { protocol: string; host: string }): string {
  const origin = baseUrl || `${location.protocol}//${location.host}`;
  return `${origin.replace(/^http/, "ws")}${API_PREFIX}${LIVE_PATH}`;
}

/** Who opens the socket: the signed-in user by their access token, else a visitor by their support token. */
export async function callerCredential(
  accessToken: () => Promise<string | null>,
  supportToken: () => string | null,
): Promise<string | null> {
  const bearer = await accessToken();
  if (bearer) return `${BEARER_PROTOCOL_PREFIX}${bearer}`;
  const visitor = supportToken();
  return visitor ? `${SUPPORT_PROTOCOL_PREFIX}${visitor}` : null;
}

export function createLiveConnection(options: LiveConnectionOptions) {
  const Socket = options.WebSocket ?? globalThis.WebSocket;
  const backoff = options.backoffMs ?? DEFAULT_BACKOFF;
  const subscriptions = new Set<LiveSubscription>();
  /** The lists' listeners: a conversation that moved, or undefined when anything may have. */
  const watchers = new Set<(conversation: ConversationRef | undefined) => void>();
  const wanted = () => subscriptions.size + watchers.size > 0;
  /** Whether a socket has opened before: a reopening may have missed activity. */
  let openedBefore = false;
  let socket: WebSocket | null = null;
  let opening = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const sendFrame = (frame: unknown) => {
    if (socket?.readyState === Socket.OPEN) socket.send(JSON.stringify(frame));
  };
  const subscribeFrame = (subscription: LiveSubscription) =>
    sendFrame({ type: "subscribe", conversation: subscription.conversation, after: subscription.after() });
  const concerns = (subscription: LiveSubscription, conversation: ConversationRef | undefined) =>
    conversation !== undefined &&
    conversationKey(conversation) === conversationKey(subscription.conversation);

  const dispatch = (frame: ServerFrame) => {
    if (frame.type === "activity") {
      for (const watcher of watchers) watcher(frame.conversation);
      return;
    }
    for (const subscription of subscriptions) {
      if (!concerns(subscription, frame.conversation)) continue;
      if (frame.type === "messages") subscription.onMessages?.(frame);
      else if (frame.type === "reads") subscription.onReads?.(frame);
      else if (frame.type === "typing") subscription.onTyping?.(frame);
      else subscription.onError?.(frame);
    }
  };

  const schedule = (wait: number) => {
    if (retry || !wanted()) return;
    retry = setTimeout(() => {
      retry = null;
      void open();
    }, wait);
  };

  /** Set by end(): the tab is leaving (the quick exit), nothing opens again. */
  let ended = false;

  const open = async () => {
    if (ended || socket || opening || !wanted()) return;
    opening = true;
    let credential: string | null = null;
    let frames: typeof ServerFrameSchema | null = null;
    try {
      [credential, frames] = await Promise.all([options.credential(), serverFrameSchema()]);
    } catch {
      credential = null;
    }
    opening = false;
    // Nobody to name (or no frame check, offline): nothing to open; a later subscription (after sign-in, or a
    // visitor's first line) or the tab coming back online tries again.
    if (!credential || !frames || socket || !wanted()) return;
    const check = frames;
    const url = liveUrl(options.baseUrl, globalThis.location);
    const next = new Socket(url, [LIVE_PROTOCOL, credential]);
    socket = next;
    next.addEventListener("open", () => {
      attempt = 0;
      for (const subscription of subscriptions) subscribeFrame(subscription);
      if (watchers.size) sendFrame({ type: "watch" });
      // What moved while there was no socket is not known: the lists read again.
      if (openedBefore) for (const watcher of watchers) watcher(undefined);
      openedBefore = true;
    });
    next.addEventListener("message", (event) => {
      const parsed = check.safeParse(safeJson(String(event.data)));
      if (parsed.success) dispatch(parsed.data);
    });
    next.addEventListener("close", (event) => {
      if (socket !== next) return;
      socket = null;
      // An expired token is renewed at once; anything else waits a little longer after each failure.
      const wait = event.code === LIVE_CLOSE.tokenExpired ? 0 : backoff(attempt);
      attempt += 1;
      schedule(wait);
    });
  };

  const closeIfUnwanted = () => {
    if (wanted()) return;
    if (retry) clearTimeout(retry);
    retry = null;
    const last = socket;
    socket = null;
    last?.close(1000);
  };

  // Back online, or back to the tab: try now rather than at the end of the backoff.
  const reconnectNow = () => {
    if (socket || !wanted()) return;
    if (retry) clearTimeout(retry);
    retry = null;
    void open();
  };
  globalThis.addEventListener?.("online", reconnectNow);

  return {
    /** Live messages of a conversation until the function returned is called. */
    subscribe(subscription: LiveSubscription): () => void {
      subscriptions.add(subscription);
      if (socket) subscribeFrame(subscription);
      else void open();
      return () => {
        subscriptions.delete(subscription);
        const stillWatched = [...subscriptions].some((other) => concerns(other, subscription.conversation));
        if (!stillWatched) sendFrame({ type: "unsubscribe", conversation: subscription.conversation });
        closeIfUnwanted();
      };
    },
    /** Activity in every conversation the caller may read (a list's unread counts), until the function returned is called. */
    watch(listener: (conversation: ConversationRef | undefined) => void): () => void {
      const first = !watchers.size;
      watchers.add(listener);
      if (socket && first) sendFrame({ type: "watch" });
      else if (!socket) void open();
      return () => {
        watchers.delete(listener);
        if (!watchers.size) sendFrame({ type: "unwatch" });
        closeIfUnwanted();
      };
    },
    reconnectNow,
    /** Closes the socket for good: the quick exit leaves nothing open behind it. */
    end() {
      ended = true;
      subscriptions.clear();
      watchers.clear();
      closeIfUnwanted();
    },
    /** Says the user is typing in a subscribed conversation (the server passes it on at most every few seconds). */
    typing(conversation: ConversationRef) {
      sendFrame({ type: "typing", conversation });
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;
