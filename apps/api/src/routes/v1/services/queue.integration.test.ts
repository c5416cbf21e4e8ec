import type { PracticeStatus } from "@argine/core/practices/practice-status";
import type { ServiceStatus } from "@argine/core/services/service-messages";
import type { ServiceType } from "@argine/core/services/service-type";
import type { PracticeService, ServiceQueue } from "@argine/core/services/services-api";
import { auditLog, practices, services, users } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  randomIp,
  startIdentityServer,
} from "../../../../test/identity.ts";

// The staff's queue (ADR 020): paid services waiting for work, the caller's first, then nobody's, then the
// colleagues', oldest first within each; and who may take or hand out a service, and what taking it starts.

const DAY_MS = 24 * 60 * 60 * 1000;
const DATES = { firstEventDate: "2026-11-01", lastEventDate: "2026-11-02" };
const ANSWERS = { category: "REVENGEPORN", victimIsMinor: false, authorKnown: true, ...DATES };

describe.each(testDbKinds())("the staff's queue of services on %s", (kind) => {
  let s: IdentityServer;
  let client = "";
  let lawyer = "";
  let admin = "";
  const ids = { client: "", lawyer: "", admin: "" };
  beforeAll(async () => {
    s = await startIdentityServer(kind);
    ({ client, lawyer, admin } = await demoTokens(s));
    const rows = await s.handle.db.select().from(users);
    const idOf = (email: string) => rows.find((row) => row.email === email)?.id ?? "";
    ids.client = idOf("cliente@demo.argine.it");
    ids.lawyer = idOf("avvocato@demo.argine.it");
    ids.admin = idOf("admin@demo.argine.it");
  });
  afterAll(() => s.close());

  const call = <T>(token: string, path: string, method = "GET", body?: unknown) =>
    apiCaller(s)<T>(token, path, method, body);

  /** A practice as the questionnaire makes it, set to `status` as a paid one would be. */
  const practice = async (status: PracticeStatus = "OPEN") => {
    const res = await fetch(`${s.base}/v1/feedback`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({ answers: ANSWERS, statementOfTruth: true, privacyAccepted: true }),
    });
    expect(res.status).toBe(201);
    const { practiceId } = (await res.json()) as { practiceId: string };
    await s.handle.db.update(practices).set({ status }).where(eq(practices.id, practiceId));
    return practiceId;
  };

  /** A paid service, made `daysAgo` days ago (its age in the queue). */
  const service = async (
    practiceId: string,
    serviceType: ServiceType,
    daysAgo: number,
    more: { status?: ServiceStatus; assignedLawyerId?: string } = {},
  ) => {
    const [row] = await s.handle.db
      .insert(services)
      .values({ practiceId, serviceType, createdAt: new Date(Date.now() - daysAgo * DAY_MS), ...more })
      .returning();
    return row?.id ?? "";
  };

  /** The queue as `token` reads it, only the services this test made. */
  const queueOf = async (token: string, made: string[], query = "") => {
    const res = await call<ServiceQueue>(token, `/services/queue${query}`);
    expect(res.status).toBe(200);
    return { ...res.body, items: res.body.items.filter((item) => made.includes(item.serviceId)) };
  };

  it("lists the caller's work first, then nobody's, then the colleagues', oldest first, and only what waits", async () => {
    const open = await practice();
    const closed = await practice("CLOSED");
    const free = await service(open, "INJUCTION", 5);
    const theirs = await service(open, "ADVICE", 10, { status: "IN_PROGRESS", assignedLawyerId: ids.admin });
    const mine = await service(open, "TAKEDOWN", 1, { assignedLawyerId: ids.lawyer });
    const defence = await service(open, "DEFENCE", 8);
    const done = await service(open, "INJUCTION", 20, { status: "COMPLETED" });
    const capture = await service(open, "LEGALIZATION", 20);
    const onClosed = await service(closed, "INJUCTION", 20);
    const made = [free, theirs, mine, defence, done, capture, onClosed];

    const forLawyer = await queueOf(lawyer, made);
    expect(forLawyer.items.map((item) => item.serviceId)).toEqual([mine, defence, free, theirs]);
    expect(forLawyer.items[0]).toMatchObject({
      serviceType: "TAKEDOWN",
      status: "TO_START",
      practiceId: open,
      assignedLawyer: { id: ids.lawyer, name: "Marco Rinaldi" },
      mandateAccepted: null,
    });
    expect(forLawyer.items[1]).toMatchObject({ serviceType: "DEFENCE", mandateAccepted: false });
    expect(forLawyer.items[3]?.assignedLawyer).toEqual({ id: ids.admin, name: "Chiara Conti" });
    const [row] = await s.handle.db.select().from(services).where(eq(services.id, free));
    expect(forLawyer.items[2]?.paidAt).toBe(row?.createdAt.toISOString());
    // Who work can go to: lawyers and admins, never a client.
    const team = await call<{ id: string }[]>(lawyer, "/services/team");
    expect(team.body.map((one) => one.id).sort()).toEqual([ids.admin, ids.lawyer].sort());
    expect((await call(client, "/services/team")).status).toBe(403);

    // The admin's own first: the same services, another order.
    const forAdmin = await queueOf(admin, made);
    expect(forAdmin.items.map((item) => item.serviceId)).toEqual([theirs, defence, free, mine]);

    const injunctions = await queueOf(lawyer, made, "?serviceType=INJUCTION");
    expect(injunctions.items.map((item) => item.serviceId)).toEqual([free]);
    expect((await call(lawyer, "/services/queue?serviceType=NOPE")).status).toBe(400);

    const read = await s.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, ids.lawyer), eq(auditLog.action, "service.queue")));
    expect(read.some((line) => line.resourceId.split(",").includes(free))).toBe(true);
  });

  it("is for staff only", async () => {
    const own = await practice();
    await s.handle.db.update(practices).set({ ownerId: ids.client }).where(eq(practices.id, own));
    const id = await service(own, "INJUCTION", 1);
    expect((await call(client, "/services/queue")).status).toBe(403);
    expect((await call(client, `/services/${id}/assignment`, "PUT", { lawyerId: ids.client })).status).toBe(
      403,
    );
    const [row] = await s.handle.db.select().from(services).where(eq(services.id, id));
    expect(row?.assignedLawyerId).toBeNull();
  });

  it("starts a service taken before it started, but a defence only once its mandate is accepted", async () => {
    const open = await practice();
    const notice = await service(open, "INJUCTION", 2);
    const defence = await service(open, "DEFENCE", 2);
    const taken = await call<PracticeService>(lawyer, `/services/${notice}/assignment`, "PUT", {
      lawyerId: ids.lawyer,
    });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({
      status: "IN_PROGRESS",
      assignedLawyer: { id: ids.lawyer, name: "Marco Rinaldi" },
    });
    const waiting = await call<PracticeService>(lawyer, `/services/${defence}/assignment`, "PUT", {
      lawyerId: ids.lawyer,
    });
    expect(waiting.body).toMatchObject({ status: "TO_START", assignedLawyer: { id: ids.lawyer } });

    // The change's own lines: who has it (from whom), and the start.
    const lines = await s.handle.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.resourceId, notice), inArray(auditLog.action, ["service.assign", "service.status"])),
      );
    expect(lines.map((line) => [line.action, line.meta])).toEqual([
      ["service.assign", { from: null, to: ids.lawyer }],
      ["service.status", { from: "TO_START", to: "IN_PROGRESS" }],
    ]);

    // Put back in the queue, the work keeps its status; handed to a colleague, it is theirs.
    const released = await call<PracticeService>(admin, `/services/${notice}/assignment`, "PUT", {
      lawyerId: null,
    });
    expect(released.body).toMatchObject({ status: "IN_PROGRESS", assignedLawyer: null });
    const handed = await call<PracticeService>(lawyer, `/services/${notice}/assignment`, "PUT", {
      lawyerId: ids.admin,
    });
    expect(handed.body.assignedLawyer).toEqual({ id: ids.admin, name: "Chiara Conti" });
    // A colleague's work is not taken by a lawyer; an admin hands it over.
    const takeBack = await call<{ message: string }>(lawyer, `/services/${notice}/assignment`, "PUT", {
      lawyerId: ids.lawyer,
    });
    expect(takeBack).toMatchObject({
      status: 409,
      body: { message: "Il servizio è già assegnato a un collega: solo un amministratore può riassegnarlo." },
    });
    const forLawyer = await queueOf(lawyer, [notice, defence]);
    expect(forLawyer.items.map((item) => item.serviceId)).toEqual([defence, notice]);
  });

  it("hands work only to the legal team, and does not start it on a closed practice", async () => {
    const closed = await practice("CLOSED");
    const id = await service(closed, "INJUCTION", 1);
    const refused = await call<{ message: string }>(admin, `/services/${id}/assignment`, "PUT", {
      lawyerId: ids.client,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("La persona scelta non fa parte del team legale.");
    const taken = await call<PracticeService>(lawyer, `/services/${id}/assignment`, "PUT", {
      lawyerId: ids.lawyer,
    });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ status: "TO_START", assignedLawyer: { id: ids.lawyer } });
    const unknown = "0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b";
    expect((await call(lawyer, `/services/${unknown}/assignment`, "PUT", { lawyerId: null })).status).toBe(
      404,
    );
  });
});
