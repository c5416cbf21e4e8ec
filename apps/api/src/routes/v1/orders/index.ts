import { ORDERS_CALLS as CALLS } from "@argine/core/orders/orders-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { requireActor } from "../../../identity/authenticate.ts";
import {
  assignedGiftCards,
  liveCampaigns,
  requestGiftCard,
  verifyGiftCard,
  verifyVoucher,
} from "../../../orders/coupons-service.ts";
import { abandonOrder, createOrder, listOrders } from "../../../orders/orders-service.ts";
import { practiceOrders, refundOrder, withdrawFromOrder } from "../../../orders/refunds-service.ts";

/**
 * The shop (spec §7, ADR 014): the cart's campaigns, vouchers and gift cards, the orders and the checkout.
 * Each route validates, names its caller and hands the use case to apps/api/src/orders/. The provider's
 * webhook is routes/webhooks/payments.ts; the money documents the orders link to are routes/v1/invoice/.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ["orders"];

  app.route({
    ...callRoute(CALLS.campaigns, {
      tags,
      summary: "Le campagne sponsorizzate attive, con budget residuo, per un carrello di questo importo",
    }),
    handler: (request) => liveCampaigns(deps, requireActor(request), request.query.amount),
  });

  app.route({
    ...callRoute(CALLS.verifyVoucher, {
      tags,
      summary: "Verifica un voucher (al massimo 5 codici errati l'ora per account e per indirizzo)",
    }),
    handler: (request) => verifyVoucher(deps, requireActor(request), request.ip, request.body.voucherCode),
  });

  app.route({
    ...callRoute(CALLS.verifyGiftCard, {
      tags,
      summary: "Verifica una gift card: credito, servizi e scadenza (al massimo 5 codici errati l'ora)",
    }),
    handler: (request) => verifyGiftCard(deps, requireActor(request), request.ip, request.body.code),
  });

  app.route({
    ...callRoute(CALLS.requestGiftCard, {
      tags,
      summary: "Richiede la gift card promozionale di un codice promo (una per account)",
    }),
    handler: (request) => requestGiftCard(deps, requireActor(request), request.body.promo),
  });

  app.route({
    ...callRoute(CALLS.assignedGiftCards, {
      tags,
      summary: "Le gift card di un utente: le proprie per un cliente, di chiunque per lo staff",
    }),
    handler: (request) => assignedGiftCards(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.list, { tags, summary: "I propri ordini, i più recenti prima" }),
    handler: (request) => listOrders(deps, requireActor(request), request.query),
  });

  app.route({
    ...callRoute(CALLS.create, {
      tags,
      summary:
        "Crea e paga l'ordine di un tentativo di acquisto (idempotencyKey): l'ordine pagato, oppure l'azione " +
        "richiesta dalla carta (3-D Secure) da completare prima di inviare di nuovo l'intent",
    }),
    handler: (request) => createOrder(deps, requireActor(request), request.body, request.ip),
  });

  app.route({
    ...callRoute(CALLS.abandon, {
      tags,
      summary:
        "Rinuncia a un tentativo di acquisto in attesa della carta (idempotencyKey): l'intent è annullato e " +
        "budget della campagna, voucher e gift card tornano subito disponibili",
    }),
    handler: (request) => abandonOrder(deps, requireActor(request), request.body.idempotencyKey),
  });

  app.route({
    ...callRoute(CALLS.refund, {
      tags,
      summary:
        "Rimborsa alcuni servizi di un ordine pagato, o tutti (solo staff): carta e gift card, servizi " +
        "annullati, nota di credito; la stessa idempotencyKey non rimborsa mai due volte",
    }),
    handler: (request) => refundOrder(deps, requireActor(request), request.params.id, request.body),
  });

  app.route({
    ...callRoute(CALLS.withdraw, {
      tags,
      summary:
        "Recesso del cliente dai servizi non ancora iniziati, entro 14 giorni dal pagamento: rimborso immediato",
    }),
    handler: (request) => withdrawFromOrder(deps, requireActor(request), request.params.id, request.body),
  });

  app.route({
    ...callRoute(CALLS.practiceOrders, {
      tags,
      summary: "Gli ordini pagati di una pratica con i loro servizi, per lo staff",
    }),
    handler: (request) => practiceOrders(deps, requireActor(request), request.params.id),
  });
};
