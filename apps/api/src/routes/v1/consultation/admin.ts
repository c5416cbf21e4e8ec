import { CONSULTATION_CALLS as CALLS } from "@argine/core/consultation/consultation-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  agenda,
  availability,
  recordOutcome,
  setAvailability,
  setVideoLink,
} from "../../../consultation/consultation-service.ts";
import { callRoute } from "../../../http/call-route.ts";
import { requireActor } from "../../../identity/authenticate.ts";

// The free consultation's staff calls (ADR 031): lawyers and admins, as the consultation policy says (not the
// admins-only hook of the other /v1/admin/* plugins).

const tags = ["consultations"];

export const consultationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.route({
    ...callRoute(CALLS.agenda, { tags, summary: "L'agenda delle consulenze di un periodo (staff)" }),
    handler: (request) => agenda(deps, requireActor(request), request.query),
  });

  app.route({
    ...callRoute(CALLS.outcome, { tags, summary: "Segna una consulenza come svolta o mancata (staff)" }),
    handler: (request) => recordOutcome(deps, requireActor(request), request.params.id, request.body),
  });

  app.route({
    ...callRoute(CALLS.videoLink, {
      tags,
      summary: "Invia alla persona il link della videochiamata (staff)",
    }),
    handler: (request) => setVideoLink(deps, requireActor(request), request.params.id, request.body),
  });

  app.route({
    ...callRoute(CALLS.availability, { tags, summary: "Gli orari della consulenza gratuita (staff)" }),
    handler: (request) => availability(deps, requireActor(request)),
  });

  app.route({
    ...callRoute(CALLS.setAvailability, {
      tags,
      summary: "Cambia gli orari della consulenza gratuita (staff)",
    }),
    handler: (request) => setAvailability(deps, requireActor(request), request.body),
  });
};
