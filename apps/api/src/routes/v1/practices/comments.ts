import { PRACTICE_CALLS as CALLS } from "@argine/core/practices/practice-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { requireActor } from "../../../identity/authenticate.ts";
import {
  addComment,
  commentReads,
  editComment,
  practiceComments,
  readComments,
} from "../../../practices/practice-comments-service.ts";

/** The conversation on a practice: its comments, and the edit of one's own (/v1/comments/{id}). */
export const practiceCommentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ["practices"];

  app.route({
    ...callRoute(CALLS.comments, { tags, summary: "I commenti della pratica (titolare o staff)" }),
    handler: (request) => practiceComments(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.addComment, { tags, summary: "Aggiunge un commento alla pratica (titolare o staff)" }),
    handler: (request) => addComment(deps, requireActor(request), request.params.id, request.body.comment),
  });

  app.route({
    ...callRoute(CALLS.editComment, { tags, summary: "Modifica un proprio commento" }),
    handler: (request) => editComment(deps, requireActor(request), request.params.id, request.body.comment),
  });

  app.route({
    ...callRoute(CALLS.commentReads, {
      tags,
      summary: "Fin dove il chiamante e l'altra parte hanno letto la conversazione",
    }),
    handler: (request) => commentReads(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.readComments, { tags, summary: "Segna letta la conversazione fino a un messaggio" }),
    handler: (request) => readComments(deps, requireActor(request), request.params.id, request.body.upTo),
  });
};
