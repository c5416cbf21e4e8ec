import { AppError } from "@argine/core/errors/app-error";
import { usersPolicy } from "@argine/core/identity/policy";
import type { Role } from "@argine/core/identity/roles";
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
import { type BillingData, BillingDataSchema } from "@argine/core/invoice/billing-data";
import type { CountryCode } from "@argine/core/invoice/countries";
import { MESSAGES } from "@argine/core/shared/messages";
import type { Db } from "@argine/db/client";
import { recordAudit } from "@argine/db/queries/audit";
import { revokeOidcAccount } from "@argine/db/queries/oidc";
import {
  consumeUserToken,
  createUser,
  createUserToken,
  findBilling,
  findUserByEmail,
  findUserById,
  grantRole,
  listRoles,
  revokeRole,
  updateUser,
  upsertBilling,
} from "@argine/db/queries/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor } from "../../../identity/authenticate.ts";
import { hashToken, newLinkToken } from "../../../identity/link-tokens.ts";
import { hashPassword, verifyPassword } from "../../../identity/passwords.ts";
import { alreadyRegisteredMail, passwordResetMail, verificationMail } from "../../../mail/templates.ts";

const VERIFY_TTL_MS = 48 * 3600 * 1000;
const RESET_TTL_MS = 3600 * 1000;
// Guessable or costly calls: a few per minute per IP is plenty for a person.
const publicLimit = { rateLimit: { max: 5, timeWindow: "1 minute" } };

