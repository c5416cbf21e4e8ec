import type { AdminUserList, Me } from "@argine/core/identity/users-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { auditLog } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  startIdentityServer,
} from "../../../../test/identity.ts";

// The users part of the admin workspace (moved here from admin.integration.test.ts with its route).

interface ErrorBody {
  code: string;
  message: string;
}

describe.each(testDbKinds())("admin workspace: users on %s", (kind) => {
  let s: IdentityServer;
  let admin = "";
  let lawyer = "";
  let client = "";
  let adminId = "";

  beforeAll(async () => {
    s = await startIdentityServer(kind);
    ({ admin, lawyer, client } = await demoTokens(s));
    adminId = (await call<Me>(admin, "/users/me")).body.id;
  });
  afterAll(() => s.close());

  const call = <T>(token: string, path: string, method = "GET") => apiCaller(s)<T>(token, path, method);
  const audits = (action: string, resourceId: string) =>
    s.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.resourceId, resourceId)));

  it("answers 401 without a session and 403 to clients and lawyers", async () => {
    expect((await fetch(`${s.base}/v1/admin/users`)).status).toBe(401);
    const head = await fetch(`${s.base}/v1/admin/users`, {
      method: "HEAD",
      headers: { authorization: `Bearer ${client}` },
    });
    expect(head.status).toBe(403);
    for (const token of [client, lawyer]) {
      const res = await call<ErrorBody>(token, "/admin/users");
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.forbidden);
    }
  });

  it("lists users with roles and verification, newest first, paged", async () => {
    const { status, body } = await call<AdminUserList>(admin, "/admin/users?pageSize=2");
    expect(status).toBe(200);
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.data).toHaveLength(2);
    const all = await call<AdminUserList>(admin, "/admin/users?pageSize=100");
    const lawyerRow = all.body.data.find((u) => u.email === "avvocato@demo.argine.it");
    expect(lawyerRow).toMatchObject({
      name: "Marco",
      lastname: "Rinaldi",
      roles: ["lawyer"],
      emailVerified: true,
    });
    expect(Object.keys(lawyerRow ?? {}).sort()).toEqual(
      ["createdAt", "email", "emailVerified", "id", "lastname", "name", "roles"].sort(),
    );
    const second = await call<AdminUserList>(admin, "/admin/users?pageSize=2&page=2");
    expect(second.body.data.map((u) => u.id)).toEqual(all.body.data.slice(2, 4).map((u) => u.id));
  });

  it("searches any part of the email or of the full name, in any case", async () => {
    const byEmail = await call<AdminUserList>(admin, "/admin/users?q=AVVOCATO@demo");
    expect(byEmail.body.data.map((u) => u.email)).toEqual(["avvocato@demo.argine.it"]);
    const byName = await call<AdminUserList>(admin, `/admin/users?q=${encodeURIComponent("giulia esp")}`);
    expect(byName.body.data.map((u) => u.email)).toEqual(["cliente@demo.argine.it"]);
    expect(byName.body.total).toBe(1);
    // LIKE wildcards are taken literally.
    expect((await call<AdminUserList>(admin, "/admin/users?q=%25")).body.total).toBe(0);
  });

  it("grants and revokes roles through the users routes, with an audit line; an admin keeps their own role", async () => {
    const list = await call<AdminUserList>(admin, "/admin/users?q=cliente@demo");
    const clientId = list.body.data[0]?.id ?? "";
    expect((await call<Me>(admin, `/users/${clientId}/roles/lawyer`, "PUT")).body.roles).toEqual(["lawyer"]);
    expect((await call<AdminUserList>(admin, "/admin/users?q=cliente@demo")).body.data[0]?.roles).toEqual([
      "lawyer",
    ]);
    expect((await call<Me>(admin, `/users/${clientId}/roles/lawyer`, "DELETE")).body.roles).toEqual([]);
    const trail = [
      ...(await audits("user.role.grant", clientId)),
      ...(await audits("user.role.revoke", clientId)),
    ];
    expect(trail.map((a) => [a.actorId, a.meta])).toEqual([
      [adminId, { role: "lawyer" }],
      [adminId, { role: "lawyer" }],
    ]);

    const self = await call<ErrorBody>(admin, `/users/${adminId}/roles/admin`, "DELETE");
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(MESSAGES.ownAdminRole);
  });

  it("records the admin's read of the users, by id only", async () => {
    const { body } = await call<AdminUserList>(admin, "/admin/users?q=avvocato");
    const rows = await audits("user.list", body.data.map((u) => u.id).join(","));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(rows)).not.toContain("avvocato@");
  });
});
