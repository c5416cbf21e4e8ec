import type { AdminIdParamsSchema } from "@argine/core/catalogue/admin-api";
import { CATALOGUE_CALLS as CALLS } from "@argine/core/catalogue/catalogue-calls";
import { cataloguePolicy } from "@argine/core/catalogue/policy";
import type { Actor } from "@argine/core/identity/policy";
import type { RouteShape } from "@argine/core/shared/api-contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { addCampaign, allCampaigns, changeCampaign } from "../../../catalogue/campaign-service.ts";
import { allProducts, changeProduct } from "../../../catalogue/catalogue-service.ts";
import { addGiftCard, allGiftCards, changeGiftCard } from "../../../catalogue/gift-card-service.ts";
import { addVoucher, allVouchers, changeVoucher } from "../../../catalogue/voucher-service.ts";
import type { Deps } from "../../../deps.ts";
import { callRoute } from "../../../http/call-route.ts";
import { only } from "../../../identity/authenticate.ts";

// The catalogue in the admin workspace: products and prices, campaigns, vouchers, gift cards, under
// /v1/admin/*. Admins only, decided before the body is even read (401 anonymous, 403 anyone else); the
// services check it again and write each change with its audit line.

const reader = only((actor) => cataloguePolicy(actor, "read-all"));
const manager = only((actor) => cataloguePolicy(actor, "manage"));
const tags = ["admin"];

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Campaigns, vouchers and gift cards: each is listed, created (201; 409 for a taken code) and changed by id. */
interface CodedEntries<Item extends z.ZodType, Create extends z.ZodType, Patch extends z.ZodType> {
  calls: {
    list: RouteShape & { response: z.ZodArray<Item> };
    create: RouteShape & { status: 201; body: Create; response: Item };
    change: RouteShape & { params: typeof AdminIdParamsSchema; body: Patch; response: Item };
  };
  summaries: { list: string; create: string; change: string };
  all(deps: Deps, actor: Actor | null): Promise<z.output<Item>[]>;
  add(deps: Deps, actor: Actor | null, body: z.output<Create>): Promise<z.output<Item>>;
  change(deps: Deps, actor: Actor | null, id: string, body: z.output<Patch>): Promise<z.output<Item>>;
}

function codedEntriesRoutes<Item extends z.ZodType, Create extends z.ZodType, Patch extends z.ZodType>(
  app: App,
  typed: CodedEntries<Item, Create, Patch>,
) {
  // The zod type provider cannot see through generic schemas: here they are plain zod types, which the
  // signature above has tied to the services' own types where this is called.
  const entries: CodedEntries<z.ZodType, z.ZodType, z.ZodType> = typed;
  const { calls, summaries } = entries;
  app.route({
    ...callRoute(calls.list, { tags, summary: summaries.list }),
    onRequest: reader,
    handler: (request) => entries.all(app.deps, request.actor),
  });
  app.route({
    ...callRoute(calls.create, { tags, summary: summaries.create }),
    onRequest: manager,
    handler: (request) => entries.add(app.deps, request.actor, request.body),
  });
  app.route({
    ...callRoute(calls.change, { tags, summary: summaries.change }),
    onRequest: manager,
    handler: (request) => entries.change(app.deps, request.actor, request.params.id, request.body),
  });
}

export const catalogueAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...callRoute(CALLS.adminProducts, {
      tags,
      summary: "Tutti i prodotti del catalogo, anche quelli non attivi (solo admin)",
    }),
    onRequest: reader,
    handler: (request) => allProducts(app.deps, request.actor),
  });

  app.route({
    ...callRoute(CALLS.changeProduct, {
      tags,
      summary: "Modifica di un prodotto: nome, descrizione, prezzi, attivo, ordine (solo admin)",
    }),
    onRequest: manager,
    handler: (request) => changeProduct(app.deps, request.actor, request.params.code, request.body),
  });

  codedEntriesRoutes(app, {
    calls: { list: CALLS.campaigns, create: CALLS.createCampaign, change: CALLS.changeCampaign },
    summaries: {
      list: "Le campagne sponsorizzate, anche quelle non attive (solo admin)",
      create: "Nuova campagna sponsorizzata (codice unico; solo admin)",
      change: "Modifica di una campagna sponsorizzata (il codice non cambia; solo admin)",
    },
    all: allCampaigns,
    add: addCampaign,
    change: changeCampaign,
  });

  codedEntriesRoutes(app, {
    calls: { list: CALLS.vouchers, create: CALLS.createVoucher, change: CALLS.changeVoucher },
    summaries: {
      list: "I voucher, anche quelli scaduti o non attivi (solo admin)",
      create: "Nuovo voucher (codice unico; solo admin)",
      change: "Modifica di un voucher: sconto, utilizzi, scadenza, attivo (solo admin)",
    },
    all: allVouchers,
    add: addVoucher,
    change: changeVoucher,
  });

  codedEntriesRoutes(app, {
    calls: { list: CALLS.giftCards, create: CALLS.createGiftCard, change: CALLS.changeGiftCard },
    summaries: {
      list: "Le gift card, con importo e saldo (solo admin)",
      create: "Nuova gift card: il saldo parte dall'importo (codice unico; solo admin)",
      change: "Modifica di una gift card: saldo (0 la disattiva), scadenza, servizi (solo admin)",
    },
    all: allGiftCards,
    add: addGiftCard,
    change: changeGiftCard,
  });
};
