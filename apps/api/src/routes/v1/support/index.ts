import { CONVERSATION_MESSAGES } from "@argine/core/conversations/conversation-messages";
import { SUPPORT_TOKEN_HEADER } from "@argine/core/support/support-api";
import { SUPPORT_CALLS as CALLS } from "@argine/core/support/support-calls";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { conversationLimit } from "../../../conversations/conversation-limits.ts";
import { callRoute } from "../../../http/call-route.ts";
import { requireActor } from "../../../identity/authenticate.ts";
import { byAccount, byAddress, tokenKey, writeLimits } from "../../../rate-limits/write-limits.ts";
import {
  answerSupport,
  closeOwnThread,
  inbox,
  readOwnThread,
  readStaffThread,
  resumeFromMail,
  staffSupportThread,
  supportThread,
  writeToSupport,
} from "../../../support/support-service.ts";

/** A visitor's thread token, from its header; a signed-in caller's thread is the account's. */
const visitorToken = (request: FastifyRequest): string | null => {
  const value = request.headers[SUPPORT_TOKEN_HEADER];
  return typeof value === "string" && value.length > 0 && value.length <= 128 ? value : null;
};

/** The writer: the signed-in account, or the visitor by their token (hashed); null for a first line. */
const byWriter = (request: FastifyRequest) => {
  const token = visitorToken(request);
  return byAccount(request) ?? (token ? `visitor:${tokenKey(token)}` : null);
};
/** A first line, which opens a thread: counted per address, apart from the lines of threads already open. */
const byNewThread = (request: FastifyRequest) => (byWriter(request) === null ? byAddress(request) : null);

/**
 * The support chat's writes (issue 36): each writer has a tight limit of their own; an address has a wide one,
 * so strangers sharing it (a shelter's Wi-Fi, a carrier's NAT) each still write their first line; and first
 * lines, which open threads, have their own count per address.
 */
export const SUPPORT_LIMITS = {
  write: { perWriter: 10, perAddress: 60, windowMs: 60_000 },
  newThreads: { perAddress: 20, windowMs: 60 * 60_000 },
} as const;

/**
 * The support chat (ADR 030): the person's thread, public (a visitor is known by the token header, a client by
 * the bearer), and the staff's inbox. Writing is bounded per writer and per address.
 */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ["support"];
  const { write, newThreads } = SUPPORT_LIMITS;
  const writeLimit = writeLimits(
    app,
    "support-write",
    [
      { key: byWriter, max: write.perWriter, windowMs: write.windowMs },
      { key: byNewThread, max: newThreads.perAddress, windowMs: newThreads.windowMs },
      { key: byAddress, max: write.perAddress, windowMs: write.windowMs },
    ],
    CONVERSATION_MESSAGES.tooFast,
  );

  app.route({
    ...callRoute(CALLS.thread, {
      tags,
      summary: "La conversazione con il team di chi scrive (visitatore con il token, o cliente)",
      security: [],
    }),
    config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
    handler: (request) => supportThread(deps, request.actor, visitorToken(request)),
  });

  app.route({
    ...callRoute(CALLS.write, {
      tags,
      summary: "Scrive al team: il primo messaggio apre la conversazione (e dà al visitatore il suo token)",
      security: [],
    }),
    onRequest: writeLimit,
    handler: (request) => writeToSupport(deps, request.actor, visitorToken(request), request.body),
  });

  app.route({
    ...callRoute(CALLS.read, {
      tags,
      summary: "Segna la propria conversazione come letta fino a un messaggio (il team vede «Letto»)",
      security: [],
    }),
    onRequest: conversationLimit(app, "read"),
    handler: (request) => readOwnThread(deps, request.actor, visitorToken(request), request.body.upTo),
  });

  app.route({
    ...callRoute(CALLS.close, {
      tags,
      summary: "Uscita rapida: chiude la conversazione del visitatore (il team la vede chiusa)",
      security: [],
    }),
    config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
    handler: (request) => closeOwnThread(deps, visitorToken(request)),
  });

  app.route({
    ...callRoute(CALLS.resume, {
      tags,
      summary: "Apre la conversazione dal link dell'e-mail di risposta (una volta, entro la scadenza)",
      security: [],
    }),
    config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
    handler: (request) => resumeFromMail(deps, request.body.link),
  });

  app.route({
    ...callRoute(CALLS.inbox, {
      tags,
      summary: "Le conversazioni di supporto, prima quelle in attesa (staff)",
    }),
    handler: (request) => inbox(deps, requireActor(request)),
  });

  app.route({
    ...callRoute(CALLS.staffThread, { tags, summary: "Una conversazione di supporto (staff)" }),
    handler: (request) => staffSupportThread(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.answer, { tags, summary: "Risponde in una conversazione di supporto (staff)" }),
    onRequest: conversationLimit(app, "message"),
    handler: (request) => answerSupport(deps, requireActor(request), request.params.id, request.body.text),
  });

  app.route({
    ...callRoute(CALLS.staffRead, {
      tags,
      summary: "Segna una conversazione di supporto come letta fino a un messaggio (staff)",
    }),
    onRequest: conversationLimit(app, "read"),
    handler: (request) => readStaffThread(deps, requireActor(request), request.params.id, request.body.upTo),
  });
};
