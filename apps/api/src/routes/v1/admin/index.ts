import { AdminUserListQuerySchema, AdminUserListSchema } from "@argine/core/catalogue/admin-api";
import { usersPolicy } from "@argine/core/identity/policy";
import { ROLES, type Role } from "@argine/core/identity/roles";
import { recordAudit } from "@argine/db/queries/audit";
import { listUsers } from "@argine/db/queries/catalogue";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { only, requireActor } from "../../../identity/authenticate.ts";

// The admin workspace (issue 5): the users with their roles. Every route is for admins only, decided before
// the body is even read (401 anonymous, 403 anyone else). The catalogue's admin routes are
// routes/v1/catalogue/admin.ts.

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const usersAdmin = only((actor) => usersPolicy(actor, "list"));

  const audit = (
    request: FastifyRequest,
    action: string,
    resourceType: string,
    resourceId: string,
    meta?: object,
  ) =>
    recordAudit(app.db, {
      actorId: requireActor(request).userId,
      action,
      resourceType,
      resourceId,
      ...(meta ? { meta: { ...meta } } : {}),
    });

  // ─── Users ─────────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    "/admin/users",
    {
      onRequest: usersAdmin,
      schema: {
        tags: ["admin"],
        summary: "Gli utenti con i loro ruoli, cercati per email o nome, a pagine (solo admin)",
        querystring: AdminUserListQuerySchema,
        response: { 200: AdminUserListSchema },
      },
    },
    async (request) => {
      const { q, page, pageSize } = request.query;
      const { total, data } = await listUsers(app.db, {
        ...(q ? { q } : {}),
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      // Reading other people's accounts is a staff read of personal data: it leaves a trace (ids only).
      if (data.length) await audit(request, "user.list", "user", data.map((u) => u.id).join(","));
      return {
        total,
        data: data.map((u) => ({
          id: u.id,
          email: u.email,
          name: u.name,
          lastname: u.lastname,
          roles: u.roles.filter((r): r is Role => (ROLES as readonly string[]).includes(r)),
          emailVerified: u.emailVerifiedAt !== null,
          createdAt: u.createdAt.toISOString(),
        })),
      };
    },
  );
};
