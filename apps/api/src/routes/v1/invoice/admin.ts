import { AccountsPeriodQuerySchema } from "@argine/core/invoice/accounts-api";
import { ACCOUNTS_CALLS } from "@argine/core/invoice/accounts-calls";
import { ACCOUNTS_EXPORT_PATHS } from "@argine/core/invoice/accounts-routes";
import { invoicePolicy } from "@argine/core/invoice/policy";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { only } from "../../../identity/authenticate.ts";
import {
  accountsCsv,
  accountsZip,
  listAccountsDocuments,
  listAccountsOrders,
} from "../../../invoice/accounts-service.ts";

// The accountant's view (ADR 016): admins only, decided before anything is read (401 anonymous, 403 anyone
// else). The exports are files: a CSV and a ZIP of FatturaPA XML, for the same period query as the lists.

export const invoiceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["admin", "accounts"];
  const onRequest = only((actor) => invoicePolicy(actor, "read-accounts"));

  app.route({
    ...callRoute(ACCOUNTS_CALLS.documents, {
      tags,
      summary:
        "Le fatture e le note di credito emesse nel periodo (giorni di calendario italiani, inclusi), in ordine di numero (solo admin)",
    }),
    onRequest,
    handler: (request) => listAccountsDocuments(app.deps, request.query),
  });

  app.route({
    ...callRoute(ACCOUNTS_CALLS.orders, {
      tags,
      summary:
        "Gli ordini creati nel periodo con il pagamento con carta, i rimborsi e la fattura; filtri per stato e tipo di pagamento (solo admin)",
    }),
    onRequest,
    handler: (request) => listAccountsOrders(app.deps, request.query),
  });

  const exportSchema = (summary: string) => ({ tags, summary, querystring: AccountsPeriodQuerySchema });

  app.get(
    ACCOUNTS_EXPORT_PATHS.csv,
    {
      onRequest,
      schema: exportSchema(
        "Le fatture e le note di credito del periodo in CSV per il commercialista (solo admin)",
      ),
    },
    async (request, reply) => {
      const { fileName, body } = await accountsCsv(app.deps, request.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "no-store")
        .send(body);
    },
  );

  app.get(
    ACCOUNTS_EXPORT_PATHS.zip,
    {
      onRequest,
      schema: exportSchema(
        "Le fatture e le note di credito del periodo come file FatturaPA XML in un archivio ZIP (solo admin)",
      ),
    },
    async (request, reply) => {
      const { fileName, body } = await accountsZip(app.deps, request.query);
      return reply
        .type("application/zip")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "no-store")
        .send(Buffer.from(body));
    },
  );
};
