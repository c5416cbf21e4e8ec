import { usersPolicy } from "@argine/core/identity/policy";
import { USERS_CALLS } from "@argine/core/identity/users-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { only, requireActor } from "../../../identity/authenticate.ts";
import { listUsers } from "../../../users/users-service.ts";

// The users part of the admin workspace, under /v1/admin/ like the rest of it: admins only, decided before
// the query is read (401 anonymous, 403 anyone else). Role changes are the users routes' (index.ts).

export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...callRoute(USERS_CALLS.adminUsers, {
      tags: ["admin"],
      summary: "Gli utenti con i loro ruoli, cercati per email o nome, a pagine (solo admin)",
    }),
    onRequest: only((actor) => usersPolicy(actor, "list")),
    handler: async (request) => listUsers(app.deps, requireActor(request), request.query),
  });
};
