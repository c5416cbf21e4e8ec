import type { PracticeDetail, PracticeSummary } from "@argine/core/practices/practices-api";
import { auditLog, practices } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  startIdentityServer,
} from "../../../../test/identity.ts";
import { jobsSettled } from "../../../../test/jobs.ts";

describe.each(testDbKinds())("practices on %s", (kind) => {
  let s: IdentityServer;
  let client = "";
  let lawyer = "";
  beforeAll(async () => {
    s = await startIdentityServer(kind);
    ({ client, lawyer } = await demoTokens(s));
  });
  afterAll(() => s.close());

  const call = <T>(token: string, path: string, method = "GET", body?: unknown) =>
    apiCaller(s)<T>(token, path, method, body);
  type List = { total: number; data: PracticeSummary[] };

  /** A practice opened by the questionnaire and claimed by the demo client: PENDING, with answers. */
  const newClaimedPractice = async () => {
    const created = await fetch(`${s.base}/v1/feedback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        answers: { category: "DEFAMATION", firstEventDate: "2026-11-01", lastEventDate: "2026-11-02" },
        statementOfTruth: true,
        privacyAccepted: true,
      }),
    });
    const { practiceId, claimToken } = (await created.json()) as { practiceId: string; claimToken: string };
    await call(client, `/practices/${practiceId}/user`, "PATCH", { claimToken });
    return practiceId;
  };

  it("shows a client only their own practices, with total and data", async () => {
    const { body } = await call<List>(client, "/practices");
    expect(body.data.map((p) => p.ticketCode).sort()).toEqual([
      "AR-DEMO0001",
      "AR-DEMO0002",
      "AR-DEMO0004",
      "AR-DEMO0006",
    ]);
    expect(body.total).toBe(4);
    const named = body.data.find((p) => p.ticketCode === "AR-DEMO0001");
    expect(named?.client).toEqual({ name: "Giulia", lastname: "Esposito" });
  });

  it("lets staff search by client name and by practice number, filter anonymous ones, and page", async () => {
    const byName = await call<List>(lawyer, "/practices?q=esposito");
    expect(byName.body.data.map((p) => p.ticketCode).sort()).toEqual([
      "AR-DEMO0001",
      "AR-DEMO0002",
      "AR-DEMO0006",
    ]);
    const byFullName = await call<List>(lawyer, "/practices?q=Giulia%20Esposito");
    expect(byFullName.body.total).toBe(3);
    const byNumber = await call<List>(lawyer, "/practices?q=demo0002");
    expect(byNumber.body.data.map((p) => p.ticketCode)).toEqual(["AR-DEMO0002"]);
    const anonymous = await call<List>(lawyer, "/practices?anonymous=true");
    expect(anonymous.body.data.map((p) => p.ticketCode).sort()).toEqual(["AR-DEMO0003", "AR-DEMO0004"]);
    expect(anonymous.body.data.map((p) => p.client)).toEqual([null, null]);
    const page = await call<List>(lawyer, "/practices?pageSize=1&page=2");
    expect(page.body.data).toHaveLength(1);
    expect(page.body.total).toBe(6);
    const bad = await call<{ message: string }>(lawyer, "/practices?pageSize=1000");
    expect(bad.status).toBe(400);
  });

  it("keeps other clients' practices invisible, and logs every staff read", async () => {
    const [anon] = await s.handle.db.select().from(practices).where(eq(practices.ticketCode, "AR-DEMO0003"));
    expect((await call(client, `/practices/${anon?.id}`)).status).toBe(404);
    const seen = await call<PracticeDetail>(lawyer, `/practices/${anon?.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.client).toBeNull();
    const trail = await s.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resourceId, anon?.id ?? ""));
    expect(trail.map((t) => t.action)).toContain("practice.read");
  });

  it("lets the owner close a practice, not reopen it; staff reopen it", async () => {
    const [p] = await s.handle.db.select().from(practices).where(eq(practices.ticketCode, "AR-DEMO0002"));
    const closed = await call<PracticeDetail>(client, `/practices/${p?.id}/status`, "PATCH", {
      status: "CLOSED",
    });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe("CLOSED");
    const reopen = await call<{ message: string }>(client, `/practices/${p?.id}/status`, "PATCH", {
      status: "OPEN",
    });
    expect(reopen.status).toBe(409);
    expect(reopen.body.message).toContain("contatta il team");
    const staff = await call<PracticeDetail>(lawyer, `/practices/${p?.id}/status`, "PATCH", {
      status: "OPEN",
    });
    expect(staff.body.status).toBe("OPEN");
  });

  it("lets staff change the services a practice can buy", async () => {
    const [p] = await s.handle.db.select().from(practices).where(eq(practices.ticketCode, "AR-DEMO0001"));
    const flags = {
      serviceTakedownActive: false,
      serviceLegalizationActive: true,
      serviceInjuctionActive: false,
      serviceAdviceActive: true,
    };
    expect((await call(client, `/practices/${p?.id}/services-active`, "PATCH", flags)).status).toBe(403);
    const changed = await call<PracticeDetail>(lawyer, `/practices/${p?.id}/services-active`, "PATCH", flags);
    expect(changed.body).toMatchObject(flags);
  });

  it("keeps a conversation in comments: the client writes, the lawyer reads and answers, each edits only their own", async () => {
    const [p] = await s.handle.db.select().from(practices).where(eq(practices.ticketCode, "AR-DEMO0001"));
    const added = await call<{ id: string; comment: string; author: string }>(
      client,
      `/practices/${p?.id}/comments`,
      "POST",
      {
        comment: "Ho ricevuto un altro messaggio ieri sera.",
      },
    );
    expect(added.status).toBe(201);
    expect(added.body.author).toBe("Giulia Esposito");
    const seen = await call<{ comment: string }[]>(lawyer, `/practices/${p?.id}/comments`);
    expect(seen.body.map((c) => c.comment)).toContain("Ho ricevuto un altro messaggio ieri sera.");
    expect((await call(lawyer, `/comments/${added.body.id}`, "PUT", { comment: "cambiato" })).status).toBe(
      403,
    );
    const edited = await call<{ comment: string }>(client, `/comments/${added.body.id}`, "PUT", {
      comment: "Corretto",
    });
    expect(edited.body.comment).toBe("Corretto");
    const empty = await call<{ message: string }>(client, `/practices/${p?.id}/comments`, "POST", {
      comment: "  ",
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Campo Obbligatorio");
  });

  it("gives the owner the questionnaire answers and a feedback link to open", async () => {
    const practiceId = await newClaimedPractice();
    const questions = await call<Record<string, unknown>>(client, `/practices/${practiceId}/questions`);
    expect(questions.body).toMatchObject({ category: "DEFAMATION", lastEventDate: "2026-11-02" });
    const link = await call<{ link: string }>(client, `/practices/${practiceId}/feedback-link`);
    expect(link.body.link).toBe(`${s.base}/v1/practices/${practiceId}/feedback.pdf`);
  });

  it("never finds an anonymous practice by its client's name, only by its number", async () => {
    await s.handle.db
      .update(practices)
      .set({ anonymous: true })
      .where(eq(practices.ticketCode, "AR-DEMO0001"));
    try {
      const byName = await call<List>(lawyer, "/practices?q=esposito");
      expect(byName.body.data.map((p) => p.ticketCode)).not.toContain("AR-DEMO0001");
      const byNumber = await call<List>(lawyer, "/practices?q=DEMO0001");
      expect(byNumber.body.data.map((p) => [p.ticketCode, p.client])).toEqual([["AR-DEMO0001", null]]);
      const [row] = await s.handle.db.select().from(practices).where(eq(practices.ticketCode, "AR-DEMO0001"));
      const seen = await call<PracticeDetail>(lawyer, `/practices/${row?.id}`);
      expect(seen.body.client).toBeNull();
    } finally {
      await s.handle.db
        .update(practices)
        .set({ anonymous: false })
        .where(eq(practices.ticketCode, "AR-DEMO0001"));
    }
  });

  it("finds the client's own case by its exact ticket code, with the client's data on the detail", async () => {
    const mine = await call<List>(client, "/practices?ticketCode=AR-DEMO0001");
    expect(mine.body.data.map((p) => p.ticketCode)).toEqual(["AR-DEMO0001"]);
    const notMine = await call<List>(client, "/practices?ticketCode=AR-DEMO0003");
    expect(notMine.body).toEqual({ total: 0, totalCapped: false, data: [] });
    const id = mine.body.data[0]?.practiceId;
    const detail = await call<PracticeDetail>(lawyer, `/practices/${id}`);
    expect(detail.body.client).toMatchObject({
      name: "Giulia",
      lastname: "Esposito",
      email: "cliente@demo.argine.it",
    });
    expect(detail.body.services.map((sv) => sv.serviceType).sort()).toEqual(["LEGALIZATION", "TAKEDOWN"]);
  });

  it("lets staff set the evaluation and the advice price, which the client then reads", async () => {
    const [p] = await s.handle.db.select().from(practices).where(eq(practices.ticketCode, "AR-DEMO0001"));
    const id = p?.id ?? "";
    const evaluated = await call<PracticeDetail>(lawyer, `/practices/${id}/evaluation`, "PATCH", {
      evaluation: "WITHRESERVE",
    });
    expect(evaluated.body.evaluation).toBe("WITHRESERVE");
    expect((await call(client, `/practices/${id}/evaluation`, "PATCH", { evaluation: "VALID" })).status).toBe(
      403,
    );
    expect((await call(lawyer, `/practices/${id}/evaluation`, "PATCH", { evaluation: "MAYBE" })).status).toBe(
      400,
    );

    expect((await call(client, `/practices/${id}/customService`)).body).toEqual({
      code: "ADVICE",
      price: null,
      discountedPrice: null,
    });
    const priced = await call<PracticeDetail>(lawyer, `/practices/${id}/customService`, "PUT", {
      price: 89.9,
    });
    expect(priced.body.advicePrice).toBe(89.9);
    expect((await call(client, `/practices/${id}/customService`)).body).toEqual({
      code: "ADVICE",
      price: 89.9,
      discountedPrice: 89.9,
    });
    const tooPrecise = await call<{ message: string }>(lawyer, `/practices/${id}/customService`, "PUT", {
      price: 10.001,
    });
    expect(tooPrecise.status).toBe(400);
    expect(tooPrecise.body.message).toBe("Il numero inserito non è valido");
    await call(lawyer, `/practices/${id}/customService`, "PUT", { price: null });
    expect((await call<{ price: null }>(client, `/practices/${id}/customService`)).body.price).toBeNull();
  });

  it("lets a lawyer email the client: the mail leaves and stays on the practice", async () => {
    const [p] = await s.handle.db.select().from(practices).where(eq(practices.ticketCode, "AR-DEMO0001"));
    const id = p?.id ?? "";
    const sent = await call<{ subject: string; sender: string }>(lawyer, `/practices/${id}/emails`, "POST", {
      subject: "Documenti per la diffida",
      body: "Buongiorno, ci servono gli screenshot dei messaggi.",
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ subject: "Documenti per la diffida", sender: "Marco Rinaldi" });
    await jobsSettled(s.handle.db);
    const mail = s.mailer.sent.at(-1);
    expect(mail?.to).toBe("cliente@demo.argine.it");
    // A notice with the link: the lawyer's words stay behind the sign-in (ADR 038).
    expect(mail?.subject).toBe("C'è un nuovo messaggio sulla tua pratica");
    expect(mail?.text).not.toContain("ci servono gli screenshot");
    expect(mail?.text).toContain("/dashboard/practices/case/AR-DEMO0001");
    const log = await call<{ subject: string }[]>(client, `/practices/${id}/emails`);
    expect(log.body.map((m) => m.subject)).toEqual(["Documenti per la diffida"]);
    expect((await call(client, `/practices/${id}/emails`, "POST", { subject: "x", body: "y" })).status).toBe(
      403,
    );
    const empty = await call<{ message: string }>(lawyer, `/practices/${id}/emails`, "POST", {
      subject: "",
      body: "y",
    });
    expect(empty.body.message).toBe("Campo Obbligatorio");

    const [unowned] = await s.handle.db
      .select()
      .from(practices)
      .where(eq(practices.ticketCode, "AR-DEMO0003"));
    const nobody = await call<{ message: string }>(lawyer, `/practices/${unowned?.id}/emails`, "POST", {
      subject: "Ciao",
      body: "Ci sei?",
    });
    expect(nobody.status).toBe(409);
  });

  it("lets the owner delete a practice only while it is in attesa", async () => {
    const practiceId = await newClaimedPractice();
    expect((await call(lawyer, `/practices/${practiceId}`, "DELETE")).status).toBe(403);
    const res = await fetch(`${s.base}/v1/practices/${practiceId}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${client}` },
    });
    expect(res.status).toBe(204);
    expect((await call(client, `/practices/${practiceId}`)).status).toBe(404);

    const [toPay] = await s.handle.db.select().from(practices).where(eq(practices.ticketCode, "AR-DEMO0002"));
    const refused = await call<{ message: string }>(client, `/practices/${toPay?.id}`, "DELETE");
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("solo una pratica in attesa");
  });
});
