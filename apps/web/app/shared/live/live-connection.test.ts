import type { ServerFrame } from "@argine/core/conversations/live-api";
import { conversationKey, LIVE_CLOSE, LIVE_PROTOCOL } from "@argine/core/conversations/live-protocol";
import { describe, expect, it, vi } from "vitest";
import { callerCredential, createLiveConnection, liveUrl } from "./live-connection.ts";

const PRACTICE = "7d1f6f0e-2c1a-4a8e-9a57-0d4b1f3c2e11";
const conversation = { practiceId: PRACTICE };
/** A comment whose id ends in `n` (ids are uuids, as the schema wants). */
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const comment = (n: number) => ({
  id: id(n),
  practiceId: PRACTICE,
  seq: n,
  comment: `Messaggio ${n}`,
  authorId: null,
  author: "Avv. Marco Rinaldi",
  createdAt: "2026-11-27T10:00:00.000Z",
  updatedAt: "2026-11-27T10:00:00.000Z",
});

/** A WebSocket the test drives: it records what the tab sends, and opens, answers and closes on demand. */
class FakeSocket extends EventTarget {
  static readonly OPEN = 1;
  static made: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  readonly url: string;
  readonly protocols: string[];
  constructor(url: string, protocols: string[]) {
    super();
    this.url = url;
    this.protocols = protocols;
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event("open"));
  }
  answer(frame: ServerFrame) {
    this.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(frame) }));
  }
  drop(code: number) {
    this.readyState = 3;
    this.dispatchEvent(new CloseEvent("close", { code }));
  }
}

function setUp(tokens: string[]) {
  FakeSocket.made = [];
  const accessToken = vi.fn(async () => tokens.shift() ?? null);
  const connection = createLiveConnection({
    baseUrl: "https://argine.test",
    credential: () => callerCredential(accessToken, () => null),
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    backoffMs: () => 0,
  });
  const socket = async (index: number) => {
    await vi.waitFor(() => expect(FakeSocket.made[index]).toBeDefined());
    return FakeSocket.made[index] as FakeSocket;
  };
  return { connection, accessToken, socket };
}

describe("the live connection", () => {
  it("opens with the token as a subprotocol, subscribes, and hands over the conversation's messages", async () => {
    const { connection, socket } = setUp(["token-1"]);
    const got: string[][] = [];
    connection.subscribe({
      conversation,
      after: () => null,
      onMessages: ({ messages }) => got.push(messages.map((m) => m.id)),
    });
    const first = await socket(0);
    expect(first.url).toBe("wss://argine.test/v1/live");
    expect(first.protocols).toEqual([LIVE_PROTOCOL, "bearer.token-1"]);
    first.open();
    expect(first.sent).toEqual([{ type: "subscribe", conversation, after: null }]);
    first.answer({ type: "messages", conversation, messages: [comment(1)] });
    first.answer({ type: "messages", conversation: { practiceId: id(99) }, messages: [comment(2)] });
    expect(got).toEqual([[id(1)]]);
  });

  it("after a drop opens again with a fresh token and asks for what came after the last message", async () => {
    const { connection, socket, accessToken } = setUp(["token-1", "token-2"]);
    let last: string | null = null;
    connection.subscribe({
      conversation,
      after: () => last,
      onMessages: ({ messages }) => {
        last = messages.at(-1)?.id ?? last;
      },
    });
    const first = await socket(0);
    first.open();
    first.answer({ type: "messages", conversation, messages: [comment(1), comment(2)] });
    first.drop(LIVE_CLOSE.tokenExpired);
    const second = await socket(1);
    expect(accessToken).toHaveBeenCalledTimes(2);
    expect(second.protocols).toEqual([LIVE_PROTOCOL, "bearer.token-2"]);
    second.open();
    expect(second.sent).toEqual([{ type: "subscribe", conversation, after: id(2) }]);
  });

  it("opens nothing when signed out, and closes the socket when nothing listens any more", async () => {
    const signedOut = setUp([]);
    const stop = signedOut.connection.subscribe({ conversation, after: () => null, onMessages: () => {} });
    await vi.waitFor(() => expect(signedOut.accessToken).toHaveBeenCalled());
    expect(FakeSocket.made).toEqual([]);
    stop();

    const { connection, socket } = setUp(["token-1"]);
    const stopIt = connection.subscribe({ conversation, after: () => null, onMessages: () => {} });
    const open = await socket(0);
    open.open();
    stopIt();
    expect(open.sent.at(-1)).toEqual({ type: "unsubscribe", conversation });
    expect(open.closedWith).toBe(1000);
  });

  it("tells a list of activity, and after a reconnection that anything may have moved", async () => {
    const { connection, socket } = setUp(["token-1", "token-2"]);
    const heard: (string | undefined)[] = [];
    const stop = connection.watch((moved) => heard.push(moved && conversationKey(moved)));
    const first = await socket(0);
    first.open();
    expect(first.sent).toEqual([{ type: "watch" }]);
    first.answer({ type: "activity", conversation });
    first.drop(1006);
    const second = await socket(1);
    second.open();
    expect(second.sent).toEqual([{ type: "watch" }]);
    expect(heard).toEqual([`practice:${PRACTICE}`, undefined]);
    stop();
    expect(second.sent.at(-1)).toEqual({ type: "unwatch" });
    expect(second.closedWith).toBe(1000);
  });

  it("is reached at the page's own origin when the API has no origin of its own", () => {
    expect(liveUrl("", { protocol: "http:", host: "localhost:3000" })).toBe("ws://localhost:3000/v1/live");
    expect(liveUrl("", { protocol: "https:", host: "argine.example" })).toBe("wss://argine.example/v1/live");
  });

  it("names a signed-in user by their bearer, else a visitor by their support token, else nobody", async () => {
    const none = async () => null;
    expect(
      await callerCredential(
        async () => "jwt",
        () => "visitor",
      ),
    ).toBe("bearer.jwt");
    expect(await callerCredential(none, () => "visitor")).toBe("support.visitor");
    expect(await callerCredential(none, () => null)).toBeNull();
  });

  it("closes for good when the tab ends it (the quick exit), and opens nothing again", async () => {
    const { connection, socket } = setUp(["token-1", "token-2"]);
    connection.subscribe({ conversation, after: () => null, onMessages: () => {} });
    const first = await socket(0);
    first.open();
    connection.end();
    expect(first.closedWith).toBe(1000);
    connection.subscribe({ conversation, after: () => null, onMessages: () => {} });
    connection.reconnectNow();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(FakeSocket.made).toHaveLength(1);
  });
});
