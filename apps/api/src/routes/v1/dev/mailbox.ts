import { MailboxSchema } from "@argine/core/identity/users-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { readOutbox } from "../../../mail/mailer.ts";

/** Demo mode only: the embedded outbox as a mailbox, so a visitor can follow the mailed links. */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/dev/mailbox",
    {
      schema: {
        tags: ["demo"],
        summary: "Posta in uscita (solo modalità demo)",
        security: [],
        response: { 200: MailboxSchema },
      },
    },
    async () => readOutbox(app.config.mail.outboxDir),
  );
};
