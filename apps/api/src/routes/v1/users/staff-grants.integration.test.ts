import { STAFF_GRANT_MAX_AUTH_AGE_SECONDS } from "@argine/core/identity/sign-in-guard";
import type { Me } from "@argine/core/identity/users-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { createUser, grantRole } from "@argine/db/queries/users";
import { DEMO_PASSWORD } from "@argine/db/seed";
import { testDbKinds } from "@argine/db/testing";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  type IdentityServer,
  registerVerified,
  signIn,
  startIdentityServer,
} from "../../../../test/identity.ts";
import { hashPassword } from "../../../identity/passwords.ts";

// ADR 035: a staff role opens every victim's case, so its grant needs a fresh sign-in (the access token's
// auth_time) and the other admins hear of it.

const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { auth_time?: number };

describe.each(testDbKinds())("staff grants on %s", (kind) => {
  let s: IdentityServer;
  const clock = new TestClock(Date.now());

  // An admin of its own, without a second factor: the demo admin's authenticator codes follow this frozen
  // clock, and each is accepted once (ADR 036), so the same admin could not sign in twice.
  const ADMIN = "admin.grants@example.org";
  beforeAll(async () => {
    s = await startIdentityServer(kind, {}, () => ({}), clock);
    const admin = await createUser(s.handle.db, {
      email: ADMIN,
      name: "Admin",
      lastname: "Grants",
      passwordHash: await hashPassword(DEMO_PASSWORD),
      privacyConsent: true,
      marketingConsent: false,
      emailVerifiedAt: new Date(),
    });
    await grantRole(s.handle.db, admin?.id as string, "admin");
  });
  afterAll(() => s.close());

  const call = <T>(token: string, path: string, method = "GET") => apiCaller(s)<T>(token, path, method);
  const adminToken = async () => (await signIn(s, ADMIN, DEMO_PASSWORD)).tokens?.access_token ?? "";

  it("puts the sign-in's time in the embedded provider's access tokens", async () => {
    const before = Math.floor(Date.now() / 1000);
    const { auth_time } = claims(await adminToken());
    expect(auth_time).toBeGreaterThanOrEqual(before - 1);
    expect(auth_time).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  });

  it("refuses a grant from a sign-in older than five minutes with its own code, then makes it after a fresh one", async () => {
    // Made in the database: registering waits for its mail, which the frozen clock would hold in the queue.
    const user = await createUser(s.handle.db, {
      email: "nuova.avvocata@example.org",
      name: "Nuova",
      lastname: "Avvocata",
      privacyConsent: true,
      marketingConsent: false,
      emailVerifiedAt: new Date(),
    });
    const userId = user?.id as string;
    const stale = await adminToken();
    // The API's clock moves on past the limit; the token itself is still valid.
    await clock.setTime(Date.now() + (STAFF_GRANT_MAX_AUTH_AGE_SECONDS + 30) * 1000);
    const refused = await call<{ code: string; message: string }>(
      stale,
      `/users/${userId}/roles/lawyer`,
      "PUT",
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: "REAUTHENTICATION_REQUIRED",
      message: MESSAGES.reauthenticationRequired,
    });
    // A revocation needs no fresh sign-in: taking access away is never the risk.
    expect((await call<Me>(stale, `/users/${userId}/roles/lawyer`, "DELETE")).status).toBe(200);
    await clock.setTime(Date.now());
    const fresh = await adminToken();
    const granted = await call<Me>(fresh, `/users/${userId}/roles/lawyer`, "PUT");
    expect(granted.status).toBe(200);
    expect(granted.body.roles).toEqual(["lawyer"]);
  });
});

// On a real clock: the grant's mails go through the job queue, which a frozen clock would hold back.
describe.each(testDbKinds())("staff grants' mails on %s", (kind) => {
  let s: IdentityServer;
  beforeAll(async () => {
    s = await startIdentityServer(kind);
  });
  afterAll(() => s.close());

  const call = <T>(token: string, path: string, method = "GET") => apiCaller(s)<T>(token, path, method);
  const adminToken = async () =>
    (await signIn(s, "admin@demo.argine.it", DEMO_PASSWORD)).tokens?.access_token ?? "";

  it("mails the other admins, not the one who granted the role", async () => {
    const otherAdmin = "seconda.admin@example.org";
    const otherId = await registerVerified(s, otherAdmin, "Girasole-Lento-42");
    const token = await adminToken();
    expect((await call<Me>(token, `/users/${otherId}/roles/admin`, "PUT")).status).toBe(200);
    const userId = await registerVerified(s, "altro.avvocato@example.org", "Girasole-Lento-42");
    const sentBefore = s.mailer.sent.filter((m) => m.to === "admin@demo.argine.it").length;
    expect((await call<Me>(token, `/users/${userId}/roles/lawyer`, "PUT")).status).toBe(200);

    const mail = await s.mailer.lastTo(otherAdmin);
    expect(mail?.subject).toBe("Un ruolo dello staff è stato assegnato");
    expect(mail?.text).toContain("ha assegnato il ruolo di avvocato a Anna Bianchi");
    expect(mail?.text).toContain(`${s.base}/dashboard/admin`);
    expect(s.mailer.sent.filter((m) => m.to === "admin@demo.argine.it")).toHaveLength(sentBefore);
  });
});
