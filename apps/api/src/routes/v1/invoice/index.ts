import { INVOICE_CALLS as CALLS } from "@argine/core/invoice/invoice-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { sendFile } from "../../../http/send-file.ts";
import { creditNoteFile, invoiceFile, receiptFile } from "../../../invoice/invoice-service.ts";

/**
 * The money documents' downloads (ADR 016): public, each by its own token, for a year. Their paths and their
 * OpenAPI tag are the orders' (/v1/orders/invoice…), as the links already handed out are; the use cases are
 * apps/api/src/invoice/invoice-service.ts.
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ["orders"];

  app.route({
    ...callRoute(CALLS.invoice, {
      tags,
      summary:
        "La fattura di un ordine, pubblica per un anno con il suo token: PDF, oppure XML FatturaPA con format=xml",
      security: [],
    }),
    handler: async (request, reply) =>
      sendFile(reply, await invoiceFile(deps, request.query.token, request.query.format)),
  });

  app.route({
    ...callRoute(CALLS.receipt, {
      tags,
      summary: "La ricevuta di un pagamento o di un rimborso, pubblica per un anno con il suo token (PDF)",
      security: [],
    }),
    handler: async (request, reply) => sendFile(reply, await receiptFile(deps, request.query.token)),
  });

  app.route({
    ...callRoute(CALLS.creditNote, {
      tags,
      summary:
        "La nota di credito di un rimborso, pubblica per un anno con il suo token: PDF, oppure XML FatturaPA con format=xml",
      security: [],
    }),
    handler: async (request, reply) =>
      sendFile(reply, await creditNoteFile(deps, request.query.token, request.query.format)),
  });
};
