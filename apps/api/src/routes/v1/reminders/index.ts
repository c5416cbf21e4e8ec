import { REMINDERS_CALLS as CALLS } from "@argine/core/reminders/reminders-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { requireActor } from "../../../identity/authenticate.ts";
import { getReminders, setReminders } from "../../../reminders/reminders-service.ts";

/** The complaint deadline's reminders on the case page: the countdown and the owner's opt-in. */
export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ["practices"];

  app.route({
    ...callRoute(CALLS.reminders, {
      tags,
      summary:
        "La scadenza per la querela della pratica, i giorni che restano e se il cliente vuole i promemoria",
    }),
    handler: (request) => getReminders(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.setReminders, {
      tags,
      summary: "Il cliente attiva o disattiva i promemoria via email (30, 7 e 1 giorno prima della scadenza)",
    }),
    handler: (request) => setReminders(deps, requireActor(request), request.params.id, request.body),
  });
};
