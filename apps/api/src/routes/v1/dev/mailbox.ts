import { createHash, timingSafeEqual } from "node:crypto";
import { AppError } from "@argine/core/errors/app-error";
import { AUTH_CALLS } from "@argine/core/identity/auth-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { sendFile } from "../../../http/send-file.ts";
import { readOutbox, readOutboxAttachment } from "../../../mail/mailer.ts";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Demo mode only: the embedded outbox as a mailbox, so a visitor can follow the mailed links. It holds every
 * account's reset links, so it answers only with the key printed in the start banner (config.devMailboxKey),
 * never by the caller's address: a proxy or a server-side fetch comes from loopback too. A missing or wrong
 * key gets the same 404 as a server without a mailbox.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  // No key, no mailbox (production, SMTP, not demo mode): the route does not exist.
  const key = app.deps.config.devMailboxKey;
  if (!key) return;
  const expected = digest(key);
  // Digests of equal length, compared in constant time: the key leaks nothing through timing.
  const checkKey = (given: string | undefined) => {
    if (!given || !timingSafeEqual(digest(given), expected)) throw new AppError("NOT_FOUND");
  };
  app.route({
    ...callRoute(AUTH_CALLS.devMailbox, {
      tags: ["demo"],
      summary: "Posta in uscita (solo modalità demo, con la chiave stampata all'avvio)",
      security: [],
    }),
    handler: async (request) => {
      checkKey(request.query.key);
      return readOutbox(app.deps.config.mail.outboxDir);
    },
  });
  app.route({
    ...callRoute(AUTH_CALLS.devMailboxAttachment, {
      tags: ["demo"],
      summary: "Un allegato di un messaggio della posta in uscita (solo modalità demo, con la stessa chiave)",
      security: [],
    }),
    handler: async (request, reply) => {
      checkKey(request.query.key);
      const { id, index } = request.params;
      const attachment = await readOutboxAttachment(app.deps.config.mail.outboxDir, id, index);
      if (!attachment) throw new AppError("NOT_FOUND");
      return sendFile(reply, {
        contentType: attachment.contentType,
        filename: attachment.filename.replace(/[^\w.-]/g, "_"),
        body: attachment.content,
      });
    },
  });
};
