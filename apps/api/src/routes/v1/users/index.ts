import {
  EmailBodySchema,
  MeSchema,
  MessageSchema,
  MeUpdateBodySchema,
  PasswordResetConfirmBodySchema,
  RegistrationBodySchema,
  RoleParamsSchema,
  TokenBodySchema,
} from "@argine/core/identity/users-api";
import { BillingDataSchema } from "@argine/core/invoice/billing-data";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor } from "../../../identity/authenticate.ts";
import {
  confirmPasswordReset,
  register,
  requestPasswordReset,
  resendVerification,
  verifyEmail,
} from "../../../users/registration-service.ts";
import { changeRole, readMe, updateInvoice, updateMe } from "../../../users/users-service.ts";

// Guessable or costly calls: a few per minute per IP is plenty for a person.
const publicLimit = { rateLimit: { max: 5, timeWindow: "1 minute" } };

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    "/users",
    {
      config: publicLimit,
      schema: {
        tags: ["identity"],
        summary: "Registrazione (stessa risposta che l'email esista o no)",
        security: [],
        body: RegistrationBodySchema,
        response: { 202: MessageSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await register(deps, request.actor, request.body)),
  );

  app.post(
    "/users/verification",
    {
      config: publicLimit,
      schema: {
        tags: ["identity"],
        summary: "Conferma dell'indirizzo email con il link ricevuto",
        security: [],
        body: TokenBodySchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => verifyEmail(deps, request.actor, request.body.token),
  );

  app.post(
    "/users/verification/resend",
    {
      config: publicLimit,
      schema: {
        tags: ["identity"],
        summary: "Nuovo invio dell'email di conferma",
        security: [],
        body: EmailBodySchema,
        response: { 202: MessageSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await resendVerification(deps, request.actor, request.body.email)),
  );

  app.post(
    "/users/password-reset",
    {
      config: publicLimit,
      schema: {
        tags: ["identity"],
        summary: "Richiesta del link per una nuova password (stessa risposta che l'email esista o no)",
        security: [],
        body: EmailBodySchema,
        response: { 202: MessageSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await requestPasswordReset(deps, request.actor, request.body.email)),
  );

  app.post(
    "/users/password-reset/confirm",
    {
      config: publicLimit,
      schema: {
        tags: ["identity"],
        summary: "Nuova password con il link ricevuto (valido una volta, per 1 ora)",
        security: [],
        body: PasswordResetConfirmBodySchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => confirmPasswordReset(deps, request.actor, request.body),
  );

  app.get(
    "/users/me",
    { schema: { tags: ["identity"], summary: "I dati dell'utente collegato", response: { 200: MeSchema } } },
    async (request) => readMe(deps, requireActor(request)),
  );

  app.patch(
    "/users/me",
    {
      schema: {
        tags: ["identity"],
        summary: "Modifica dei dati personali, oppure della password (ciascuna invia solo i suoi campi)",
        body: MeUpdateBodySchema,
        response: { 200: MeSchema },
      },
    },
    async (request) =>
      updateMe(deps, requireActor(request), { changes: request.body, keepGrantId: request.grantId }),
  );

  app.patch(
    "/users/me/invoice",
    {
      schema: {
        tags: ["identity"],
        summary: "Dati di fatturazione",
        body: BillingDataSchema,
        response: { 200: MeSchema },
      },
    },
    async (request) => updateInvoice(deps, requireActor(request), request.body),
  );

  for (const method of ["PUT", "DELETE"] as const) {
    app.route({
      method,
      url: "/users/:id/roles/:role",
      schema: {
        tags: ["identity"],
        summary: method === "PUT" ? "Assegna un ruolo (solo admin)" : "Revoca un ruolo (solo admin)",
        params: RoleParamsSchema,
        response: { 200: MeSchema },
      },
      handler: async (request) =>
        changeRole(deps, requireActor(request), {
          userId: request.params.id,
          role: request.params.role,
          change: method === "PUT" ? "grant" : "revoke",
        }),
    });
  }
};
