import { LIVE_PATH, SUPPORT_PROTOCOL_PREFIX } from "@argine/core/chat/live-api";
import { AppError } from "@argine/core/errors/app-error";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { openLive } from "../../../chat/live.ts";
import { visitorThreadId } from "../../../chat/support-service.ts";
import { offeredProtocol } from "../../../identity/authenticate.ts";

/**
 * The live socket (ADR 030): the caller is named before the upgrade, a signed-in one by the `bearer.<jwt>`
 * subprotocol (identity/authenticate.ts), a visitor by the `support.<token>` one of their support thread; anyone
 * else gets the HTTP answer (401) and no socket. A plain GET without the upgrade is answered 404 by
 * @fastify/websocket.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  /** The thread each visitor's upgrade was let in for. */
  const visitors = new WeakMap<FastifyRequest, string>();
  app.get(
    LIVE_PATH,
    {
      websocket: true,
      schema: {
        tags: ["chat"],
        summary:
          "La connessione in tempo reale (WebSocket): i messaggi delle conversazioni, con il token come sottoprotocollo bearer.<jwt> (o support.<token> per un visitatore)",
        security: [],
      },
      // Opening sockets is bounded per caller like any costly call: a reconnection loop cannot flood.
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      preHandler: async (request) => {
        if (request.actor) return;
        const token = offeredProtocol(request, SUPPORT_PROTOCOL_PREFIX);
        const threadId = token ? await visitorThreadId(deps, token) : null;
        if (!threadId) throw new AppError("UNAUTHORIZED");
        visitors.set(request, threadId);
      },
    },
    (socket, request) => {
      // The sockets open now (argine_websocket_connections), whoever closes them.
      deps.metrics.websocketConnections.inc();
      socket.once("close", () => deps.metrics.websocketConnections.dec());
      openLive(
        deps,
        { actor: request.actor, visitorThreadId: visitors.get(request) ?? null },
        request.tokenExpiresAt,
        socket,
        request.log,
      );
    },
  );
};
