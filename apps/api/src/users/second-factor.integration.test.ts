import { MESSAGES } from "@argine/core/shared/messages";
import { findSecondFactor } from "@argine/db/queries/second-factor";
import { createUser, grantRole } from "@argine/db/queries/users";
import { testDbKinds } from "@argine/db/testing";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  type IdentityServer,
  signIn,
  startIdentityServer,
  totpCode,
} from "../../test/identity.ts";
import { now } from "../clock.ts";
import { hashPassword } from "../identity/passwords.ts";

// ADR 036: a lawyer without a second factor sees the lists but opens no case; she turns the factor on in her
// profile, signs in with a code (or a recovery code, once each), and opens it.

const PASSWORD = "Girasole-Lento-42";

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as Record<string, unknown>;

describe.each(testDbKinds())("the second factor on %s", (kind) => {
  let s: IdentityServer;
  let api: ReturnType<typeof apiCaller>;
  let practiceId = "";
  let serviceId = "";
  const email = "avvocata.nuova@example.org";
  let secret = "";
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    s = await startIdentityServer(kind);
    api = apiCaller(s);
    const user = await createUser(s.handle.db, {
      email,
      name: "Laura",
      lastname: "Ferri",
      passwordHash: await hashPassword(PASSWORD),
      privacyConsent: true,
      marketingConsent: false,
      emailVerifiedAt: new Date(),
    });
    await grantRole(s.handle.db, user?.id ?? "", "lawyer");
    // A case and one of its services, as the demo lawyer (who has his factor) finds them.
    const demoLawyer =
      (await signIn(s, "avvocato@demo.argine.it", "Demo!Argine2026")).tokens?.access_token ?? "";
    const list = await api<{ data: { practiceId: string; ticketCode: string }[] }>(
      demoLawyer,
      "/practices?pageSize=50",
    );
    practiceId = list.body.data.find((p) => p.ticketCode === "AR-DEMO0006")?.practiceId ?? "";
    const detail = await api<{ services: { serviceId: string; serviceType: string }[] }>(
      demoLawyer,
      `/practices/${practiceId}`,
    );
    expect(detail.status).toBe(200);
    serviceId = detail.body.services.find((service) => service.serviceType === "TAKEDOWN")?.serviceId ?? "";
  });
  afterAll(() => s.close());

  it("a lawyer signed in with her password alone sees the lists but no case, its messages or its files", async () => {
    const result = await signIn(s, email, PASSWORD);
    const token = result.tokens?.access_token ?? "";
    expect(claimsOf(token).amr).toEqual(["pwd"]);
    expect((await api(token, "/practices")).status).toBe(200);
    expect((await api(token, "/practices/queue")).status).toBe(200);
    for (const path of [
      `/practices/${practiceId}`,
      `/practices/${practiceId}/comments`,
      `/services/takedown/${serviceId}/notices`,
    ]) {
      const refused = await api<{ code: string; message: string }>(token, path);
      expect(refused.status, path).toBe(403);
      expect(refused.body, path).toMatchObject({
        code: "SECOND_FACTOR_REQUIRED",
        message: MESSAGES.secondFactorRequired,
      });
    }
    expect((await api<{ requiredForCases: boolean }>(token, "/users/me/second-factor")).body).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      requiredForCases: true,
    });
  });

  it("she turns it on: the key, a wrong first code refused, the right one gives ten recovery codes", async () => {
    const token = (await signIn(s, email, PASSWORD)).tokens?.access_token ?? "";
    const setup = await api<{ secret: string; uri: string; qrCode: string }>(
      token,
      "/users/me/second-factor/setup",
      "POST",
    );
    expect(setup.status).toBe(200);
    secret = setup.body.secret;
    expect(setup.body.uri).toContain(`secret=${secret}`);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    // Sealed at rest: the key is nowhere in its row.
    const row = await findSecondFactor(s.handle.db, claimsOf(token).sub as string);
    expect(row?.sealedSecret).not.toContain(secret);
    expect(row?.confirmedAt).toBeNull();

    const wrong = await api<{ message: string }>(token, "/users/me/second-factor/confirm", "POST", {
      code: "12345",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MESSAGES.secondFactorWrongCode);

    const confirmed = await api<{ recoveryCodes: string[] }>(
      token,
      "/users/me/second-factor/confirm",
      "POST",
      {
        code: await totpCode(s, secret),
      },
    );
    expect(confirmed.status).toBe(200);
    recoveryCodes = confirmed.body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await api(token, "/users/me/second-factor")).body).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // A second start while it is on is refused.
    expect((await api(token, "/users/me/second-factor/setup", "POST")).status).toBe(409);
  });

  it("the password alone no longer signs her in; a wrong code is refused in Italian; the right one opens the case", async () => {
    const wrong = await signIn(s, email, PASSWORD, undefined, { secondFactor: { code: "000000" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body?.message).toBe(MESSAGES.secondFactorWrongCode);

    const result = await signIn(s, email, PASSWORD, undefined, { secondFactor: { secret } });
    expect(result.status).toBe(200);
    const token = result.tokens?.access_token ?? "";
    expect(claimsOf(token).amr).toEqual(["pwd", "otp"]);
    expect((await api(token, `/practices/${practiceId}`)).status).toBe(200);
    expect((await api(token, `/services/takedown/${serviceId}/notices`)).status).toBe(200);
  });

  it("a code already used is refused, even typed again within its period", async () => {
    const { clock, config } = s.app.deps;
    // The next period's code (accepted within the tolerance), used once, then again.
    const epoch = Math.floor(now(clock).getTime() / 1000) + config.identity.totpPeriodSeconds;
    const code = await generate({ secret, period: config.identity.totpPeriodSeconds, epoch });
    expect((await signIn(s, email, PASSWORD, undefined, { secondFactor: { code } })).status).toBe(200);
    const replay = await signIn(s, email, PASSWORD, undefined, { secondFactor: { code } });
    expect(replay.status).toBe(401);
    expect(replay.body?.message).toBe(MESSAGES.secondFactorWrongCode);
  });

  it("a recovery code signs her in once, however it is typed", async () => {
    const code = recoveryCodes[0] ?? "";
    const first = await signIn(s, email, PASSWORD, undefined, {
      secondFactor: { code: ` ${code.toUpperCase()} ` },
    });
    expect(first.status).toBe(200);
    expect((await signIn(s, email, PASSWORD, undefined, { secondFactor: { code } })).status).toBe(401);
    const token = first.tokens?.access_token ?? "";
    expect((await api(token, "/users/me/second-factor")).body).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it("new recovery codes replace the old ones; turning it off wants the password or a code", async () => {
    const token =
      (await signIn(s, email, PASSWORD, undefined, { secondFactor: { secret } })).tokens?.access_token ?? "";
    const renewed = await api<{ recoveryCodes: string[] }>(
      token,
      "/users/me/second-factor/recovery-codes",
      "POST",
      { password: PASSWORD },
    );
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect(
      (await signIn(s, email, PASSWORD, undefined, { secondFactor: { code: recoveryCodes[1] } })).status,
    ).toBe(401);

    const noProof = await api<{ message: string }>(token, "/users/me/second-factor/disable", "POST", {});
    expect(noProof.status).toBe(400);
    const wrongPassword = await api(token, "/users/me/second-factor/disable", "POST", {
      password: "sbagliata",
    });
    expect(wrongPassword.status).toBe(400);
    const off = await api(token, "/users/me/second-factor/disable", "POST", { password: PASSWORD });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false });
    // Straight in with the password again, and out of the cases.
    const plain = await signIn(s, email, PASSWORD, undefined, { secondFactor: { code: "000000" } });
    expect(plain.status).toBe(200);
    expect((await api(plain.tokens?.access_token ?? "", `/practices/${practiceId}`)).status).toBe(403);
  });

  it("a client may turn it on too, and the cases she owns need nothing more", async () => {
    const client = (await signIn(s, "cliente@demo.argine.it", "Demo!Argine2026")).tokens?.access_token ?? "";
    expect((await api(client, "/users/me/second-factor")).body).toMatchObject({
      enabled: false,
      requiredForCases: false,
    });
    expect((await api(client, `/practices/${practiceId}`)).status).toBe(200);
  });
});
