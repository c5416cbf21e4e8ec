import type { FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import type { Clock } from "../clock.ts";

// What becomes of an error on an open live socket (@fastify/websocket's errorHandler, registered in app.ts).
// The plugin's own handler writes each at error level. Most are a client's frame that ws refuses: longer than
// LIVE_FRAME_MAX_BYTES, a bad opcode, bad UTF-8. Anyone can send those, one line each, at the level that
// wakes an operator. So a refused frame is a warning, at most one line per REFUSED_FRAME_LOG_EVERY_MS for
// the whole process, and that line counts the ones left out since the last. An error of our own socket
// handler stays an error, each one.

/** At most one line per this interval about clients' refused frames, whoever sends them. */
export const REFUSED_FRAME_LOG_EVERY_MS = 60_000;

/** ws gives each refusal of what a client sent a code of its own, `WS_ERR_…` (too long, bad UTF-8…). */
const refusedFrame = (error: Error): error is Error & { code: string } => {
  const { code } = error as { code?: unknown };
  return typeof code === "string" && code.startsWith("WS_ERR_");
};

/** The handler of one app: the interval is counted per process, not per socket or address. */
export function liveSocketErrors(clock: Clock) {
  let quietUntil = 0;
  let leftOut = 0;
  return (error: Error, socket: WebSocket, request: FastifyRequest): void => {
    // As the plugin's own handler: the socket is done.
    socket.terminate();
    if (!refusedFrame(error)) {
      request.log.error({ err: error }, "live socket failed");
      return;
    }
    const at = clock.now();
    if (at < quietUntil) {
      leftOut++;
      return;
    }
    quietUntil = at + REFUSED_FRAME_LOG_EVERY_MS;
    request.log.warn(
      { code: error.code, reason: error.message, address: request.ip, leftOut },
      "a live socket sent a frame the protocol refuses: closed (at most one such line a minute; leftOut counts the ones since the last)",
    );
    leftOut = 0;
  };
}
