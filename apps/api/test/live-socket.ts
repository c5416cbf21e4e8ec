import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { type ServerFrame, ServerFrameSchema } from "@argine/core/conversations/live-api";
import { BEARER_PROTOCOL_PREFIX, LIVE_PATH, LIVE_PROTOCOL } from "@argine/core/conversations/live-protocol";
import type { Comment, SupportMessage } from "@argine/core/conversations/message-schemas";
import { API_PREFIX } from "@argine/core/shared/api-contract";

// A live socket (ADR 030) as the web opens it, for the suites that check what it delivers and refuses.

/**
 * A socket of `token`'s bearer (or, with SUPPORT_PROTOCOL_PREFIX, of a visitor's support token), with every
 * frame it got and a wait for one. `address`, for a server that trusts X-Forwarded-For from loopback: the
 * client's address, so a suite opening many sockets is not one address over the upgrades' limit.
 */
export async function openSocket(
  base: string,
  token: string,
  prefix = BEARER_PROTOCOL_PREFIX,
  address?: string,
) {
  const protocols = [LIVE_PROTOCOL, `${prefix}${token}`];
  const socket = new WebSocket(
    `${base.replace(/^http/, "ws")}${API_PREFIX}${LIVE_PATH}`,
    // Node's WebSocket (undici) takes headers in an init object beside the protocols.
    address ? { protocols, headers: { "x-forwarded-for": address } } : protocols,
  );
  const frames: ServerFrame[] = [];
  const waiting = new Set<() => void>();
  socket.addEventListener("message", (event) => {
    frames.push(ServerFrameSchema.parse(JSON.parse(String(event.data))));
    for (const wake of waiting) wake();
  });
  const closed = new Promise<number>((resolve) =>
    socket.addEventListener("close", (event) => resolve(event.code)),
  );
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve());
    socket.addEventListener("error", () => reject(new Error("the socket did not open")));
  });
  const next = <F extends ServerFrame>(match: (frame: ServerFrame) => frame is F, ms = 10_000) =>
    new Promise<F>((resolve, reject) => {
      const check = () => {
        const found = frames.find(match);
        if (!found) return;
        frames.splice(frames.indexOf(found), 1);
        waiting.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames)}`));
      }, ms);
      waiting.add(check);
      check();
    });
  const send = (frame: unknown) => socket.send(JSON.stringify(frame));
  return { socket, frames, next, send, closed, protocol: () => socket.protocol };
}

type MessagesFrame = Extract<ServerFrame, { type: "messages" }>;
const refKey = (frame: MessagesFrame) =>
  "practiceId" in frame.conversation ? frame.conversation.practiceId : frame.conversation.supportThreadId;

export const messagesOf = (practiceId: string) => (frame: ServerFrame) =>
  frame.type === "messages" && refKey(frame) === practiceId;
/** A practice's messages frame: its messages are comments. */
export const isMessages = (practiceId: string) =>
  messagesOf(practiceId) as (
    frame: ServerFrame,
  ) => frame is Omit<MessagesFrame, "messages"> & { messages: Comment[] } & ServerFrame;
/** A support thread's messages frame: its messages are the thread's lines. */
export const isSupportMessages = (supportThreadId: string) =>
  messagesOf(supportThreadId) as (
    frame: ServerFrame,
  ) => frame is Omit<MessagesFrame, "messages"> & { messages: SupportMessage[] } & ServerFrame;
export const isError = ((frame: ServerFrame) => frame.type === "error") as (
  frame: ServerFrame,
) => frame is Extract<ServerFrame, { type: "error" }>;

/** The HTTP status an upgrade request gets when it is refused before the socket opens (101: not refused). */
export function upgradeStatus(
  base: string,
  protocols: string[],
  path = `${API_PREFIX}${LIVE_PATH}`,
): Promise<number> {
  return new Promise((resolve, reject) => {
    // A connection of its own each time: one a refused upgrade was answered on is closed by the server.
    const req = request(`${base}${path}`, {
      agent: false,
      headers: {
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": randomBytes(16).toString("base64"),
        "sec-websocket-protocol": protocols.join(", "),
      },
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("upgrade", (_res, socket) => {
      socket.destroy();
      resolve(101);
    });
    req.on("error", reject);
    req.end();
  });
}
