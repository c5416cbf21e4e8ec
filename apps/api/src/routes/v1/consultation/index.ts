import { CONSULTATION_CALLS as CALLS } from "@argine/core/consultation/consultation-calls";
import { CONSULTATION_TOKEN_HEADER } from "@argine/core/consultation/consultation-terms";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  bookConsultation,
  cancelByToken,
  confirmByToken,
  freeSlots,
  managedConsultation,
  moveByToken,
  myConsultations,
} from "../../../consultation/consultation-service.ts";
import { callRoute } from "../../../http/call-route.ts";
import { requireActor } from "../../../identity/authenticate.ts";

// The free consultation's public calls (ADR 031): the free slots, the booking (a visitor, or a signed-in
// client; a visitor's is a request until confirmed), the booking's management with the mail link's token,
// sent in a header, and a signed-in client's own consultations. Each is bounded per address, as every
// public form is, the token's guesses with them (rate-limits/route-limits.ts). Per account, the booking is
// bounded by its cap (CONSULTATION_MAX_HELD_PER_ACCOUNT) and per e-mail and phone by theirs
// (consultation-service.ts).

const tags = ["consultations"];

export const consultationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.route({
    ...callRoute(CALLS.slots, {
      tags,
      summary: "Gli orari liberi per la consulenza gratuita (ora di Roma)",
      security: [],
    }),
    handler: (request) => freeSlots(deps, request.query),
  });

  app.route({
    ...callRoute(CALLS.book, {
      tags,
      summary: "Prenota la consulenza gratuita (visitatore o cliente, che può collegare una sua pratica)",
      security: [],
    }),
    handler: (request) => bookConsultation(deps, request.actor, request.body),
  });

  app.route({
    ...callRoute(CALLS.manage, {
      tags,
      summary: "La prenotazione del link nell'email (token nell'header x-consultation-token)",
      security: [],
    }),
    handler: (request) => managedConsultation(deps, request.headers[CONSULTATION_TOKEN_HEADER]),
  });

  app.route({
    ...callRoute(CALLS.confirm, {
      tags,
      summary: "Conferma dal link nell'email la richiesta di consulenza: solo allora l'orario è suo",
      security: [],
    }),
    handler: (request) => confirmByToken(deps, request.headers[CONSULTATION_TOKEN_HEADER]),
  });

  app.route({
    ...callRoute(CALLS.mine, { tags, summary: "Le consulenze prenotate dal proprio account (area cliente)" }),
    handler: (request) => myConsultations(deps, requireActor(request)),
  });

  app.route({
    ...callRoute(CALLS.cancel, { tags, summary: "Annulla la consulenza dal link nell'email", security: [] }),
    handler: (request) => cancelByToken(deps, request.headers[CONSULTATION_TOKEN_HEADER]),
  });

  app.route({
    ...callRoute(CALLS.move, { tags, summary: "Sposta la consulenza dal link nell'email", security: [] }),
    handler: (request) => moveByToken(deps, request.headers[CONSULTATION_TOKEN_HEADER], request.body),
  });
};
