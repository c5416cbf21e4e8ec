import { randomUUID } from "node:crypto";
import type { Actor } from "@argine/core/identity/policy";
import { claimSession, findCurrentSession } from "@argine/db/queries/legalization";
import { findUserByEmail } from "@argine/db/queries/users";
import { practices, services } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IdentityServer, startIdentityServer } from "../../test/identity.ts";
import { CLAIM_TIMEOUT_MS, getSession, startSession } from "./legalization-service.ts";

// A capture's start that met PostgreSQL failing (issue 39's fault drill, scripts/cluster/fault-drill.ts): the
// claim's insert committed but its answer was lost (a partition), or the provider's answer was not recorded,
// so the claim has no provider session. It was shown preparing to every poll, its stop refused, until a new
// start two minutes later; now any read drops it once older than a start can last, and the client starts again.

describe.each(testDbKinds())("a capture's claim the provider's answer never reached, on %s", (kind) => {
  let s: IdentityServer;
  let actor: Actor;
  const serviceOf = async (ticketCode: string) => {
    const [practice] = await s.handle.db
      .insert(practices)
      .values({ ticketCode, ownerId: actor.userId })
      .returning({ id: practices.id });
    const [row] = await s.handle.db
      .insert(services)
      .values({ practiceId: practice?.id as string, serviceType: "LEGALIZATION" })
      .returning({ id: services.id });
    return row?.id as string;
  };
  const claim = (serviceId: string, ageMs: number) =>
    claimSession(s.handle.db, {
      id: randomUUID(),
      serviceId,
      provider: s.app.deps.legalization.name,
      state: "VM_PREPARING",
      step: null,
      url: "https://example.org/pagina",
      startedAt: new Date(Date.now() - ageMs),
    });
  beforeAll(async () => {
    s = await startIdentityServer(kind);
    const client = await findUserByEmail(s.handle.db, "cliente@demo.argine.it");
    actor = { userId: client?.id ?? "", roles: [] };
  });
  afterAll(() => s.close());

  it("is dropped by the next read once stale, and a new start reaches the provider", async () => {
    const serviceId = await serviceOf("AR-CLAIM-1");
    await claim(serviceId, CLAIM_TIMEOUT_MS + 1_000);
    expect(await getSession(s.app.deps, actor, serviceId)).toBeNull();
    const started = await startSession(s.app.deps, actor, serviceId, { url: "https://example.org/pagina" });
    expect(started.state).toBe("VM_PREPARING");
    expect((await findCurrentSession(s.handle.db, serviceId))?.providerSessionId).toBeTruthy();
  });

  it("is kept while a start may still be waiting for the provider", async () => {
    const serviceId = await serviceOf("AR-CLAIM-2");
    const claimed = await claim(serviceId, 1_000);
    expect(await getSession(s.app.deps, actor, serviceId)).toMatchObject({ sessionId: claimed?.id });
    expect(
      (await startSession(s.app.deps, actor, serviceId, { url: "https://example.org/altra" })).sessionId,
    ).toBe(claimed?.id);
  });
});
