import type { PracticeDetail, PracticeQueue, PracticeSummary } from "@argine/core/practices/practices-api";
import { auditLog, practices } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  randomIp,
  startIdentityServer,
} from "../../../../test/identity.ts";

// Urgent cases first, for the lawyer. A case the engine sends to a person is marked, listed first
// until a lawyer takes it, and never offers a capture or a takedown of a minor's sexual images.

const DATES = { firstEventDate: "2026-11-01", lastEventDate: "2026-11-02" };
const MINOR_SEXUAL = { category: "REVENGEPORN", victimIsMinor: true, sexuallyExplicit: true, ...DATES };
const MINOR_EXTORTION = {
  category: "EXTORTION",
  victimIsMinor: true,
  demand: true,
  sexuallyExplicit: false,
  ...DATES,
};
const FLAGS_OFF = {
  serviceTakedownActive: false,
  serviceLegalizationActive: false,
  serviceInjuctionActive: true,
  serviceAdviceActive: true,
};

describe.each(testDbKinds())("the lawyer's urgent cases and work queue on %s", (kind) => {
  let s: IdentityServer;
  let client = "";
  let lawyer = "";
  let admin = "";
  beforeAll(async () => {
    s = await startIdentityServer(kind);
    ({ client, lawyer, admin } = await demoTokens(s));
  });
  afterAll(() => s.close());

  const call = <T>(token: string, path: string, method = "GET", body?: unknown) =>
    apiCaller(s)<T>(token, path, method, body);
  type List = { total: number; data: PracticeSummary[] };
  type Problem = { message: string };

  /** A questionnaire sent by a visitor: an unowned PENDING practice. */
  const submit = async (answers: Record<string, unknown>) => {
    const res = await fetch(`${s.base}/v1/feedback`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({ answers, statementOfTruth: true, privacyAccepted: true }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { practiceId: string }).practiceId;
  };
  const audit = async (practiceId: string, action: string) =>
    s.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceId, practiceId), eq(auditLog.action, action)));

  it("marks a minor's sexual images 'da esaminare subito', lists them before every other case, and offers no capture or takedown", async () => {
    const id = await submit(MINOR_SEXUAL);
    const detail = await call<PracticeDetail>(lawyer, `/practices/${id}`);
    expect(detail.body).toMatchObject({
      humanReview: true,
      urgent: true,
      humanReviewReason: "MINOR_SEXUAL_CONTENT",
      minorSexualContent: true,
      assignedLawyer: null,
      ...FLAGS_OFF,
    });

    const list = await call<List>(lawyer, "/practices");
    const urgent = list.body.data.map((p) => p.urgent);
    expect(urgent.indexOf(false)).toBeGreaterThan(urgent.lastIndexOf(true));
    expect(list.body.data.filter((p) => p.urgent).map((p) => p.practiceId)).toContain(id);
    // The other filters keep urgent cases first too.
    const pending = await call<List>(lawyer, "/practices?status=PENDING");
    expect(pending.body.data[0]?.urgent).toBe(true);

    const onlyUrgent = await call<List>(lawyer, "/practices?urgent=true");
    expect(onlyUrgent.body.data.every((p) => p.urgent)).toBe(true);
    expect(onlyUrgent.body.data.map((p) => p.practiceId)).toContain(id);
    const others = await call<List>(lawyer, "/practices?urgent=false");
    expect(others.body.data.some((p) => p.urgent || p.practiceId === id)).toBe(false);

    // Not by the flags, not for staff: the API refuses to switch a capture or a takedown on.
    for (const flag of ["serviceLegalizationActive", "serviceTakedownActive"] as const) {
      const refused = await call<Problem>(admin, `/practices/${id}/services-active`, "PATCH", {
        ...FLAGS_OFF,
        [flag]: true,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain("non si offrono l'acquisizione forense né il takedown");
    }
    const [row] = await s.handle.db.select().from(practices).where(eq(practices.id, id));
    expect(row).toMatchObject({ serviceLegalizationActive: false, serviceTakedownActive: false });
    const allowed = await call<PracticeDetail>(lawyer, `/practices/${id}/services-active`, "PATCH", {
      ...FLAGS_OFF,
      serviceAdviceActive: false,
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body.serviceAdviceActive).toBe(false);
  });

  it("lets staff offer the takedown after their review when the case waits for a person for another reason", async () => {
    const id = await submit(MINOR_EXTORTION);
    const detail = await call<PracticeDetail>(lawyer, `/practices/${id}`);
    expect(detail.body).toMatchObject({
      humanReview: true,
      humanReviewReason: "MINOR_EXTORTION",
      minorSexualContent: false,
      ...FLAGS_OFF,
    });
    const reviewed = await call<PracticeDetail>(lawyer, `/practices/${id}/services-active`, "PATCH", {
      ...FLAGS_OFF,
      serviceTakedownActive: true,
    });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body.serviceTakedownActive).toBe(true);
  });

  it("starts an ordinary questionnaire's case with every service on and no mark", async () => {
    const id = await submit({ category: "DEFAMATION", ...DATES });
    const detail = await call<PracticeDetail>(lawyer, `/practices/${id}`);
    expect(detail.body).toMatchObject({
      humanReview: false,
      urgent: false,
      humanReviewReason: null,
      minorSexualContent: false,
      serviceTakedownActive: true,
      serviceLegalizationActive: true,
    });
  });

  it("lets a lawyer take a case in charge: who and when on the case, audited; a second lawyer gets a 409 naming who has it", async () => {
    const id = await submit(MINOR_SEXUAL);
    // Not hers: a client does not even learn that it exists.
    expect((await call(client, `/practices/${id}/assignment`, "POST")).status).toBe(404);

    const taken = await call<PracticeDetail>(lawyer, `/practices/${id}/assignment`, "POST");
    expect(taken.status).toBe(200);
    expect(taken.body.assignedLawyer).toMatchObject({ name: "Marco", lastname: "Rinaldi" });
    expect(Date.now() - Date.parse(taken.body.assignedAt ?? "")).toBeLessThan(60_000);
    // Taken: no longer "da esaminare subito", though a person still had to look at it.
    expect(taken.body).toMatchObject({ humanReview: true, urgent: false });
    expect(await audit(id, "practice.assignment.take")).toHaveLength(1);

    const again = await call<PracticeDetail>(lawyer, `/practices/${id}/assignment`, "POST");
    expect(again.status).toBe(200);
    expect(again.body.assignedAt).toBe(taken.body.assignedAt);
    const second = await call<Problem>(admin, `/practices/${id}/assignment`, "POST");
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(
      /^La pratica è già presa in carico da Avv\. Marco Rinaldi dal \d\d\/\d\d\/\d{4}\.$/,
    );

    const mine = await call<List>(lawyer, "/practices?assigned=mine");
    expect(mine.body.data.map((p) => p.practiceId)).toContain(id);
    for (const p of mine.body.data)
      expect(p.assignedLawyer).toMatchObject({ name: "Marco", lastname: "Rinaldi" });
    expect((await call<List>(admin, "/practices?assigned=mine")).body.total).toBe(0);
    const unassigned = await call<List>(lawyer, "/practices?assigned=unassigned");
    expect(unassigned.body.data.map((p) => p.practiceId)).not.toContain(id);
    expect(unassigned.body.data.every((p) => p.assignedLawyer === null)).toBe(true);
    expect((await call<List>(lawyer, "/practices?assigned=someone")).status).toBe(400);

    // Only the holder or an admin lets it go.
    expect((await call(client, `/practices/${id}/assignment`, "DELETE")).status).toBe(404);
    const released = await call<PracticeDetail>(admin, `/practices/${id}/assignment`, "DELETE");
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ assignedLawyer: null, assignedAt: null, urgent: true });
    expect(await audit(id, "practice.assignment.release")).toHaveLength(1);
    await call(admin, `/practices/${id}/assignment`, "POST");
    const colleague = await call<Problem>(lawyer, `/practices/${id}/assignment`, "DELETE");
    expect(colleague.status).toBe(403);
    expect(colleague.body.message).toContain("Avv. Chiara Conti");
  });

  it("gives staff a work queue: urgent, new and waiting for an answer, oldest first; clients get 403", async () => {
    const urgentId = await submit(MINOR_SEXUAL);
    const queue = await call<PracticeQueue>(lawyer, "/practices/queue");
    expect(queue.status).toBe(200);
    const created = (l: { data: PracticeSummary[] }) => l.data.map((p) => p.createdAt);
    for (const section of [queue.body.urgent, queue.body.new]) {
      expect(created(section)).toEqual([...created(section)].sort());
    }
    expect(queue.body.urgent.data.every((p) => p.urgent)).toBe(true);
    expect(queue.body.urgent.data.map((p) => p.practiceId)).toContain(urgentId);
    expect(queue.body.new.data.every((p) => !p.urgent && !p.assignedLawyer && p.status !== "CLOSED")).toBe(
      true,
    );
    expect((await call(client, "/practices/queue")).status).toBe(403);
    expect((await call(lawyer, "/practices/queue?limit=500")).status).toBe(400);

    // The client writes: the case waits for an answer; the lawyer answers: it no longer does.
    const [own] = await s.handle.db.select().from(practices).where(eq(practices.ticketCode, "AR-DEMO0001"));
    const ownId = own?.id ?? "";
    const waitingIds = async () =>
      (await call<PracticeQueue>(lawyer, "/practices/queue")).body.waiting.data.map((p) => p.practiceId);
    expect(await waitingIds()).not.toContain(ownId);
    await call(client, `/practices/${ownId}/comments`, "POST", { comment: "Mi ha scritto di nuovo." });
    const waiting = await call<List>(lawyer, "/practices?waiting=true");
    const since = waiting.body.data.find((p) => p.practiceId === ownId)?.awaitingReplySince;
    expect(since).toBeTruthy();
    await call(client, `/practices/${ownId}/comments`, "POST", { comment: "E anche stamattina." });
    const still = await call<List>(lawyer, "/practices?waiting=true");
    expect(still.body.data.find((p) => p.practiceId === ownId)?.awaitingReplySince).toBe(since);
    expect(await waitingIds()).toContain(ownId);
    await call(lawyer, `/practices/${ownId}/comments`, "POST", { comment: "Ricevuto, ci pensiamo noi." });
    expect(await waitingIds()).not.toContain(ownId);
  });

  if (kind === "postgres") {
    it("lets only one of two lawyers taking the same case at the same instant have it", async () => {
      for (let round = 0; round < 5; round++) {
        const id = await submit(MINOR_SEXUAL);
        const results = await Promise.all([
          call<PracticeDetail>(lawyer, `/practices/${id}/assignment`, "POST"),
          call<PracticeDetail>(admin, `/practices/${id}/assignment`, "POST"),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
        // The loser is told who won, and the case stays with the winner.
        const winner = results.find((r) => r.status === 200)?.body.assignedLawyer;
        const loser = results.find((r) => r.status === 409)?.body as unknown as Problem;
        expect(loser.message).toContain(`Avv. ${winner?.name} ${winner?.lastname}`);
        expect((await call<PracticeDetail>(lawyer, `/practices/${id}`)).body.assignedLawyer).toEqual(winner);
        expect(await audit(id, "practice.assignment.take")).toHaveLength(1);
      }
    });
  }
});
