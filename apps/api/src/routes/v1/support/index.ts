import { SUPPORT_CALLS as CALLS } from "@argine/core/support/support-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { requireActor } from "../../../identity/authenticate.ts";
import { visitorToken } from "../../../rate-limits/write-limits.ts";
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

/**
 * The support chat (ADR 030): the person's thread, public (a visitor is known by the token header, a client by
 * the bearer), and the staff's inbox. Writing is bounded per writer and per address, first lines apart
 * (SUPPORT_LIMITS, rate-limits/route-limits.ts).
 */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ["support"];

  app.route({
    ...callRoute(CALLS.thread, {
      tags,
      summary: "La conversazione con il team di chi scrive (visitatore con il token, o cliente)",
      security: [],
    }),
    handler: (request) => supportThread(deps, request.actor, visitorToken(request)),
  });

  app.route({
    ...callRoute(CALLS.write, {
      tags,
      summary: "Scrive al team: il primo messaggio apre la conversazione (e dà al visitatore il suo token)",
      security: [],
    }),
    handler: (request) => writeToSupport(deps, request.actor, visitorToken(request), request.body),
  });

  app.route({
    ...callRoute(CALLS.read, {
      tags,
      summary: "Segna la propria conversazione come letta fino a un messaggio (il team vede «Letto»)",
      security: [],
    }),
    handler: (request) => readOwnThread(deps, request.actor, visitorToken(request), request.body.upTo),
  });

  app.route({
    ...callRoute(CALLS.close, {
      tags,
      summary: "Uscita rapida: chiude la conversazione del visitatore (il team la vede chiusa)",
      security: [],
    }),
    handler: (request) => closeOwnThread(deps, visitorToken(request)),
  });

  app.route({
    ...callRoute(CALLS.resume, {
      tags,
      summary: "Apre la conversazione dal link dell'e-mail di risposta (una volta, entro la scadenza)",
      security: [],
    }),
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
    handler: (request) => answerSupport(deps, requireActor(request), request.params.id, request.body.text),
  });

  app.route({
    ...callRoute(CALLS.staffRead, {
      tags,
      summary: "Segna una conversazione di supporto come letta fino a un messaggio (staff)",
    }),
    handler: (request) => readStaffThread(deps, requireActor(request), request.params.id, request.body.upTo),
  });
};