async function issueToken(db: Db, userId: string, kind: "verify" | "reset", ttlMs: number): Promise<string> {
  const token = newLinkToken();
  await createUserToken(db, {
    tokenHash: hashToken(token),
    userId,
    kind,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** The account as the API sees it; `roles` are the caller's token roles (what authorization uses) when given. */
async function me(db: Db, userId: string, roles?: readonly Role[]) {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError("NOT_FOUND");
  const billing = await findBilling(db, userId);
  const invoice: BillingData | null = billing
    ? {
        taxCode: billing.taxCode,
        address: billing.address,
        zip: billing.cap,
        city: billing.city,
        province: billing.province ?? undefined,
        country: billing.country as CountryCode,
      }
    : null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    lastname: user.lastname,
    cellPhone: user.cellPhone,
    marketingConsent: user.marketingConsent,
    privacyConsent: user.privacyConsent,
    roles: roles ? [...roles] : ((await listRoles(db, userId)) as Role[]),
    invoice,
  };
}

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl, identity } = app.config;
  const link = (path: string, token: string) => `${publicUrl}${path}?token=${encodeURIComponent(token)}`;
  const embeddedOnly = () => {
    if (!identity.embedded)
      throw new AppError("NOT_FOUND", "Gli account sono gestiti dal provider di accesso esterno.");
  };

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
    async (request, reply) => {
      embeddedOnly();
      const body = request.body;
      const created = await createUser(app.db, {
        email: body.email,
        name: body.name,
        lastname: body.lastname,
        cellPhone: body.cellPhone ?? null,
        passwordHash: await hashPassword(body.password),
        privacyConsent: body.privacyConsent,
        marketingConsent: body.marketingConsent,
      });
      if (created) {
        const token = await issueToken(app.db, created.id, "verify", VERIFY_TTL_MS);
        await app.deps.jobs.send(
          app.db,
          "mail",
          verificationMail(created.email, created.name, link("/account/verify", token)),
        );
      } else {
        // The address is taken: tell its owner, not the caller.
        const existing = await findUserByEmail(app.db, body.email);
        if (existing) {
          await app.deps.jobs.send(
            app.db,
            "mail",
            alreadyRegisteredMail(
              existing.email,
              existing.name,
              `${publicUrl}/account/login`,
              `${publicUrl}/account/reset`,
            ),
          );
        }
      }
      return reply.status(202).send({ message: MESSAGES.registrationSent });
    },
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
    async (request) => {
      const userId = await consumeUserToken(app.db, hashToken(request.body.token), "verify");
      if (!userId) throw new AppError("INVALID_TOKEN");
      await updateUser(app.db, userId, { emailVerifiedAt: new Date() });
      return { message: MESSAGES.emailVerified };
    },
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
    async (request, reply) => {
      embeddedOnly();
      const user = await findUserByEmail(app.db, request.body.email);
      if (user && !user.emailVerifiedAt) {
        const token = await issueToken(app.db, user.id, "verify", VERIFY_TTL_MS);
        await app.deps.jobs.send(
          app.db,
          "mail",
          verificationMail(user.email, user.name, link("/account/verify", token)),
        );
      }
      return reply.status(202).send({ message: MESSAGES.verificationResent });
    },
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
    async (request, reply) => {
      embeddedOnly();
      const user = await findUserByEmail(app.db, request.body.email);
      if (user) {
        const token = await issueToken(app.db, user.id, "reset", RESET_TTL_MS);
        await app.deps.jobs.send(
          app.db,
          "mail",
          passwordResetMail(user.email, user.name, link("/account/reset", token)),
        );
      }
      return reply.status(202).send({ message: MESSAGES.resetSent });
    },
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
    async (request) => {
      const userId = await consumeUserToken(app.db, hashToken(request.body.token), "reset");
      if (!userId) throw new AppError("INVALID_TOKEN");
      // Following the mailed link proves the address too.
      const user = await findUserById(app.db, userId);
      await updateUser(app.db, userId, {
        passwordHash: await hashPassword(request.body.password),
        ...(user?.emailVerifiedAt ? {} : { emailVerifiedAt: new Date() }),
      });
      // Whoever knew the old password is signed out everywhere: every session and refresh token goes.
      await revokeOidcAccount(app.db, userId);
      return { message: MESSAGES.passwordReset };
    },
  );

  app.get(
    "/users/me",
    { schema: { tags: ["identity"], summary: "I dati dell'utente collegato", response: { 200: MeSchema } } },
    async (request) => {
      const actor = requireActor(request);
      return me(app.db, actor.userId, actor.roles);
    },
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
    async (request) => {
      const { userId, roles } = requireActor(request);
      const body = request.body;
      if ("oldPassword" in body) {
        const user = await findUserById(app.db, userId);
        if (!(await verifyPassword(user?.passwordHash, body.oldPassword))) {
          throw new AppError("WRONG_PASSWORD", undefined, {
            issues: [{ path: ["oldPassword"], message: MESSAGES.wrongPassword }],
          });
        }
        await updateUser(app.db, userId, { passwordHash: await hashPassword(body.password) });
        // Every other session and refresh token of the account goes; the one making the change stays.
        if (identity.embedded) await revokeOidcAccount(app.db, userId, request.grantId ?? undefined);
      } else {
        await updateUser(app.db, userId, {
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.lastname === undefined ? {} : { lastname: body.lastname }),
          ...(body.cellPhone === undefined ? {} : { cellPhone: body.cellPhone || null }),
          ...(body.marketingConsent === undefined ? {} : { marketingConsent: body.marketingConsent }),
        });
      }
      return me(app.db, userId, roles);
    },
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
    async (request) => {
      const { userId, roles } = requireActor(request);
      const b = request.body;
      await upsertBilling(app.db, {
        userId,
        taxCode: b.taxCode,
        address: b.address,
        cap: b.zip ?? "",
        city: b.city,
        province: b.province || null,
        country: b.country,
      });
      return me(app.db, userId, roles);
    },
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
      handler: async (request) => {
        const actor = requireActor(request);
        if (!usersPolicy(actor, "manage-roles")) throw new AppError("FORBIDDEN");
        const { id, role } = request.params;
        if (!(await findUserById(app.db, id))) throw new AppError("NOT_FOUND");
        // An admin cannot lock themselves out: another admin has to take the role away.
        if (method === "DELETE" && role === "admin" && id === actor.userId) {
          throw new AppError("CONFLICT", MESSAGES.ownAdminRole);
        }
        await (method === "PUT" ? grantRole : revokeRole)(app.db, id, role);
        await recordAudit(app.db, {
          actorId: actor.userId,
          action: method === "PUT" ? "user.role.grant" : "user.role.revoke",
          resourceType: "user",
          resourceId: id,
          meta: { role },
        });
        return me(app.db, id);
      },
    });
  }
};
