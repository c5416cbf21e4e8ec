import { CONVERSATION_MESSAGES } from "@argine/core/conversations/conversation-messages";
import { LIVE_PATH, SUPPORT_PROTOCOL_PREFIX } from "@argine/core/conversations/live-protocol";
import { AppError } from "@argine/core/errors/app-error";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Conversations } from "../../../conversations/conversation.ts";
import { createDeliveries } from "../../../conversations/delivery.ts";
import { openLive } from "../../../conversations/live.ts";
import { createSessionWatch } from "../../../conversations/session-watch.ts";
import { offeredProtocol } from "../../../identity/authenticate.ts";
import { practiceConversation } from "../../../practices/practice-conversation.ts";
import { supportConversation } from "../../../support/support-conversation.ts";
import { visitorThread } from "../../../support/support-service.ts";

/** The kinds of conversation a socket follows (conversations/conversation.ts): the one place that lists them. */
const CONVERSATIONS: Conversations = { practice: practiceConversation, support: supportConversation };

/**
 * The most sockets one account, and one session (a grant, or a visitor's thread), may hold open on a process:
 * a person's tabs and devices fit; a script opening hundreds to make every message cost hundreds of reads
 * does not (the opening itself is also limited per address: rate-limits/route-limits.ts).
 */
export const SOCKETS_PER_ACCOUNT = 12;
export const SOCKETS_PER_SESSION = 6;

/**
 * The live socket (ADR 030): the caller is named before the upgrade, a signed-in one by the `bearer.<jwt>`
 * subprotocol (identity/authenticate.ts), a visitor by the `support.<token>` one of their support thread; anyone
 * else gets the HTTP answer (401) and no socket. A plain GET without the upgrade is answered 404 by
 * @fastify/websocket.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  /** The thread each visitor's upgrade was let in for, and when their token expires. */
  const visitors = new WeakMap<FastifyRequest, { id: string; expiresAt: Date }>();
  const sessions = createSessionWatch(deps.db, app.log);
  const live = { conversations: CONVERSATIONS, deliveries: createDeliveries(deps, CONVERSATIONS) };
  app.addHook("onClose", async () => {
    sessions.close();
    live.deliveries.close();
  });
  /** Open sockets by account and by session, on this process. */
  const open = new Map<string, number>();
  const keysOf = (request: FastifyRequest) =>
    request.actor
      ? [`account:${request.actor.userId}`, `session:${request.grantId ?? request.actor.userId}`]
      : [`session:visitor:${visitors.get(request)?.id ?? ""}`];
  const capOf = (key: string) => (key.startsWith("account:") ? SOCKETS_PER_ACCOUNT : SOCKETS_PER_SESSION);
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
      preHandler: async (request) => {
        if (!request.actor) {
          const token = offeredProtocol(request, SUPPORT_PROTOCOL_PREFIX);
          const thread = token ? await visitorThread(deps, token) : null;
          if (!thread) throw new AppError("UNAUTHORIZED");
          visitors.set(request, thread);
        }
        if (keysOf(request).some((key) => (open.get(key) ?? 0) >= capOf(key)))
          throw new AppError("TOO_MANY_REQUESTS", CONVERSATION_MESSAGES.tooManySockets);
      },
    },
    (socket, request) => {
      // The sockets open now (argine_websocket_connections), whoever closes them.
      deps.metrics.websocketConnections.inc();
      const keys = keysOf(request);
      for (const key of keys) open.set(key, (open.get(key) ?? 0) + 1);
      socket.once("close", () => {
        deps.metrics.websocketConnections.dec();
        for (const key of keys) {
          const left = (open.get(key) ?? 1) - 1;
          if (left > 0) open.set(key, left);
          else open.delete(key);
        }
      });
      const visitor = visitors.get(request);
      openLive(
        deps,
        live,
        { actor: request.actor, visitorThreadId: visitor?.id ?? null },
        visitor?.expiresAt ?? request.tokenExpiresAt,
        { grantId: request.grantId, watch: sessions },
        socket,
        request.log,
      );
    },
  );
};
