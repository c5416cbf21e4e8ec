import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * The diary's Web Share Target (issue 40, apps/web/public/manifest-it.webmanifest): the phone POSTs what is
 * shared with the installed app to this path, and the site's service worker (apps/web/scripts/service-worker.js)
 * takes the POST, keeps the files and answers 303 itself. Should the POST reach the server (no service worker
 * yet), it is not a 404: the same 303, to the new episode's page, which says that nothing arrived and to share
 * again. The files are never read here: the answer is given before the body is, so no parser meets it.
 */
export const SHARE_TARGET_PATH = "/dashboard/diary/condividi";
export const SHARE_TARGET_LANDING = "/dashboard/diary/nuovo?condiviso=1";

export async function shareTargetRoutes(app: FastifyInstance): Promise<void> {
  const landing = async (_request: unknown, reply: FastifyReply) => reply.redirect(SHARE_TARGET_LANDING, 303);
  // In onRequest: answered before the body is read. The handler is Fastify's due, never reached.
  // A page's address, not an API call: not in the OpenAPI document.
  app.route({
    method: "POST",
    url: SHARE_TARGET_PATH,
    schema: { hide: true },
    onRequest: landing,
    handler: landing,
  });
}
