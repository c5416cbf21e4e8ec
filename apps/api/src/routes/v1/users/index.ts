import { USERS_CALLS as CALLS } from "@argine/core/identity/users-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { requireActor } from "../../../identity/authenticate.ts";
import { endAllDevices, endDevice, listDevices } from "../../../users/devices-service.ts";
import {
  confirmPasswordReset,
  register,
  requestPasswordReset,
  resendVerification,
  verifyEmail,
} from "../../../users/registration-service.ts";
import {
  confirmEnrollment,
  disableSecondFactor,
  readSecondFactor,
  renewRecoveryCodes,
  startEnrollment,
} from "../../../users/second-factor-service.ts";
import { changeRole, readMe, updateInvoice, updateMe } from "../../../users/users-service.ts";

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ["identity"];
  const publicDoc = (summary: string) => ({ tags, summary, security: [] as [] });

  app.route({
    ...callRoute(CALLS.register, publicDoc("Registrazione (stessa risposta che l'email esista o no)")),
    handler: (request) => register(deps, request.actor, request.body),
  });

  app.route({
    ...callRoute(CALLS.verifyEmail, publicDoc("Conferma dell'indirizzo email con il link ricevuto")),
    handler: async (request) => verifyEmail(deps, request.actor, request.body.token),
  });

  app.route({
    ...callRoute(CALLS.resendVerification, publicDoc("Nuovo invio dell'email di conferma")),
    handler: (request) => resendVerification(deps, request.actor, request.body.email),
  });

  app.route({
    ...callRoute(
      CALLS.requestPasswordReset,
      publicDoc("Richiesta del link per una nuova password (stessa risposta che l'email esista o no)"),
    ),
    handler: (request) => requestPasswordReset(deps, request.actor, request.body.email),
  });

  app.route({
    ...callRoute(
      CALLS.confirmPasswordReset,
      publicDoc("Nuova password con il link ricevuto (valido una volta, per 1 ora)"),
    ),
    handler: async (request) => confirmPasswordReset(deps, request.actor, request.body),
  });

  app.route({
    ...callRoute(CALLS.me, { tags, summary: "I dati dell'utente collegato" }),
    handler: async (request) => readMe(deps, requireActor(request)),
  });

  app.route({
    ...callRoute(CALLS.updateMe, {
      tags,
      summary: "Modifica dei dati personali, oppure della password (ciascuna invia solo i suoi campi)",
    }),
    handler: async (request) =>
      updateMe(deps, requireActor(request), { changes: request.body, keepGrantId: request.grantId }),
  });

  app.route({
    ...callRoute(CALLS.updateInvoice, { tags, summary: "Dati di fatturazione" }),
    handler: async (request) => updateInvoice(deps, requireActor(request), request.body),
  });

  app.route({
    ...callRoute(CALLS.devices, { tags, summary: "I dispositivi collegati all'account" }),
    handler: async (request) => listDevices(deps, requireActor(request), request.grantId),
  });

  app.route({
    ...callRoute(CALLS.endDevice, { tags, summary: "Esci da un dispositivo (revoca la sua sessione)" }),
    handler: async (request) =>
      endDevice(deps, requireActor(request), { deviceId: request.params.id, grantId: request.grantId }),
  });

  app.route({
    ...callRoute(CALLS.endAllDevices, {
      tags,
      summary: "Esci da tutti i dispositivi, compreso questo (revoca ogni sessione dell'account)",
    }),
    handler: async (request) => endAllDevices(deps, requireActor(request)),
  });

  // The second factor (ADR 036). A code or a password is guessed here as at the sign-in: few tries per account
  // and per address, counted once the body is valid, as a malformed one guesses nothing (route-limits.ts).
  app.route({
    ...callRoute(CALLS.secondFactor, { tags, summary: "La verifica in due passaggi: attiva o no" }),
    handler: async (request) => readSecondFactor(deps, requireActor(request)),
  });

  app.route({
    ...callRoute(CALLS.startSecondFactor, {
      tags,
      summary: "Nuova chiave per l'app di autenticazione (il QR code), da confermare con un primo codice",
    }),
    handler: async (request) => startEnrollment(deps, requireActor(request)),
  });

  app.route({
    ...callRoute(CALLS.confirmSecondFactor, {
      tags,
      summary: "Il primo codice dell'app attiva la verifica; la risposta ha i codici di recupero (una volta)",
    }),
    handler: async (request) => confirmEnrollment(deps, requireActor(request), request.body.code),
  });

  app.route({
    ...callRoute(CALLS.disableSecondFactor, {
      tags,
      summary: "Disattiva la verifica in due passaggi (con la password o un codice)",
    }),
    handler: async (request) => disableSecondFactor(deps, requireActor(request), request.body),
  });

  app.route({
    ...callRoute(CALLS.renewRecoveryCodes, {
      tags,
      summary: "Nuovi codici di recupero (con la password o un codice): i precedenti non valgono più",
    }),
    handler: async (request) => renewRecoveryCodes(deps, requireActor(request), request.body),
  });

  for (const [roleCall, change] of [
    [CALLS.grantRole, "grant"],
    [CALLS.revokeRole, "revoke"],
  ] as const) {
    app.route({
      ...callRoute(roleCall, {
        tags,
        summary: change === "grant" ? "Assegna un ruolo (solo admin)" : "Revoca un ruolo (solo admin)",
      }),
      handler: async (request) =>
        changeRole(deps, requireActor(request), {
          userId: request.params.id,
          role: request.params.role,
          change,
          keepGrantId: request.grantId,
          authTime: request.authTime,
        }),
    });
  }
};
