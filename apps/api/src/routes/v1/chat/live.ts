import { LIVE_PATH } from "@argine/core/chat/live-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { openLive } from "../../../chat/live.ts";
import { requireActor } from "../../../identity/authenticate.ts";

/**
 * The live socket (ADR 030): the caller is named before the upgrade (identity/authenticate.ts reads the
 * `bearer.<jwt>` subprotocol), so an anonymous or refused caller gets the HTTP answer and no socket. A plain
 * GET without the upgrade is answered 404 by @fastify/websocket.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    LIVE_PATH,
    {
      websocket: true,
      schema: {
        tags: ["chat"],
        summary:
          "La connessione in tempo reale (WebSocket): i messaggi delle conversazioni, con il token come sottoprotocollo bearer.<jwt>",
      },
      // Opening sockets is bounded per caller like any costly call: a reconnection loop cannot flood.
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    (socket, request) => openLive(deps, requireActor(request), request.tokenExpiresAt, socket, request.log),
  );
};
