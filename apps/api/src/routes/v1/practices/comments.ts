import {
  CommentBodySchema,
  CommentListSchema,
  CommentSchema,
  IdParamsSchema,
} from "@argine/core/practices/practices-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor } from "../../../identity/authenticate.ts";
import { addComment, editComment, practiceComments } from "../../../practices/practice-comments-service.ts";

/** The conversation on a practice: its comments, and the edit of one's own (/v1/comments/{id}). */
export const practiceCommentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/practices/:id/comments",
    {
      schema: {
        tags: ["practices"],
        summary: "I commenti della pratica (titolare o staff)",
        params: IdParamsSchema,
        response: { 200: CommentListSchema },
      },
    },
    (request) => practiceComments(deps, requireActor(request), request.params.id),
  );

  app.post(
    "/practices/:id/comments",
    {
      schema: {
        tags: ["practices"],
        summary: "Aggiunge un commento alla pratica (titolare o staff)",
        params: IdParamsSchema,
        body: CommentBodySchema,
        response: { 201: CommentSchema },
      },
    },
    async (request, reply) => {
      const comment = await addComment(deps, requireActor(request), request.params.id, request.body.comment);
      return reply.status(201).send(comment);
    },
  );

  app.put(
    "/comments/:id",
    {
      schema: {
        tags: ["practices"],
        summary: "Modifica un proprio commento",
        params: IdParamsSchema,
        body: CommentBodySchema,
        response: { 200: CommentSchema },
      },
    },
    (request) => editComment(deps, requireActor(request), request.params.id, request.body.comment),
  );
};
